import Testing

@testable import Ledger

@Suite("closebook.toml")
struct WorkspaceConfigTests {
    @Test func readsAccountsBudgetsAndSettings() throws {
        let text = """
            base_currency = "GBP"

            [[accounts]]
            id = "current"
            name = "Northwind Current Account"
            type = "checking"
            inbox = ["northwind-current-*.csv"]
            opening_balance = "1520.75"
            opening_date = "2024-09-01"

            [[accounts]]
            id = "card"
            type = "credit_card"
            ofx_account_ids = ["4929000011112222"]
            date_order = "dmy"
            sign = "inverted"

            [budgets]
            "Food:Groceries" = "400.00"

            [categorize]
            learned_threshold = 0.75
            transfer_window_days = 3
            """
        let config = try WorkspaceConfig.parse(text, path: "closebook.toml")
        #expect(config.baseCurrency == .gbp)
        #expect(config.accounts.count == 2)
        #expect(config.accounts[0].id == "current")
        #expect(config.accounts[0].inbox == ["northwind-current-*.csv"])
        #expect(config.accounts[0].openingBalance?.minorUnits == 152_075)
        #expect(config.accounts[0].openingDate == CivilDate(year: 2024, month: 9, day: 1))
        #expect(config.accounts[0].line == 3)
        #expect(config.accounts[1].name == "card")
        #expect(config.accounts[1].kind == .creditCard)
        #expect(config.accounts[1].externalIDs == ["4929000011112222"])
        #expect(config.accounts[1].dateOrder == .dayMonthYear)
        #expect(config.accounts[1].sign == .inverted)
        #expect(config.accounts[0].sign == nil)
        #expect(
            config.budgets[try #require(CategoryPath("Food:Groceries"))] == Money(minorUnits: 40_000, currency: .gbp))
        #expect(config.categorize.learnedThreshold == 0.75)
        #expect(config.categorize.transferWindowDays == 3)
    }

    @Test func emptyFileMeansDefaults() throws {
        let config = try WorkspaceConfig.parse("", path: "closebook.toml")
        #expect(config == WorkspaceConfig())
    }

    @Test(arguments: [
        (
            "[[accounts]]\nid = \"a\"\nsign = \"negative\"\n",
            "closebook.toml:3:1: error: sign 'negative' must be \"as-written\" or \"inverted\""
        ),
        (
            "base_currency = \"GBP\"\n\n[[accounts]]\nid = \"a\"\nopening_balanc = \"1\"\n",
            "closebook.toml:5:1: error: unknown account key 'opening_balanc' (expected one of closed, currency, date_order, external_ids, id, inbox, name, ofx_account_ids, opening_balance, opening_date, profile, sign, type)"
        ),
        (
            "[[accounts]]\nid = \"a\"\nclosed = \"2026-02-30\"\n",
            "closebook.toml:3:1: error: closed '2026-02-30' is not a date in YYYY-MM-DD form"
        ),
        (
            "[[accounts]]\nid = \"a\"\ntype = \"chequing\"\n",
            "closebook.toml:3:1: error: account type 'chequing' is not one of checking, savings, credit_card, cash, investment, loan, other"
        ),
        (
            "base_currency = \"pounds\"\n",
            "closebook.toml:1:1: error: 'base_currency' must be an ISO 4217 code such as \"EUR\" ('pounds' is not one)"
        ),
        // Three letters are not enough: the code must be one ISO 4217 lists.
        (
            "base_currency = \"XYZ\"\n",
            "closebook.toml:1:1: error: 'base_currency' must be an ISO 4217 code such as \"EUR\" ('XYZ' is not one)"
        ),
        (
            "base_currency = \"GBP\"\n\n[[accounts]]\nid = \"a\"\ncurrency = \"QQQ\"\n",
            "closebook.toml:5:1: error: 'QQQ' is not an ISO 4217 currency code (such as \"EUR\" or \"GBP\")"
        ),
        (
            "[[accounts]]\nid = \"a\"\n[[accounts]]\nid = \"a\"\n",
            "closebook.toml:4:1: error: account id 'a' is used twice"
        ),
        ("[[accounts]]\nname = \"x\"\n", "closebook.toml:1:1: error: every [[accounts]] entry needs an 'id'"),
        (
            "[[accounts]]\nid = \"a\"\nopening_date = \"2024-02-30\"\n",
            "closebook.toml:3:1: error: opening_date '2024-02-30' is not a date in YYYY-MM-DD form"
        ),
        (
            "budget = 1\n",
            "closebook.toml:1:1: error: unknown key 'budget' (expected base_currency, accounts, budgets, categorize, plan, goals, publish, close, export, insights or allow_links_outside_workspace)"
        ),
        ("[publish]\nredact = \"yes\"\n", "closebook.toml:2:1: error: 'redact' must be true or false"),
        ("[publish]\nredacted = true\n", "closebook.toml:2:1: error: unknown key 'redacted' (expected redact)"),
        ("publish = true\n", "closebook.toml:1:1: error: 'publish' must be a [publish] table"),
        (
            "[export]\nformats = [\"journal\", \"qif\"]\n",
            "closebook.toml:2:1: error: export format 'qif' is not one of \"journal\", \"beancount\", \"csv\", \"sqlite\""
        ),
        (
            "[export]\nformats = \"journal\"\n",
            "closebook.toml:2:1: error: 'formats' must be a list such as [\"journal\", \"beancount\"]"
        ),
        ("[export]\nformat = [\"journal\"]\n", "closebook.toml:2:1: error: unknown key 'format' (expected formats)"),
        ("export = 1\n", "closebook.toml:1:1: error: 'export' must be an [export] table"),
    ])
    func errorsNameTheKeyAndLine(text: String, message: String) {
        #expect {
            try WorkspaceConfig.parse(text, path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description == message
        }
    }

    @Test func syntaxErrorsCarryThePosition() {
        #expect {
            try WorkspaceConfig.parse("a = \n", path: "closebook.toml")
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.line == 1 && error.description.hasPrefix("closebook.toml:1:")
        }
    }
}

extension WorkspaceConfigTests {
    @Test func inboxLineIsKept() throws {
        let config = try WorkspaceConfig.parse(
            "[[accounts]]\nid = \"a\"\nname = \"A\"\ninbox = [\"a-*.csv\"]\n", path: "closebook.toml")
        #expect(config.accounts[0].inboxLine == 4)
    }
}

extension WorkspaceConfigTests {
    @Test func publishRedactIsReadAndOffByDefault() throws {
        #expect(try WorkspaceConfig.parse("", path: "closebook.toml").publish.redact == false)
        let config = try WorkspaceConfig.parse("[publish]\nredact = true\n", path: "closebook.toml")
        #expect(config.publish == PublishSettings(redact: true))
    }
}

extension WorkspaceConfigTests {
    @Test func exportFormatsAreReadInOrderOnceEachAndNoneByDefault() throws {
        #expect(try WorkspaceConfig.parse("", path: "closebook.toml").export.formats == [])
        let config = try WorkspaceConfig.parse(
            "[export]\nformats = [\"csv\", \"journal\", \"csv\"]\n", path: "closebook.toml")
        #expect(config.export.formats == [.csv, .journal])
    }

    @Test func intendedPairsAreReadAndCheckedAtTheirLine() throws {
        let config = try WorkspaceConfig.parse(
            "[insights]\nintended_pairs = [[\"Netflix\", \"Netflix Kids\"]]\n", path: "closebook.toml")
        #expect(config.intendedPairs == [["Netflix", "Netflix Kids"]])
        #expect {
            try WorkspaceConfig.parse("[insights]\nintended_pairs = [[\"Netflix\"]]\n", path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description
                == "closebook.toml:2:1: error: 'intended_pairs' must be a list of pairs of payee names, such as "
                + "[[\"Netflix\", \"Netflix Kids\"]]"
        }
    }

    @Test func transferPairsAreReadAndChecked() throws {
        let config = try WorkspaceConfig.parse(
            "[categorize]\ntransfer_pairs = [[\"current/1\", \"euro/TG1\"]]\n", path: "closebook.toml")
        #expect(config.categorize.transferPairs == [[TransactionID("current/1"), TransactionID("euro/TG1")]])
        #expect {
            try WorkspaceConfig.parse("[categorize]\ntransfer_pairs = [[\"current/1\"]]\n", path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description
                == "closebook.toml:2:1: error: 'transfer_pairs' must be a list of pairs of transaction ids, such as "
                + "[[\"current/f5c1d4b3cc9be745-0\", \"euro/TG20260721001\"]]"
        }
    }
}
