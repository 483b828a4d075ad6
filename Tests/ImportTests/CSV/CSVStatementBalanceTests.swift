import Ledger
import Testing

@testable import Import

/// Statement balances a CSV repeats on every row (`[statement]` in a profile), read with the
/// shipped `csb43` profile from fixtures made from the corpus file `hledger__csb43.csv`
/// (rows: 2019-11-02 +1500.00 on line 2, 2019-11-10 -500.00 on line 3; initial balance 000.00).
@Suite("CSV statement balances")
struct CSVStatementBalanceTests {
    typealias Support = CSVTestSupport

    static func run(_ fixture: String) throws -> ImportOutcome {
        let bytes = try CSVReaderQuirkTests.fixture(fixture)
        return ImportDriver(readers: [CSVReader(profiles: Support.profiles)], config: WorkspaceConfig())
            .run([InboxFile(name: fixture, bytes: bytes)])
    }

    @Test("a stated closing balance the rows do not add up to is reported by the balance check")
    func closingBalanceDiffers() throws {
        // final_balance 900.00, but 0.00 + 1500.00 - 500.00 = 1000.00.
        let outcome = try Self.run("csb43-closing-differs.csv")
        let file = try #require(outcome.report.files.first)
        #expect(file.profile == "csb43")
        #expect(file.imported == 2)
        let check = try #require(file.balanceChecks.first)
        #expect(check.status == "differs")
        #expect(check.checked == 1)
        #expect(check.matched == 0)
        #expect(check.anchor == .init(date: "2019-11-01", amount: "0.00", line: 2))
        #expect(check.firstDivergence == .init(date: "2019-11-10", line: 3, stated: "900.00", computed: "1000.00"))
        // Every stated balance is kept for the export's assertions, with the check's outcome.
        #expect(
            check.stated == [
                .init(date: "2019-11-01", amount: "0.00", line: 2, status: "anchor"),
                .init(date: "2019-11-10", amount: "900.00", line: 3, status: "differs"),
            ])
        #expect(
            outcome.diagnostics.map(\.description) == [
                "inbox/csb43-closing-differs.csv:3:1: warning: balance at the end of 2019-11-10 is 900.00 in the file but 1000.00 from the imported transactions counted from the balance stated at inbox/csb43-closing-differs.csv:2; a transaction may be missing or counted twice"
            ])
        #expect(outcome.failedFiles == 0)
    }

    @Test("rows of one statement that disagree: a warning at the first that differs; the last row's closing is used")
    func closingBalanceChangesBetweenRows() throws {
        let file = try Support.read(
            CSVReaderQuirkTests.fixture("csb43-closing-changes.csv"), profiles: Support.profiles,
            path: "inbox/csb43-closing-changes.csv")
        #expect(
            file.warnings.map(\.description) == [
                "inbox/csb43-closing-changes.csv:3:1: warning: statement closing balance 1100.00 in 'final_balance' differs from 1000.00 on line 2 of the same statement; the opening balance is read from the statement's first row in time and the closing balance from its last"
            ])
        let statement = try #require(file.statements.first)
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: Support.date("2019-11-01"), amount: Support.money("0.00"), line: 2),
                StatedBalance(
                    kind: .ledger, date: Support.date("2019-11-10"), amount: Support.money("1100.00"), line: 3),
            ])
    }

    static let toml = """
        name = "Statement test"
        bank = "Test Bank"

        [file]
        signature = ["Date", "Amount", "Opening", "Closing"]

        [columns]
        date = "Date"
        date_format = "%Y-%m-%d"

        [amount]
        column = "Amount"
        currency = "EUR"

        [statement]
        opening_balance = "Opening"
        closing_balance = "Closing"
        """

    @Test("newest-first rows: the opening balance comes from the last row, the closing from the first")
    func newestFirst() throws {
        let text = """
            Date,Amount,Opening,Closing
            2024-03-20,-5.00,100.00,125.00
            2024-03-04,30.00,100.00,125.00
            """
        let file = try Support.read(text, profiles: [try Support.profile(Self.toml)])
        #expect(file.warnings.isEmpty)
        #expect(
            file.statements.first?.statedBalances == [
                StatedBalance(
                    kind: .ledger, date: Support.date("2024-03-03"), amount: Support.money("100.00"), line: 3),
                StatedBalance(
                    kind: .ledger, date: Support.date("2024-03-20"), amount: Support.money("125.00"), line: 2),
            ])
    }

    @Test("a balance cell that is not a number is ignored with a warning; an empty one states nothing")
    func badAndEmptyCells() throws {
        let text = """
            Date,Amount,Opening,Closing
            2024-03-04,30.00,n/a,
            2024-03-20,-5.00,n/a,
            """
        let file = try Support.read(text, profiles: [try Support.profile(Self.toml)])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:2:1: warning: statement opening balance in 'Opening' ignored: amount 'n/a' is not a number (decimal mark is '.' for this profile)"
            ])
        #expect(file.statements.first?.statedBalances == [])
        #expect(file.csvRecords.count == 2)
    }

    @Test("two accounts in one file: each statement states its own balances")
    func perStatement() throws {
        let toml = Self.toml.replacingAll(
            "date_format = \"%Y-%m-%d\"", with: "date_format = \"%Y-%m-%d\"\naccount = \"IBAN\""
        )
        .replacingAll("signature = [\"Date\",", with: "signature = [\"IBAN\", \"Date\",")
        let text = """
            IBAN,Date,Amount,Opening,Closing
            A,2024-03-04,30.00,100.00,130.00
            B,2024-03-05,-5.00,50.00,45.00
            A,2024-03-06,0.50,100.00,130.50
            """
        let file = try Support.read(text, profiles: [try Support.profile(toml)])
        #expect(file.statements.map(\.accountHint.accountNumber) == ["A", "B"])
        #expect(
            file.statements.map {
                $0.statedBalances.map { "\($0.date.isoString) \($0.amount.decimalString) \($0.line)" }
            }
                == [["2024-03-03 100.00 2", "2024-03-06 130.50 4"], ["2024-03-04 50.00 3", "2024-03-05 45.00 3"]])
        // B's row between A's rows is not A's: only A's own rows disagree (130.00 against 130.50).
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:4:1: warning: statement closing balance 130.50 in 'Closing' differs from 130.00 on line 2 of the same statement; the opening balance is read from the statement's first row in time and the closing balance from its last"
            ])
    }

    @Test func profileKeys() throws {
        let profile = try Support.profile(Self.toml)
        #expect(profile.statementOpeningBalance == .name("Opening"))
        #expect(profile.statementClosingBalance == .name("Closing"))
        let error = #expect(throws: CSVProfileError.self) {
            try Support.profile(Self.toml.replacingAll("closing_balance", with: "closing"))
        }
        #expect(
            error?.description
                == "Importers/test.toml:17:1: error: unknown key 'closing' in [statement] (expected one of opening_balance, closing_balance)"
        )
    }
}
