import Foundation
import Ledger
import Testing

@testable import Import

/// Inputs that used to lose or double money without a word (issue 14).
@Suite("Import driver: no silent loss or double counting")
struct TrustTests {
    typealias H = DriverHarness

    static let card = WorkspaceConfig(
        baseCurrency: .gbp,
        accounts: [AccountConfig(id: "card", name: "Card", kind: .creditCard, currency: .gbp, inbox: ["card-*"])])

    @Test("a FITID reused in a later export for another transaction keeps both, with a warning at both places")
    func reusedFITIDs() throws {
        let september = """
            FAKEOFX
            statement;from=2024-09-01;to=2024-09-30
            2024-09-03;-10.00;Coffee;fitid=1
            2024-09-10;-25.00;Books;fitid=2
            """
        let october = """
            FAKEOFX
            statement;from=2024-10-01;to=2024-10-31
            2024-10-04;-12.00;Cinema;fitid=1
            2024-10-11;-30.00;Fuel;fitid=2
            """
        // A third export that repeats October (not byte for byte): its records are copies.
        let octoberAgain = october + "\n"
        let outcome = H.run(
            [("card-2024-09.ofx", september), ("card-2024-10.ofx", october), ("card-2024-10b.ofx", octoberAgain)],
            config: Self.card)
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.files.map(\.imported) == [2, 2, 0])
        #expect(report.files.map(\.duplicates) == [0, 0, 2])
        #expect(
            outcome.journal.transactions.map(\.id.rawValue).sorted() == [
                "card/1", "card/1@2024-10-04", "card/2", "card/2@2024-10-11",
            ])
        #expect(
            report.files[1].warnings == [
                "inbox/card-2024-10.ofx:3:1: warning: FITID '1' is also used at inbox/card-2024-09.ofx:3 for another transaction (2024-09-03, -10.00, 'Coffee'); both are kept, this one (2024-10-04, -12.00, 'Cinema') as 'card/1@2024-10-04'",
                "inbox/card-2024-10.ofx:4:1: warning: FITID '2' is also used at inbox/card-2024-09.ofx:4 for another transaction (2024-09-10, -25.00, 'Books'); both are kept, this one (2024-10-11, -30.00, 'Fuel') as 'card/2@2024-10-11'",
            ])
        #expect(report.files[2].warnings.isEmpty)
        #expect(
            report.files[2].duplicateRecords.map(\.keptAt) == ["inbox/card-2024-10.ofx:3", "inbox/card-2024-10.ofx:4"])
    }

    @Test("the same FITID with the same date, amount and payee is still one transaction")
    func repeatedFITIDSameContent() throws {
        let first = "FAKEOFX\nstatement\n2024-09-03;-10.00;Coffee  Shop;fitid=7\n"
        let second = "FAKEOFX\nstatement\n2024-09-03;-10.00;COFFEE SHOP;fitid=7\n"
        let outcome = H.run([("card-a.ofx", first), ("card-b.ofx", second)], config: Self.card)
        #expect(outcome.report.files.map(\.duplicates) == [0, 1])
        #expect(outcome.journal.transactions.map(\.id.rawValue) == ["card/7"])
        #expect(outcome.report.files.allSatisfy { $0.warnings.isEmpty })
    }
}

extension TrustTests {
    static let twoBanks = """
        FAKEOFX
        statement;number=12345678;institution=First;bankid=111000025;accttype=CHECKING
        2024-09-03;-10.00;Coffee;fitid=1
        2024-09-04;-20.00;Books;fitid=2
        statement;number=12345678;institution=First;bankid=222000111;accttype=CHECKING
        2024-09-03;-10.00;Coffee;fitid=1
        2024-09-05;-30.00;Fuel;fitid=2
        statement;number=12345678;institution=First;bankid=111000025;accttype=SAVINGS
        2024-09-03;5.00;Interest;fitid=1
        """

    @Test("one ACCTID under two BANKIDs or two ACCTTYPEs is three accounts, and their suggestions tell them apart")
    func sameNumberTwoBanks() throws {
        let outcome = H.run([("statements.ofx", Self.twoBanks)], config: WorkspaceConfig(baseCurrency: .gbp))
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.files.map(\.imported) == [5])
        #expect(report.accounts.map(\.id) == ["first-5678", "first-5678-2", "first-5678-3"])
        let suggestions = report.accounts.compactMap(\.suggestion)
        #expect(
            suggestions.map { $0.split(separator: "\n").last.map(String.init) } == [
                #"ofx_account_ids = ["12345678;bank=111000025;type=CHECKING"]"#,
                #"ofx_account_ids = ["12345678;bank=222000111;type=CHECKING"]"#,
                #"ofx_account_ids = ["12345678;bank=111000025;type=SAVINGS"]"#,
            ])
        // The suggested entries, pasted as they are, are a valid configuration that keeps all five.
        let config = try WorkspaceConfig.parse(
            "base_currency = \"GBP\"\n\n" + suggestions.joined(separator: "\n"), path: "closebook.toml")
        let configured = H.run([("statements.ofx", Self.twoBanks)], config: config)
        #expect(configured.report.files.map(\.imported) == [5])
        #expect(configured.report.accounts.map(\.configured) == [true, true, true])
        #expect(configured.report.accounts.map(\.transactions) == [2, 2, 1])
    }

    @Test("one ofx_account_ids value in two accounts is a configuration error at the second")
    func sameNumberInTwoAccounts() throws {
        let text = """
            [[accounts]]
            id = "first"
            ofx_account_ids = ["12345678"]

            [[accounts]]
            id = "second"
            ofx_account_ids = ["1234-5678"]
            """
        #expect(throws: ConfigError.self) { try WorkspaceConfig.parse(text, path: "closebook.toml") }
        do {
            _ = try WorkspaceConfig.parse(text, path: "closebook.toml")
        } catch {
            #expect(
                error.description
                    == "closebook.toml:7:1: error: ofx_account_ids value '1234-5678' of account 'second' also matches '12345678' of account 'first'; one account number must belong to one account (add ';bank=BANKID' or ';type=ACCTTYPE' to tell two banks' accounts apart)"
            )
        }
        let qualified = text.replacingOccurrences(of: "\"1234-5678\"", with: "\"12345678;bank=9\"")
            .replacingOccurrences(of: "[\"12345678\"]", with: "[\"12345678;bank=8\"]")
        #expect(try WorkspaceConfig.parse(qualified, path: "closebook.toml").accounts.count == 2)
    }

    @Test("two cards whose numbers end in the same four digits are two derived accounts")
    func sameLastFourDigits() throws {
        let first = "FAKEOFX\nstatement;number=4929000011112222;institution=Harbor\n2024-09-03;-10.00;Coffee;fitid=A\n"
        let second = "FAKEOFX\nstatement;number=5500000099992222;institution=Harbor\n2024-09-03;-10.00;Coffee;fitid=A\n"
        let outcome = H.run([("a.ofx", first), ("b.ofx", second)], config: WorkspaceConfig(baseCurrency: .gbp))
        #expect(outcome.report.accounts.map(\.id) == ["harbor-2222", "harbor-2222-2"])
        #expect(outcome.report.files.map(\.imported) == [1, 1])
        #expect(outcome.journal.transactions.count == 2)
    }
}

extension TrustTests {
    static let current = WorkspaceConfig(
        baseCurrency: .gbp,
        accounts: [AccountConfig(id: "current", name: "Current", currency: .gbp, inbox: ["current-*.csv"])])

    static let january = """
        FAKECSV
        2024-01-05;-3.50;Coffee
        2024-01-06;-20.00;Books
        2024-01-07;1000.00;Salary
        """

    @Test("a byte-identical copy of an export under another name is imported once, with a warning naming both")
    func sameExportSavedTwice() throws {
        let outcome = H.run(
            [("current-2024-01.csv", Self.january), ("statement (1).csv", Self.january)], config: Self.current)
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.accounts.map(\.id) == ["current"])
        #expect(outcome.journal.transactions.count == 3)
        #expect(report.files.map(\.records) == [3, 0])
        #expect(outcome.failedFiles == 0)
        #expect(
            report.files[1].warnings == [
                "inbox/statement (1).csv:1:1: warning: this file has the same bytes as inbox/current-2024-01.csv; it is imported once, from inbox/current-2024-01.csv (remove one of the two copies)"
            ])
    }

    @Test("a copy that sorts before the claimed export is not the one read: the account keeps its file")
    func copySortingFirstLeavesTheClaimedFileRead() throws {
        // `Statement.csv` sorts before `current-…` (upper case first), as a copy saved by hand often does.
        let outcome = H.run(
            [("current-2024-01.csv", Self.january), ("Statement.csv", Self.january)], config: Self.current)
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.accounts.map(\.id) == ["current"])
        #expect(outcome.journal.transactions.count == 3)
        #expect(outcome.journal.transactions.allSatisfy { $0.account.rawValue == "current" })
        #expect(report.files.map(\.path) == ["inbox/Statement.csv", "inbox/current-2024-01.csv"])
        #expect(report.files.map(\.records) == [0, 3])
        #expect(report.files.map(\.format) == ["csv", "csv"])
        #expect(
            report.files[0].warnings == [
                "inbox/Statement.csv:1:1: warning: this file has the same bytes as inbox/current-2024-01.csv; it is imported once, from inbox/current-2024-01.csv (remove one of the two copies)"
            ])
    }

    @Test(
        "a statement that repeats another account's transaction for transaction is flagged as a probable duplicate account"
    )
    func duplicateAccount() throws {
        let longer = """
            FAKECSV
            2023-12-30;-8.00;Lunch
            2024-01-05;-3.50;COFFEE
            2024-01-06;-20.00;Books
            2024-01-07;1000.00;Salary
            """
        let outcome = H.run([("current-2024-01.csv", Self.january), ("export.csv", longer)], config: Self.current)
        let report = outcome.report
        #expect(report.accounts.map(\.id) == ["current", "export"])
        #expect(
            report.duplicateAccounts == [
                .init(
                    accounts: ["current", "export"], files: ["inbox/current-2024-01.csv", "inbox/export.csv"],
                    from: "2024-01-05", to: "2024-01-07", transactions: 3,
                    reason: "the same 3 transactions (dates, amounts and payees) from 2024-01-05 to 2024-01-07")
            ])
        #expect(
            report.files[1].warnings == [
                "inbox/export.csv:1:1: warning: account 'export' has the same 3 transactions (dates, amounts and payees) from 2024-01-05 to 2024-01-07 as account 'current' in inbox/current-2024-01.csv: probably one account imported twice, which counts its money twice; if so, feed both files to one account in closebook.toml"
            ])
        // Two accounts that merely share some days are not flagged.
        let other = "FAKECSV\n2024-01-05;-3.50;Coffee\n2024-01-06;-9.00;Taxi\n2024-01-07;1000.00;Salary\n"
        let unrelated = H.run([("current-2024-01.csv", Self.january), ("export.csv", other)], config: Self.current)
        #expect(unrelated.report.duplicateAccounts.isEmpty)
    }
}

extension TrustTests {
    @Test("without closebook.toml, overlapping exports of one layout that agree row for row are one account, said so")
    func overlappingExportsWithoutConfiguration() throws {
        let october = """
            FAKECSV;profile=northwind
            2024-10-01;-3.50;Coffee
            2024-10-15;-20.00;Books
            2024-10-30;1000.00;Salary
            """
        let november = """
            FAKECSV;profile=northwind
            2024-10-15;-20.00;BOOKS
            2024-10-30;1000.00;Salary
            2024-11-02;-7.00;Lunch
            """
        let outcome = H.run(
            [("export-2024-10.csv", october), ("export-2024-11.csv", november)], config: WorkspaceConfig())
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.accounts.map(\.id) == ["export-2024-10"])
        #expect(outcome.journal.transactions.count == 4)
        #expect(report.files.map(\.duplicates) == [0, 2])
        let entry = """
            [[accounts]]
            id = "export-2024-10"
            name = "export-2024-10"
            type = "checking"
            currency = "EUR"
            inbox = ["export-*.csv"]

            """
        #expect(report.accounts.first?.suggestion == entry)
        #expect(
            report.files[1].warnings == [
                "inbox/export-2024-11.csv:1:1: warning: read as account 'export-2024-10' with inbox/export-2024-10.csv: no closebook.toml names either file, both have the same layout (profile 'northwind') and their 2 transactions on the days both cover agree row for row; this entry in closebook.toml pins it:\n"
                    + entry
            ])
        // Another layout, or rows that differ where the files overlap, stay apart.
        let otherLayout = november.replacingOccurrences(of: "northwind", with: "harbor")
        #expect(
            H.run([("export-2024-10.csv", october), ("export-2024-11.csv", otherLayout)]).report.accounts.count == 2)
        let differs = november.replacingOccurrences(of: "-20.00", with: "-21.00")
        #expect(H.run([("export-2024-10.csv", october), ("export-2024-11.csv", differs)]).report.accounts.count == 2)
    }
}

extension TrustTests {
    @Test("a glob that matches no file is a warning; a file two accounts' globs match is an error")
    func globsThatDoNothingOrTooMuch() throws {
        var current = AccountConfig(id: "current", name: "Current", currency: .gbp, inbox: ["current-*.csv"])
        current.inboxLine = 6
        var savings = AccountConfig(id: "savings", name: "Savings", currency: .gbp, inbox: ["savngs-*.csv", "*.csv"])
        savings.inboxLine = 12
        let config = WorkspaceConfig(baseCurrency: .gbp, accounts: [current, savings])
        let outcome = H.run([("current-2024-01.csv", Self.january)], config: config)
        #expect(
            outcome.diagnostics.map(\.description) == [
                "closebook.toml:12:1: warning: the inbox glob 'savngs-*.csv' of account 'savings' matches no file in inbox/, so no file feeds the account through it",
                "inbox/current-2024-01.csv:1:1: error: the inbox globs of two accounts match this file, 'current' (closebook.toml:6 'current-*.csv') and 'savings' (closebook.toml:12 '*.csv'); make one narrower so that each file feeds one account",
            ])
        #expect(outcome.failedFiles == 1)
        #expect(outcome.journal.transactions.isEmpty)
    }
}

extension TrustTests {
    @Test("an unqualified ofx_account_ids value that takes statements of two banks gets a warning")
    func unqualifiedValueTakesTwoBanks() throws {
        let config = WorkspaceConfig(
            baseCurrency: .gbp, accounts: [AccountConfig(id: "main", name: "Main", externalIDs: ["12345678"])])
        let outcome = H.run([("statements.ofx", Self.twoBanks)], config: config)
        #expect(
            outcome.report.files[0].warnings == [
                "inbox/statements.ofx:1:1: warning: a statement with BANKID 222000111, ACCTTYPE CHECKING is read into account 'main' through ofx_account_ids '12345678', which also took a statement of another bank or account type; if these are two accounts, qualify the values (';bank=BANKID;type=ACCTTYPE') so their transactions are not merged",
                "inbox/statements.ofx:1:1: warning: a statement with BANKID 111000025, ACCTTYPE SAVINGS is read into account 'main' through ofx_account_ids '12345678', which also took a statement of another bank or account type; if these are two accounts, qualify the values (';bank=BANKID;type=ACCTTYPE') so their transactions are not merged",
            ])
    }
}
