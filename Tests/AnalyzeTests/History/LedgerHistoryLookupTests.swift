import Ledger
import Testing

@testable import Analyze

/// The history's account, category and payee-group lookups, which first try `BitPatternMemo`:
/// equal texts in separate storage, and different texts, must land where hashing would put them.
@Suite struct LedgerHistoryLookupTests {
    /// A payee long enough to live on the heap, made afresh each time (its own storage).
    static func payee(_ name: String) -> String { String(repeating: "x", count: 20) + name }

    static func history(_ payees: [String], categories: [String?]) -> LedgerHistory {
        let transactions = zip(payees, categories).enumerated().map { index, row in
            Transaction(
                id: TransactionID("t\(index)"), account: AccountID("cur" + "rent"),
                date: CivilDate(year: 2026, month: 3, day: 1 + index)!,
                amount: Money(minorUnits: -1_000, currency: .gbp), payee: row.0,
                category: row.1.flatMap { CategoryPath($0) }, source: SourceLocation(file: "x.csv", line: index))
        }
        let account = Account(id: "current", name: "Current", kind: .checking, currency: .gbp)
        return LedgerHistory(
            Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: transactions))
    }

    @Test func equalTextsInSeparateStorageShareAGroupAndACategory() {
        let history = Self.history(
            [Self.payee("a"), Self.payee("a"), Self.payee("b"), "short", "short", Self.payee("a")],
            categories: ["Food:Groceries", "Food:" + "Groceries", "Food:Groceries", nil, "Shopping", "Food:Groceries"])
        #expect(history.groups.count == 3)
        #expect(history.groupOf == [0, 0, 1, 2, 2, 0])
        #expect(history.groups[0].transactions == [0, 1, 5])
        #expect(history.accountOf == [0, 0, 0, 0, 0, 0])
        let names = history.categoryOf.map { history.categories[Int($0)].name }
        #expect(
            names == [
                "Food:Groceries", "Food:Groceries", "Food:Groceries", "Uncategorized", "Shopping", "Food:Groceries",
            ])
        #expect(history.currencies == [.gbp])
        #expect(history.currencyOf == [0, 0, 0, 0, 0, 0])
    }

    /// Rows that carry the very same string values (as the decoder's caches hand out) are looked
    /// up by their bits; the answers must not change from the first such row to the last.
    @Test func sharedStorageIsFoundByItsBits() {
        let shared = Self.payee("shared")
        let other = Self.payee("other")
        let history = Self.history(
            [shared, other, shared, other, shared], categories: ["Bills", "Bills", "Bills", "Travel", "Bills"])
        #expect(history.groupOf == [0, 1, 0, 1, 0])
        #expect(
            history.categoryOf.map { history.categories[Int($0)].name } == [
                "Bills", "Bills", "Bills", "Travel", "Bills",
            ])
    }
}
