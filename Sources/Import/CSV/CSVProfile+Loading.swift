import Foundation
import Ledger
import TOMLKit

extension CSVProfile {
    /// Loads one profile file. Its id is the file name without `.toml`.
    public static func load(path: String) throws(CSVProfileError) -> CSVProfile {
        let bytes: [UInt8]
        do {
            bytes = try FileOutput.read(path)
        } catch {
            throw CSVProfileError(path: path, line: 1, column: 1, message: error.reason)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CSVProfileError(path: path, line: 1, column: 1, message: "a profile must be UTF-8 text")
        }
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let id = fileName.hasSuffix(".toml") ? String(fileName.dropLast(5)) : fileName
        return try parse(text, id: id, path: path)
    }

    /// Loads every `*.toml` of each folder, in file-name order. A folder that does not exist is
    /// skipped (a workspace without `importers/`); a later folder's profile replaces an earlier
    /// one with the same id, so a workspace can override a shipped profile.
    public static func loadAll(directories: [String]) throws(CSVProfileError) -> [CSVProfile] {
        var profiles: [CSVProfile] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw CSVProfileError(path: directory, line: 1, column: 1, message: "cannot list the folder")
            }
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            for name in names.sorted() where name.hasSuffix(".toml") && !name.hasPrefix(".") {
                let profile = try load(path: prefix + name)
                profiles.removeAll { $0.id == profile.id }
                profiles.append(profile)
            }
        }
        return profiles
    }

    /// Reads profile text; `path` is used in messages only.
    /// Line ends may be LF, CR LF or CR, and a byte order mark may start the file (`TextLines`).
    public static func parse(_ text: String, id: String, path: String) throws(CSVProfileError) -> CSVProfile {
        let text = TextLines.normalised(text)
        if let problem = TOMLHeaderCheck.check(text) {
            throw CSVProfileError(path: path, line: problem.line, column: problem.column, message: problem.message)
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw CSVProfileError(
                path: path, line: error.source.begin.line, column: error.source.begin.column,
                message: error.description)
        } catch {
            throw CSVProfileError(path: path, line: 1, column: 1, message: "\(error)")
        }
        let reader = ProfileTableReader(path: path, positions: TOMLKeyPositions(text: text))
        return try reader.read(table, id: id)
    }
}

/// Turns a parsed TOML table into a `CSVProfile`, reporting each mistake at its key.
struct ProfileTableReader {
    let path: String
    let positions: TOMLKeyPositions

    func fail(_ table: String, _ key: String?, _ message: String) -> CSVProfileError {
        let place = positions.position(table: table, key: key)
        return CSVProfileError(path: path, line: place.line, column: place.column, message: message)
    }

    /// `[amount] column` or `name` for messages.
    func label(_ table: String, _ key: String) -> String {
        let shown = table.split(separator: "#").first.map(String.init) ?? table
        return shown.isEmpty ? "'\(key)'" : "'\(key)' in [\(shown)]"
    }

    func checkKeys(_ table: TOMLTable, _ name: String, _ known: [String]) throws(CSVProfileError) {
        for key in table.keys.sorted() where !known.contains(key) {
            let shown = name.split(separator: "#").first.map(String.init) ?? name
            let place = shown.isEmpty ? "at the top level" : "in [\(shown)]"
            throw fail(name, key, "unknown key '\(key)' \(place) (expected one of \(known.joined(separator: ", ")))")
        }
    }

    func string(_ table: TOMLTable, _ name: String, _ key: String) throws(CSVProfileError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw fail(name, key, "\(label(name, key)) must be a quoted string") }
        return text
    }

    func bool(_ table: TOMLTable, _ name: String, _ key: String) throws(CSVProfileError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else { throw fail(name, key, "\(label(name, key)) must be true or false") }
        return flag
    }

    func strings(_ table: TOMLTable, _ name: String, _ key: String) throws(CSVProfileError) -> [String]? {
        guard let value = table[key] else { return nil }
        if let text = value.string { return [text] }
        guard let array = value.array else {
            throw fail(name, key, "\(label(name, key)) must be a list of quoted strings")
        }
        var result: [String] = []
        for index in 0..<array.count {
            guard let text = array[index].string else {
                throw fail(name, key, "\(label(name, key)) must be a list of quoted strings")
            }
            result.append(text)
        }
        return result
    }

    func column(
        _ table: TOMLTable, _ name: String, _ key: String, header: Bool
    ) throws(CSVProfileError)
        -> CSVProfile.ColumnRef?
    {
        guard let value = table[key] else { return nil }
        return try column(value, name, key, header: header)
    }

    func column(
        _ value: any TOMLValueConvertible, _ name: String, _ key: String, header: Bool
    ) throws(CSVProfileError)
        -> CSVProfile.ColumnRef
    {
        if let number = value.int {
            guard number >= 1 else { throw fail(name, key, "\(label(name, key)): columns are numbered from 1") }
            return .number(number)
        }
        if let text = value.string, !text.isEmpty {
            guard header else {
                throw fail(
                    name, key,
                    "\(label(name, key)) names the column '\(text)', but this profile has header = false; use its number"
                )
            }
            return .name(text)
        }
        throw fail(name, key, "\(label(name, key)) must be a column name (\"Date\") or number (1)")
    }

    func textSource(
        _ table: TOMLTable, _ name: String, _ key: String, header: Bool
    ) throws(CSVProfileError)
        -> CSVProfile.TextSource?
    {
        guard let value = table[key] else { return nil }
        if let array = value.array {
            var columns: [CSVProfile.ColumnRef] = []
            for index in 0..<array.count { columns.append(try column(array[index], name, key, header: header)) }
            guard !columns.isEmpty else { throw fail(name, key, "\(label(name, key)) lists no columns") }
            return .joined(columns)
        }
        if let text = value.string, text.contains("{") {
            let template: TextTemplate
            do {
                template = try TextTemplate(text)
            } catch {
                throw fail(name, key, "\(label(name, key)): \(error.message)")
            }
            if !header, let named = template.columns.first(where: { if case .name = $0 { true } else { false } }) {
                throw fail(
                    name, key,
                    "\(label(name, key)) names the column \(named), but this profile has header = false; use its number"
                )
            }
            return .template(template)
        }
        return .column(try column(value, name, key, header: header))
    }

    func dateFormat(_ text: String, _ name: String, _ key: String) throws(CSVProfileError) -> DateFormat {
        if text == "auto" { return .auto }
        do {
            return try DateFormat(text)
        } catch {
            throw fail(name, key, "\(label(name, key)): \(error.message)")
        }
    }

    func cellTest(_ table: TOMLTable, _ name: String, header: Bool) throws(CSVProfileError) -> CSVProfile.CellTest {
        guard let column = try column(table, name, "column", header: header) else {
            throw fail(name, nil, "each [[\(name.split(separator: "#")[0])]] needs a 'column'")
        }
        var found: [CSVProfile.CellTest] = []
        for kind in [CSVProfile.CellTest.Kind.equals, .startsWith, .contains] {
            if let values = try strings(table, name, kind.rawValue) {
                found.append(CSVProfile.CellTest(column: column, kind: kind, values: values))
            }
        }
        if let empty = try bool(table, name, "empty"), empty {
            found.append(CSVProfile.CellTest(column: column, kind: .empty, values: []))
        }
        guard found.count == 1 else {
            throw fail(
                name, "column",
                "each [[\(name.split(separator: "#")[0])]] needs exactly one of equals, starts_with, contains or empty = true"
            )
        }
        return found[0]
    }

    func read(_ root: TOMLTable, id: String) throws(CSVProfileError) -> CSVProfile {
        try checkKeys(
            root, "",
            [
                "name", "bank", "account_type", "source", "file", "columns", "amount", "statement", "text", "skip",
                "balance_row", "preamble",
            ])
        guard let bank = try string(root, "", "bank"), !bank.isEmpty else {
            throw fail("", nil, "missing 'bank' (the bank's name, reported as the institution)")
        }
        let name = try string(root, "", "name") ?? id

        // [file]
        let file = root["file"]?.table ?? TOMLTable()
        if root["file"] != nil && root["file"]?.table == nil { throw fail("", "file", "'file' must be a [file] table") }
        try checkKeys(
            file, "file", ["encoding", "delimiter", "header", "skip_lines", "signature", "file_names", "order"])
        let header = try bool(file, "file", "header") ?? true

        // [columns]
        guard let columns = root["columns"]?.table else {
            throw fail("", nil, "missing [columns] table (at least date and date_format)")
        }
        try checkKeys(
            columns, "columns",
            [
                "date", "date_format", "date_fallback", "payee", "payee_fallback", "memo", "type", "category",
                "check_number", "account", "account_name", "status", "pending_values", "balance", "balance_before",
            ])
        guard let date = try column(columns, "columns", "date", header: header) else {
            throw fail("columns", nil, "missing 'date' in [columns] (the column holding the booking date)")
        }
        guard let formatText = try string(columns, "columns", "date_format") else {
            throw fail("columns", nil, "missing 'date_format' in [columns] (for example \"%d/%m/%Y\", or \"auto\")")
        }
        let format = try dateFormat(formatText, "columns", "date_format")

        // [amount]
        guard let amountTable = root["amount"]?.table else {
            throw fail("", nil, "missing [amount] table (column, or debit and credit)")
        }
        try checkKeys(
            amountTable, "amount",
            [
                "column", "debit", "credit", "indicator", "debit_values", "credit_values", "sign", "decimal_mark",
                "grouping", "trailing_minus", "keep_zero", "currency", "currency_column", "fee_column",
            ])
        let amount = try amountLayout(amountTable, header: header)

        var profile = CSVProfile(
            id: id, path: path, name: name, bank: bank, date: date, dateFormat: format, amount: amount)
        if let kind = try string(root, "", "account_type") {
            guard let value = AccountKind(rawValue: kind) else {
                let kinds = AccountKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("", "account_type", "account_type '\(kind)' is not one of \(kinds)")
            }
            profile.accountKind = value
        }
        if let value = root["source"], value.string == nil, value.array == nil {
            throw fail("", "source", "'source' must be a quoted string or a list of them")
        }

        // [file] details
        if let encoding = try string(file, "file", "encoding") {
            if encoding.lowercased() != "auto" {
                guard let value = TextEncoding(name: encoding) else {
                    throw fail(
                        "file", "encoding",
                        "encoding '\(encoding)' is not known (use \(TextEncoding.acceptedNames))")
                }
                profile.encoding = value
            }
        }
        if let delimiter = try string(file, "file", "delimiter") {
            switch delimiter {
            case ",", ";", "|": profile.delimiter = delimiter.utf8.first
            case "\t", "tab": profile.delimiter = 0x09
            case "auto": profile.delimiter = nil
            default:
                throw fail(
                    "file", "delimiter", "delimiter '\(delimiter)' must be \",\", \";\", \"tab\", \"|\" or \"auto\"")
            }
        }
        profile.hasHeader = header
        if let value = file["skip_lines"] {
            guard let lines = value.int, lines >= 0 else {
                throw fail("file", "skip_lines", "'skip_lines' in [file] must be a whole number of lines, 0 or more")
            }
            profile.skipLines = lines
        }
        profile.signature = try strings(file, "file", "signature") ?? []
        if !header && !profile.signature.isEmpty {
            throw fail("file", "signature", "a profile with header = false cannot have a header signature")
        }
        profile.fileNames = try strings(file, "file", "file_names") ?? []
        if let order = try string(file, "file", "order") {
            guard let value = CSVProfile.RowOrder(rawValue: order) else {
                throw fail("file", "order", "order '\(order)' must be \"newest-first\" or \"oldest-first\"")
            }
            profile.order = value
        }

        // [columns] details
        profile.dateFallback = try column(columns, "columns", "date_fallback", header: header)
        profile.payee = try textSource(columns, "columns", "payee", header: header)
        if let fallback = columns["payee_fallback"], let array = fallback.array {
            for index in 0..<array.count {
                let ref = try column(array[index], "columns", "payee_fallback", header: header)
                profile.payeeFallback.append(.column(ref))
            }
        } else if let fallback = try textSource(columns, "columns", "payee_fallback", header: header) {
            profile.payeeFallback = [fallback]
        }
        profile.memo = try textSource(columns, "columns", "memo", header: header)
        profile.type = try textSource(columns, "columns", "type", header: header)
        profile.category = try textSource(columns, "columns", "category", header: header)
        profile.checkNumber = try textSource(columns, "columns", "check_number", header: header)
        profile.account = try textSource(columns, "columns", "account", header: header)
        profile.accountName = try textSource(columns, "columns", "account_name", header: header)
        profile.status = try column(columns, "columns", "status", header: header)
        profile.pendingValues = try strings(columns, "columns", "pending_values") ?? []
        profile.balance = try column(columns, "columns", "balance", header: header)
        profile.balanceBefore = try column(columns, "columns", "balance_before", header: header)
        if profile.balance != nil && profile.balanceBefore != nil {
            throw fail("columns", "balance_before", "give either 'balance' or 'balance_before' in [columns], not both")
        }

        // [amount] details
        try readAmountDetails(amountTable, into: &profile, header: header)

        // [statement]
        if let value = root["statement"] {
            guard let statement = value.table else {
                throw fail("", "statement", "'statement' must be a [statement] table")
            }
            try checkKeys(statement, "statement", ["opening_balance", "closing_balance"])
            profile.statementOpeningBalance = try column(statement, "statement", "opening_balance", header: header)
            profile.statementClosingBalance = try column(statement, "statement", "closing_balance", header: header)
        }

        // [text]
        if let value = root["text"] {
            guard let text = value.table else { throw fail("", "text", "'text' must be a [text] table") }
            try checkKeys(text, "text", ["join", "collapse_spaces", "trim", "join_continuation_rows"])
            profile.join = try string(text, "text", "join") ?? " "
            profile.collapseSpaces = try bool(text, "text", "collapse_spaces") ?? false
            profile.trimCharacters = try string(text, "text", "trim") ?? ""
            profile.joinContinuationRows = try bool(text, "text", "join_continuation_rows") ?? false
        }

        profile.skipRules = try rowRules(root, header: header)
        profile.balanceRows = try balanceRowRules(root, header: header)
        profile.preamble = try preambleFields(root)
        return profile
    }

    func amountLayout(_ table: TOMLTable, header: Bool) throws(CSVProfileError) -> CSVProfile.AmountLayout {
        let single = try column(table, "amount", "column", header: header)
        let debit = try column(table, "amount", "debit", header: header)
        let credit = try column(table, "amount", "credit", header: header)
        let indicator = try column(table, "amount", "indicator", header: header)
        switch (single, debit, credit, indicator) {
        case (let single?, nil, nil, nil):
            return .signed(single)
        case (let single?, nil, nil, let indicator?):
            guard let debitValues = try strings(table, "amount", "debit_values"),
                let creditValues = try strings(table, "amount", "credit_values")
            else {
                throw fail(
                    "amount", "indicator",
                    "'indicator' in [amount] needs debit_values and credit_values (for example [\"D\"] and [\"C\"])")
            }
            return .indicator(
                amount: single, indicator: indicator, debitValues: debitValues, creditValues: creditValues)
        case (nil, let debit?, let credit?, nil):
            return .debitCredit(debit: debit, credit: credit)
        case (nil, _?, nil, nil):
            throw fail("amount", "debit", "'debit' in [amount] needs a 'credit' column too (money in)")
        case (nil, nil, _?, nil):
            throw fail("amount", "credit", "'credit' in [amount] needs a 'debit' column too (money out)")
        case (nil, nil, nil, _):
            throw fail("amount", nil, "[amount] needs 'column' (one signed amount) or 'debit' and 'credit' columns")
        default:
            throw fail(
                "amount", single != nil ? "column" : "debit",
                "[amount] takes either 'column' (with an optional 'indicator') or both 'debit' and 'credit'")
        }
    }

    func readAmountDetails(_ table: TOMLTable, into profile: inout CSVProfile, header: Bool) throws(CSVProfileError) {
        if let sign = try string(table, "amount", "sign") {
            switch sign {
            case "normal": profile.invertSign = false
            case "inverted": profile.invertSign = true
            case "plus-is-money-in": profile.plusIsMoneyIn = true
            default:
                throw fail(
                    "amount", "sign", "sign '\(sign)' must be \"normal\", \"inverted\" or \"plus-is-money-in\"")
            }
        }
        var decimalMark = UInt8(ascii: ".")
        if let mark = try string(table, "amount", "decimal_mark") {
            guard mark == "." || mark == "," else {
                throw fail("amount", "decimal_mark", "decimal_mark '\(mark)' must be \".\" or \",\"")
            }
            decimalMark = mark.utf8.first!
        }
        var grouping: [UInt8] =
            decimalMark == UInt8(ascii: ".") ? [UInt8(ascii: ",")] : [UInt8(ascii: "."), 0x20]
        if let marks = try strings(table, "amount", "grouping") {
            grouping = []
            for mark in marks {
                switch mark {
                case ",", ".", "'", " ": grouping.append(mark.utf8.first!)
                case "space", "nbsp": grouping.append(0x20)
                default:
                    throw fail(
                        "amount", "grouping", "grouping mark '\(mark)' must be \",\", \".\", \"'\" or \" \" (space)")
                }
            }
            if grouping.contains(decimalMark) {
                throw fail("amount", "grouping", "the grouping marks cannot include the decimal mark")
            }
        }
        profile.decimalStyle = DecimalStyle(decimalMark: decimalMark, groupingMarks: grouping)
        profile.trailingMinus = try bool(table, "amount", "trailing_minus") ?? false
        profile.keepZeroAmounts = try bool(table, "amount", "keep_zero") ?? false
        profile.fee = try column(table, "amount", "fee_column", header: header)
        let fixed = try string(table, "amount", "currency")
        let column = try column(table, "amount", "currency_column", header: header)
        switch (fixed, column) {
        case (let code?, nil):
            guard let currency = Currency(code: code) else {
                throw fail("amount", "currency", "currency '\(code)' is not an ISO 4217 code such as \"EUR\"")
            }
            profile.currency = .fixed(currency)
        case (nil, let column?):
            profile.currency = .column(column)
        case (nil, nil):
            profile.currency = .context
        default:
            throw fail("amount", "currency_column", "give either 'currency' or 'currency_column' in [amount], not both")
        }
    }

    func arrayOfTables(_ root: TOMLTable, _ key: String) throws(CSVProfileError) -> [TOMLTable] {
        guard let value = root[key] else { return [] }
        guard let array = value.array else { throw fail("", key, "'\(key)' must be written as [[\(key)]] tables") }
        var tables: [TOMLTable] = []
        for index in 0..<array.count {
            guard let table = array[index].table else {
                throw fail("\(key)#\(index)", nil, "each [[\(key)]] entry must be a table")
            }
            tables.append(table)
        }
        return tables
    }

    func rowRules(_ root: TOMLTable, header: Bool) throws(CSVProfileError) -> [CSVProfile.RowRule] {
        var rules: [CSVProfile.RowRule] = []
        for (index, table) in try arrayOfTables(root, "skip").enumerated() {
            let name = "skip#\(index)"
            try checkKeys(table, name, ["column", "equals", "starts_with", "contains", "empty", "reason"])
            let test = try cellTest(table, name, header: header)
            guard let reason = try string(table, name, "reason"), !reason.isEmpty else {
                throw fail(name, nil, "each [[skip]] needs a 'reason' (shown in the import report)")
            }
            rules.append(CSVProfile.RowRule(test: test, reason: reason))
        }
        return rules
    }

    func balanceRowRules(_ root: TOMLTable, header: Bool) throws(CSVProfileError) -> [CSVProfile.BalanceRowRule] {
        var rules: [CSVProfile.BalanceRowRule] = []
        for (index, table) in try arrayOfTables(root, "balance_row").enumerated() {
            let name = "balance_row#\(index)"
            try checkKeys(
                table, name, ["column", "equals", "starts_with", "contains", "empty", "kind", "amount_column"])
            let test = try cellTest(table, name, header: header)
            guard let kindText = try string(table, name, "kind"),
                let kind = CSVProfile.BalanceRowRule.Kind(rawValue: kindText)
            else {
                throw fail(name, "kind", "each [[balance_row]] needs kind = \"opening\" or \"closing\"")
            }
            let amountColumn = try column(table, name, "amount_column", header: header)
            rules.append(CSVProfile.BalanceRowRule(test: test, kind: kind, amountColumn: amountColumn))
        }
        return rules
    }

    func preambleFields(_ root: TOMLTable) throws(CSVProfileError) -> [CSVProfile.PreambleField] {
        var fields: [CSVProfile.PreambleField] = []
        for (index, table) in try arrayOfTables(root, "preamble").enumerated() {
            let name = "preamble#\(index)"
            try checkKeys(table, name, ["label", "value", "cell", "date_format"])
            guard let label = try string(table, name, "label"), !label.isEmpty else {
                throw fail(name, nil, "each [[preamble]] needs a 'label' (the first cell of the line)")
            }
            let values = CSVProfile.PreambleField.Value.allCases.map(\.rawValue).joined(separator: ", ")
            guard let valueText = try string(table, name, "value"),
                let value = CSVProfile.PreambleField.Value(rawValue: valueText)
            else {
                throw fail(name, "value", "each [[preamble]] needs a 'value', one of \(values)")
            }
            var cell = 2
            if let raw = table["cell"] {
                guard let number = raw.int, number >= 1 else {
                    throw fail(name, "cell", "'cell' in [[preamble]] must be a cell number from 1")
                }
                cell = number
            }
            let format = try string(table, name, "date_format").map { (text) throws(CSVProfileError) in
                try dateFormat(text, name, "date_format")
            }
            fields.append(CSVProfile.PreambleField(label: label, value: value, cell: cell, dateFormat: format))
        }
        return fields
    }
}
