/// One figure of this month against the month before (income, expenses): the shared reading of
/// `incomeGrowth` and `monthOverMonthChange`, including why it cannot be made.
struct MonthChange {
    var now: Int128
    var before: Int128
    /// (now − before) ÷ before.
    var change: Double

    /// Nil with the omission's reason when there is no month before, no figure in it, or no
    /// transaction this month.
    static func of(
        _ figure: KeyPath<MonthFlows, Int128>, in facts: InsightFacts, noneBefore: String
    ) -> Result<MonthChange, Omission> {
        guard facts.hasTransactions else { return .failure(Omission("no transactions this month")) }
        guard let previous = facts.previous else { return .failure(Omission("needs 2 months of history")) }
        let before = previous[keyPath: figure]
        guard before > 0 else { return .failure(Omission(noneBefore)) }
        let now = facts.current[keyPath: figure]
        return .success(MonthChange(now: now, before: before, change: InsightFacts.ratio(now - before, before)))
    }

    /// `12.5% more than`, `3% less than`, or `about the same as` when it rounds to 0.
    var comparison: String {
        InsightFacts.number(change * 100) == "0"
            ? "about the same as"
            : "\(InsightFacts.percent(abs(change))) \(change > 0 ? "more" : "less") than"
    }

    /// Why a card cannot be made, as `insightsOmitted` words it.
    struct Omission: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
