import Import
import Ledger
import Testing

/// QIF entries whose split lines come before their amount and payee (issue 13): as some exporters
/// write them; the entry was skipped as "no amount" before.
@Suite("QIF split lines before the amount")
struct QIFSplitOrderTests {
    @Test func splitsBeforeTheAmountAreReadWhole() throws {
        let text = """
            !Type:Bank
            D2026-02-10
            SHousehold:Groceries
            $-30.00
            SHousehold:Cleaning
            E washing up liquid
            $-12.50
            T-42.50
            PCORNER SHOP
            ^

            """
        let file = try QIFFixtures.read(text: text)
        let records = try #require(file.statements.first?.records)
        #expect(records.count == 1)
        #expect(file.skipped.isEmpty)
        let record = try #require(records.first)
        #expect(record.amount == QIFFixtures.money("-42.50"))
        #expect(record.payee == "CORNER SHOP")
        #expect(record.splits.map(\.category) == ["Household:Groceries", "Household:Cleaning"])
        #expect(record.splits.map(\.amount) == [QIFFixtures.money("-30.00"), QIFFixtures.money("-12.50")])
    }

    @Test func aSplitAmountAfterAnEqualsSignIsReadWithANote() throws {
        let text = """
            !Type:Bank
            D2026-02-10
            T746.36
            PACME PAYROLL
            SIncome:Salary
            $=746.36
            ^

            """
        let file = try QIFFixtures.read(text: text)
        let record = try #require(file.statements.first?.records.first)
        #expect(record.splits.map(\.amount) == [QIFFixtures.money("746.36")])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.qif:6:2: warning: split amount '=746.36' is read as 746.36"
            ])
    }
}
