/// How much money makes a card critical: the seed's thresholds say *whether* something went the
/// wrong way (more out than in, a net worth that fell), this says whether it went far enough for a
/// person to act on. Below it the card is a warning: 3p more out than in is not an emergency.
///
/// The yardstick is the household's month: the larger of its money in and money out, so a student
/// and a two-earner household are each measured against their own scale.
enum Materiality {
    /// The share of the month from which a shortfall (more out than in) is critical.
    static let criticalShareOfMonth = 0.05
    /// For a fall in net worth, also the share of the earlier net worth from which it is critical:
    /// a month that takes a twentieth of all a household owns is one to act on; a pension's
    /// valuation or a yearly bill moves it by 1–3% (the Samples' June 2026: 749.08, 2.2%).
    static let criticalShareOfWealth = 0.05

    /// The larger of a month's income and expenses (minor units, positive).
    static func scale(income: Int128, expenses: Int128) -> Double {
        Double(max(income, expenses, 0))
    }

    /// Critical when `shortfall` (positive minor units) is at least `criticalShareOfMonth` of
    /// `scale`, else warning. A month with no money in or out has nothing to weigh: critical.
    static func shortfallSeverity(_ shortfall: Double, scale: Double) -> InsightSeverity {
        guard scale > 0 else { return .critical }
        return shortfall / scale >= criticalShareOfMonth ? .critical : .warning
    }
}
