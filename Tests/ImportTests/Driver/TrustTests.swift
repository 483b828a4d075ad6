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
        // A third export that repeats October: its records are copies.
        let octoberAgain = october
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
