import TOMLKit

extension WorkspaceConfig {
    /// Reads `closebook.toml` text. `path` is used in error messages only.
    ///
    /// Unknown keys are errors (a typo such as `opening_balanc` must not be silently ignored).
    /// Line ends may be LF, CR LF or CR, and a byte order mark may start the file (`TextLines`).
    public static func parse(_ text: String, path: String) throws(ConfigError) -> WorkspaceConfig {
        let text = TextLines.normalised(text)
        if let problem = TOMLHeaderCheck.check(text) {
            throw ConfigError(path: path, line: problem.line, column: problem.column, message: problem.message)
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                path: path, line: error.source.begin.line, column: error.source.begin.column,
                message: error.description)
        } catch {
            throw ConfigError(path: path, line: 1, column: 1, message: "\(error)")
        }
        let locator = TOMLKeyLocator(text: text)
        var reader = TOMLConfigReader(path: path, locator: locator)
        return try reader.read(table)
    }
}

/// Turns a parsed TOML table into a `WorkspaceConfig`, reporting each mistake at its line.
struct TOMLConfigReader {
    let path: String
    let locator: TOMLKeyLocator

    func fail(_ table: String, _ key: String?, _ message: String) -> ConfigError {
        ConfigError(path: path, line: locator.line(table: table, key: key), column: 1, message: message)
    }

    mutating func read(_ root: TOMLTable) throws(ConfigError) -> WorkspaceConfig {
        var config = WorkspaceConfig()
        for key in root.keys.sorted() {
            guard let value = root[key] else { continue }
            switch key {
            case "base_currency":
                guard let code = value.string, let currency = Currency(isoCode: code) else {
                    throw fail(
                        "", key,
                        "'base_currency' must be an ISO 4217 code such as \"EUR\"\(value.string.map { " ('\($0)' is not one)" } ?? "")"
                    )
                }
                config.baseCurrency = currency
            case "accounts":
                guard let array = value.array else {
                    throw fail("", key, "'accounts' must be written as [[accounts]] tables")
                }
                for index in 0..<array.count {
                    guard let table = array[index].table else {
                        throw fail("accounts#\(index)", nil, "each [[accounts]] entry must be a table")
                    }
                    config.accounts.append(try readAccount(table, index: index))
                }
            case "budgets":
                guard let table = value.table else { throw fail("", key, "'budgets' must be a [budgets] table") }
                for category in table.keys.sorted() {
                    guard let path = CategoryPath(category) else {
                        throw fail("budgets", category, "'\(category)' is not a category such as \"Food:Groceries\"")
                    }
                    var period = BudgetPeriod.monthly
                    var written = table[category]?.string
                    if let inline = table[category]?.table {
                        // `{ yearly = "600.00" }`: one period and its amount.
                        let keys = inline.keys.sorted()
                        guard keys.count == 1, let key = keys.first, let named = BudgetPeriod(rawValue: key),
                            let text = inline[key]?.string
                        else {
                            throw fail(
                                "budgets", category,
                                "budget for '\(category)' must be one period and a quoted amount, such as { yearly = \"600.00\" } (monthly, quarterly or yearly)"
                            )
                        }
                        period = named
                        written = text
                    }
                    guard let text = written else {
                        throw fail(
                            "budgets", category,
                            "budget for '\(category)' must be a quoted amount such as \"400.00\" or { yearly = \"600.00\" }"
                        )
                    }
                    if period != .monthly { config.budgetPeriods[path] = period }
                    let currency = config.baseCurrency ?? .eur
                    do {
                        config.budgets[path] = try Money.parse(text, currency: currency)
                    } catch {
                        throw fail("budgets", category, "budget for '\(category)': \(error)")
                    }
                }
            case "allow_links_outside_workspace":
                guard let flag = value.bool else {
                    throw fail("", key, "'allow_links_outside_workspace' must be true or false")
                }
                config.allowsLinksOutsideWorkspace = flag
            case "categorize":
                guard let table = value.table else { throw fail("", key, "'categorize' must be a [categorize] table") }
                config.categorize = try readCategorize(table)
            case "plan":
                guard let table = value.table else { throw fail("", key, "'plan' must be a [plan] table") }
                config.plan = try readPlan(table, base: config.baseCurrency)
            case "goals":
                guard let array = value.array else {
                    throw fail("", key, "'goals' must be written as [[goals]] tables")
                }
                config.goals = try readGoals(array, base: config.baseCurrency)
            case "publish":
                guard let table = value.table else { throw fail("", key, "'publish' must be a [publish] table") }
                config.publish = try readPublish(table)
            case "close":
                guard let table = value.table else { throw fail("", key, "'close' must be a [close] table") }
                for name in table.keys.sorted() {
                    guard name == "lock" else { throw fail("close", name, "unknown key '\(name)' (expected lock)") }
                    guard let flag = table[name]?.bool else {
                        throw fail("close", name, "'lock' must be true or false")
                    }
                    config.close.lock = flag
                }
            case "export":
                guard let table = value.table else { throw fail("", key, "'export' must be an [export] table") }
                config.export = try readExport(table)
            case "insights":
                guard let table = value.table else { throw fail("", key, "'insights' must be an [insights] table") }
                for name in table.keys.sorted() {
                    guard name == "intended_pairs" else {
                        throw fail("insights", name, "unknown key '\(name)' (expected intended_pairs)")
                    }
                    let message =
                        "'intended_pairs' must be a list of pairs of payee names, such as "
                        + "[[\"Netflix\", \"Netflix Kids\"]]"
                    guard let pairs = table[name]?.array else { throw fail("insights", name, message) }
                    for index in 0..<pairs.count {
                        guard let pair = pairs[index].array, pair.count == 2, let a = pair[0].string,
                            let b = pair[1].string, !a.isEmpty, !b.isEmpty
                        else { throw fail("insights", name, message) }
                        config.intendedPairs.append([a, b])
                    }
                }
            default:
                throw fail(
                    "", key,
                    "unknown key '\(key)' (expected base_currency, accounts, budgets, categorize, plan, goals, publish, close, export, insights or allow_links_outside_workspace)"
                )
            }
        }
        // Budgets were parsed before base_currency may have been read (keys are sorted); re-tag them.
        if let base = config.baseCurrency {
            config.budgets = config.budgets.mapValues { Money(minorUnits: $0.minorUnits, currency: base) }
        }
        var seen: Set<AccountID> = []
        for (index, account) in config.accounts.enumerated() where !seen.insert(account.id).inserted {
            throw fail("accounts#\(index)", "id", "account id '\(account.id)' is used twice")
        }
        try checkExternalIDs(config.accounts, tables: root["accounts"]?.array)
        return config
    }

    /// An account number in two accounts would send one bank's statements to the other's
    /// account, where same-id de-duplication drops them: one value (or two that a statement could
    /// both match) in two accounts is an error at the second.
    func checkExternalIDs(_ accounts: [AccountConfig], tables: TOMLArray?) throws(ConfigError) {
        var earlier: [(account: AccountID, value: ExternalAccountID)] = []
        for (index, account) in accounts.enumerated() {
            let table = tables.flatMap { index < $0.count ? $0[index].table : nil }
            let ofxTexts = Set(TOMLConfigReader.texts(table?["ofx_account_ids"]))
            for text in account.externalIDs {
                let key = ofxTexts.contains(text) ? "ofx_account_ids" : "external_ids"
                let value: ExternalAccountID
                do {
                    value = try ExternalAccountID(parsing: text)
                } catch {
                    throw fail("accounts#\(index)", key, "\(key) value \(error.message)")
                }
                if let other = earlier.first(where: { $0.account != account.id && $0.value.overlaps(value) }) {
                    throw fail(
                        "accounts#\(index)", key,
                        "\(key) value '\(text)' of account '\(account.id)' also matches '\(other.value.text)' of account '\(other.account)'; one account number must belong to one account (add ';bank=BANKID' or ';type=ACCTTYPE' to tell two banks' accounts apart)"
                    )
                }
                earlier.append((account.id, value))
            }
        }
    }

    /// The strings of a string or array-of-strings value (others are reported by `readAccount`).
    static func texts(_ value: (any TOMLValueConvertible)?) -> [String] {
        guard let value else { return [] }
        if let text = value.string { return [text] }
        guard let array = value.array else { return [] }
        return (0..<array.count).compactMap { array[$0].string }
    }

    func readAccount(_ table: TOMLTable, index: Int) throws(ConfigError) -> AccountConfig {
        let name = "accounts#\(index)"
        func string(_ key: String) throws(ConfigError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else { throw fail(name, key, "'\(key)' must be a quoted string") }
            return text
        }
        func strings(_ key: String) throws(ConfigError) -> [String] {
            guard let value = table[key] else { return [] }
            if let text = value.string { return [text] }
            guard let array = value.array else { throw fail(name, key, "'\(key)' must be a list of strings") }
            var result: [String] = []
            for i in 0..<array.count {
                guard let text = array[i].string else { throw fail(name, key, "'\(key)' must be a list of strings") }
                result.append(text)
            }
            return result
        }
        let known: Set = [
            "id", "name", "type", "currency", "inbox", "ofx_account_ids", "external_ids", "profile", "date_order",
            "sign", "opening_balance", "opening_date", "closed",
        ]
        for key in table.keys.sorted() where !known.contains(key) {
            throw fail(
                name, key, "unknown account key '\(key)' (expected one of \(known.sorted().joined(separator: ", ")))")
        }
        guard let id = try string("id"), !id.isEmpty else {
            throw fail(name, "id", "every [[accounts]] entry needs an 'id'")
        }
        var account = AccountConfig(
            id: AccountID(id), name: try string("name") ?? id, line: locator.line(table: name, key: nil))
        if let type = try string("type") {
            guard let kind = AccountKind(rawValue: type) else {
                let kinds = AccountKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail(name, "type", "account type '\(type)' is not one of \(kinds)")
            }
            account.kind = kind
        }
        if let code = try string("currency") {
            guard let currency = Currency(isoCode: code) else {
                throw fail(name, "currency", "'\(code)' is not an ISO 4217 currency code (such as \"EUR\" or \"GBP\")")
            }
            account.currency = currency
        }
        account.inbox = try strings("inbox")
        account.inboxLine = locator.line(table: name, key: "inbox")
        account.externalIDs = try strings("ofx_account_ids") + strings("external_ids")
        account.profile = try string("profile")
        if let order = try string("date_order") {
            guard let value = DateOrder(rawValue: order) else {
                throw fail(name, "date_order", "date_order '\(order)' must be \"dmy\", \"mdy\" or \"ymd\"")
            }
            account.dateOrder = value
        }
        if let text = try string("sign") {
            guard let sign = AmountSign(rawValue: text) else {
                throw fail(name, "sign", "sign '\(text)' must be \"as-written\" or \"inverted\"")
            }
            account.sign = sign
        }
        if let text = try string("opening_balance") {
            do {
                account.openingBalance = try Money.parse(text, currency: account.currency ?? .eur)
            } catch {
                throw fail(name, "opening_balance", "opening_balance '\(text)': \(error)")
            }
        }
        if let text = try string("opening_date") {
            guard let date = CivilDate(iso: text) else {
                throw fail(name, "opening_date", "opening_date '\(text)' is not a date in YYYY-MM-DD form")
            }
            account.openingDate = date
        }
        if let text = try string("closed") {
            guard let date = CivilDate(iso: text) else {
                throw fail(name, "closed", "closed '\(text)' is not a date in YYYY-MM-DD form")
            }
            account.closed = date
        }
        return account
    }

    func readCategorize(_ table: TOMLTable) throws(ConfigError) -> CategorizeSettings {
        var settings = CategorizeSettings()
        for key in table.keys.sorted() {
            switch key {
            case "learned_threshold":
                guard let value = table[key]?.double ?? table[key]?.int.map(Double.init), (0...1).contains(value) else {
                    throw fail("categorize", key, "'learned_threshold' must be a number from 0 to 1")
                }
                settings.learnedThreshold = value
            case "transfer_window_days":
                guard let value = table[key]?.int, (0...60).contains(value) else {
                    throw fail("categorize", key, "'transfer_window_days' must be a whole number from 0 to 60")
                }
                settings.transferWindowDays = value
            case "starter":
                guard let flag = table[key]?.bool else {
                    throw fail("categorize", key, "'starter' must be true or false")
                }
                settings.usesStarterRules = flag
            case "transfer_pairs":
                let message =
                    "'transfer_pairs' must be a list of pairs of transaction ids, such as "
                    + "[[\"current/f5c1d4b3cc9be745-0\", \"euro/TG20260721001\"]]"
                guard let pairs = table[key]?.array else { throw fail("categorize", key, message) }
                for index in 0..<pairs.count {
                    guard let pair = pairs[index].array, pair.count == 2, let a = pair[0].string,
                        let b = pair[1].string, !a.isEmpty, !b.isEmpty, a != b
                    else { throw fail("categorize", key, message) }
                    settings.transferPairs.append([TransactionID(a), TransactionID(b)])
                }
            default:
                throw fail(
                    "categorize", key,
                    "unknown key '\(key)' (expected learned_threshold, starter, transfer_pairs or transfer_window_days)"
                )
            }
        }
        return settings
    }

    func readPublish(_ table: TOMLTable) throws(ConfigError) -> PublishSettings {
        var settings = PublishSettings()
        for key in table.keys.sorted() {
            switch key {
            case "redact":
                guard let flag = table[key]?.bool else { throw fail("publish", key, "'redact' must be true or false") }
                settings.redact = flag
            default:
                throw fail("publish", key, "unknown key '\(key)' (expected redact)")
            }
        }
        return settings
    }

    func readExport(_ table: TOMLTable) throws(ConfigError) -> ExportSettings {
        var settings = ExportSettings()
        let known = ExportFormat.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        for key in table.keys.sorted() {
            switch key {
            case "formats":
                guard let array = table[key]?.array else {
                    throw fail("export", key, "'formats' must be a list such as [\"journal\", \"beancount\"]")
                }
                for index in 0..<array.count {
                    guard let name = array[index].string, let format = ExportFormat(rawValue: name) else {
                        let shown = array[index].string.map { "'\($0)'" } ?? "a value that is not a string"
                        throw fail("export", key, "export format \(shown) is not one of \(known)")
                    }
                    if !settings.formats.contains(format) { settings.formats.append(format) }
                }
            default:
                throw fail("export", key, "unknown key '\(key)' (expected formats)")
            }
        }
        return settings
    }
}
