import Testing

@testable import Analyze

/// What changed between two versions of a closed month, worked out by hand on five transactions.
@Suite struct CloseChangesTests {
    static func row(_ id: String, _ amount: String, _ category: String, payee: String = "P") -> ClosedTransaction {
        ClosedTransaction(
            id: id, account: "current", amount: amount, currency: "GBP", category: category, date: "2026-10-05",
            payee: payee)
    }

    @Test func addedRemovedRecategorisedAndRepriced() {
        let old = [
            Self.row("a", "-10.00", "Food:Groceries"), Self.row("b", "-4.50", "Food:Coffee"),
            Self.row("c", "-30.00", "Uncategorized", payee: "ZORBLAX"), Self.row("d", "-99.00", "Shopping"),
        ]
        let new = [
            Self.row("a", "-10.00", "Food:Groceries"), Self.row("b", "-4.80", "Food:Coffee"),
            Self.row("c", "-30.00", "Shopping:Electronics", payee: "ZORBLAX"),
            Self.row("e", "-12.00", "Transport", payee: "LATE CARD ROW"),
        ]
        let changes = CloseChanges(since: 1, old: old, new: new, causes: ["inbox/late.csv is new"])
        #expect(changes.added.map(\.id) == ["e"])
        #expect(changes.removed.map(\.id) == ["d"])
        #expect(
            changes.recategorised == [
                CloseChanges.Changed(
                    id: "c", payee: "ZORBLAX", date: "2026-10-05", before: "Uncategorized",
                    after: "Shopping:Electronics")
            ])
        #expect(
            changes.amountChanged == [
                CloseChanges.Changed(id: "b", payee: "P", date: "2026-10-05", before: "-4.50 GBP", after: "-4.80 GBP")
            ])
        #expect(
            changes.summary
                == "1 transaction added, 1 transaction removed, 1 transaction re-categorised, 1 transaction with a new amount"
        )
        #expect(
            CloseNotices.describe(changes)
                == "1 transaction added, 1 transaction removed, 1 transaction re-categorised, 1 transaction with a new "
                + "amount (2026-10-05 LATE CARD ROW -12.00 GBP; ZORBLAX: Uncategorized → Shopping:Electronics; "
                + "P: -4.50 GBP → -4.80 GBP); caused by inbox/late.csv is new")
    }

    @Test func figuresThatDifferAreListed() {
        let old = CloseFigures(
            currency: "GBP", income: "5000.00", expenses: "3120.00", net: "1880.00",
            categories: ["Food:Groceries": "420.00", "Transport": "75.00"], balances: ["card": "-512.00"])
        var new = old
        new.expenses = "3132.00"
        new.net = "1868.00"
        new.categories["Transport"] = "87.00"
        new.balances["card"] = "-524.00"
        #expect(
            CloseNotices.differences(old, new) == [
                "expenses 3120.00 → 3132.00 GBP", "net 1880.00 → 1868.00 GBP", "Transport 75.00 → 87.00",
                "the closing balance of card -512.00 → -524.00",
            ])
    }

    @Test func inputFilesNewChangedAndGone() {
        let recorded = [
            InputFile(path: "inbox/a.csv", sha256: "1"), InputFile(path: "rules/10.rules", sha256: "2"),
            InputFile(path: "overrides.csv", sha256: "3"),
        ]
        let current = [
            InputFile(path: "inbox/a.csv", sha256: "1"), InputFile(path: "inbox/late.csv", sha256: "4"),
            InputFile(path: "rules/10.rules", sha256: "5"),
        ]
        #expect(
            InputFiles.causes(recorded: recorded, current: current) == [
                "inbox/late.csv is new", "overrides.csv is gone", "rules/10.rules changed",
            ])
    }
}
