import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The row-level answers of `LedgerHistory+Rows.swift` on a September and October worked out by
/// hand: which rows count, a row's money out, the daily money out per category, an account's last
/// posted day and a split part in the base currency.
@Suite struct LedgerHistoryRowsTests {
    /// September in the GBP current account (opened 1 September): groceries 10.00 on the 5th, a
    /// transfer 5.00 on the 10th, an ignored 3.00 on the 12th, a pending 2.00 on the 15th, 10.00 EUR
    /// with no rate on the 20th, and on the 25th 10.00 split 7.00 dining and 3.00 under `Income`.
    /// October: interest 50.00 into savings on the 3rd.
    static func history() -> LedgerHistory {
        func row(
            _ id: String, _ account: AccountID, _ day: String, _ pence: Int64, _ category: String?,
            currency: Currency = .gbp, status: TransactionStatus = .posted, splits: [Split] = [],
            transfer: Bool = false, ignored: Bool = false
        ) -> Transaction {
            Transaction(
                id: TransactionID(id), account: account, date: CivilDate(iso: day)!,
                amount: Money(minorUnits: pence, currency: currency), payee: id.uppercased(), status: status,
                category: category.flatMap { CategoryPath($0) }, splits: splits, isTransfer: transfer,
                isIgnored: ignored, source: SourceLocation(file: "inbox/x.csv", line: 1))
        }
        let split = [
            Split(category: CategoryPath("Food:Dining")!, amount: Money(minorUnits: -700, currency: .gbp)),
            Split(category: CategoryPath("Income:Refunds")!, amount: Money(minorUnits: -300, currency: .gbp)),
        ]
        let rows = [
            row("shop", "current", "2026-09-05", -1_000, "Food:Groceries"),
            row("move", "current", "2026-09-10", -500, nil, transfer: true),
            row("skip", "current", "2026-09-12", -300, "Work", ignored: true),
            row("wait", "current", "2026-09-15", -200, "Food:Groceries", status: .pending),
            row("euro", "current", "2026-09-20", -1_000, "Travel", currency: .eur),
            row("meal", "current", "2026-09-25", -1_000, nil, splits: split),
            row("interest", "savings", "2026-10-03", 5_000, "Income:Interest"),
        ]
        let accounts = [
            Account(
                id: "current", name: "Current", kind: .checking, currency: .gbp,
                openingBalance: Money(minorUnits: 0, currency: .gbp), openingDate: CivilDate(iso: "2026-09-01")),
            Account(id: "savings", name: "Savings", kind: .savings, currency: .gbp),
        ]
        return LedgerHistory(Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: rows))
    }

    static func index(_ id: String, _ history: LedgerHistory) -> Int {
        history.transactions.firstIndex { $0.id.rawValue == id }!
    }

    @Test func whichRowsCountAndTheirMoneyOut() {
        let history = Self.history()
        let counted = ["shop", "move", "skip", "wait", "euro", "meal", "interest"].map {
            history.countsInFigures(Self.index($0, history))
        }
        // Transfers, ignored, pending and unconverted rows do not count.
        #expect(counted == [true, false, false, false, false, true, true])
        // 10.00 out; the split's 7.00 of dining (its `Income` part left out); interest is no money out.
        #expect(history.moneyOut(at: Self.index("shop", history)) == 1_000)
        #expect(history.moneyOut(at: Self.index("meal", history)) == 700)
        #expect(history.moneyOut(at: Self.index("interest", history)) == 0)
        #expect(history.moneyOut(at: Self.index("move", history)) == 0)
    }

    @Test func splitPartsInTheBaseCurrency() {
        let history = Self.history()
        let meal = Self.index("meal", history)
        #expect(history.basePart(Money(minorUnits: -700, currency: .gbp), ofRow: meal) == -700)
        // No EUR rate: the part counts as nothing, as the month's category sums count it.
        #expect(history.basePart(Money(minorUnits: -700, currency: .eur), ofRow: meal) == 0)
        #expect(history.isSplit(meal) && !history.isSplit(Self.index("shop", history)))
    }

    /// The 30 days before October are 1 to 30 September: groceries 10.00 on the 5th (slot 4), dining
    /// 7.00 on the 25th (slot 24); September holds a split, October does not.
    @Test func dailyMoneyOutPerCategory() throws {
        let history = Self.history()
        let daily = history.dailyMoneyOut(days: 30, before: YearMonth(year: 2026, month: 10)!)
        let groceries = try #require(history.categories.firstIndex { $0.name == "Food:Groceries" })
        let dining = try #require(history.categories.firstIndex { $0.name == "Food:Dining" })
        #expect(daily.count == history.categories.count * 30)
        #expect(daily[groceries * 30 + 4] == 1_000)
        #expect(daily[dining * 30 + 24] == 700)
        #expect(daily.reduce(0, +) == 1_700)
        #expect([history.hasSplits(0), history.hasSplits(1)] == [true, false])
    }

    /// The last posted day: the current account's is 25 September (the split; every row of the
    /// account but the pending one is posted), the savings account's 3 October, and by the end of
    /// September the savings account has none.
    @Test func lastPostedDays() {
        let history = Self.history()
        let september = CivilDate(iso: "2026-09-25")!.dayNumber
        let october = CivilDate(iso: "2026-10-03")!.dayNumber
        #expect(history.lastPostedDays(of: [0, 1], through: 1) == [0: september, 1: october])
        #expect(history.lastPostedDays(of: [0, 1], through: 0) == [0: september])
    }

    /// The rows a month's cards name: found before the given row, each by its id's hash and then
    /// its text; an id only later rows have, or no row has, is left out.
    @Test func rowsWithIDsLookBackFromTheirEnd() {
        let history = Self.history()
        let october = history.range(of: YearMonth("2026-10")!).upperBound
        let september = history.range(of: YearMonth("2026-09")!).upperBound
        let all = history.rows(withIDs: ["shop", "meal", "interest", "nowhere"], before: october)
        #expect(
            all == [
                "shop": Self.index("shop", history), "meal": Self.index("meal", history),
                "interest": Self.index("interest", history),
            ])
        // Up to September's end: October's interest is not there yet.
        #expect(
            history.rows(withIDs: ["interest", "wait"], before: september) == ["wait": Self.index("wait", history)])
        #expect(history.rows(withIDs: [], before: october).isEmpty)
        let reference = history.reference(toRow: Self.index("meal", history))
        #expect(reference.id == "meal")
        #expect(reference.date == "2026-09-25")
        #expect(reference.payee == "MEAL")
        #expect(reference.amount == "-10.00")
        #expect(reference.currency == "GBP")
        #expect(history.idHashes[Self.index("shop", history)] == LedgerHistory.idHash("shop"))
        #expect(LedgerHistory.idHash("shop") != LedgerHistory.idHash("shoq"))
    }
}
