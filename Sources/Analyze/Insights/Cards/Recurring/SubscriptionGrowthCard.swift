import AnalysisFile
import Ledger

/// `subscriptionGrowth` (seed 003): the monthly cost of the active outgoing recurring series at this
/// month's end against the same sum at the end of the month three months earlier (each converted at
/// its own month end's rate). change = (now − then) ÷ then: warning over +10%, positive under −10%,
/// neutral between (exactly ±10% is neutral).
///
/// Adaptation: the seed compares with "3 months ago"; a closed month reads the recurring series the
/// detector saw at the end of M−3, so both sides are judged the same way.
struct SubscriptionGrowthCard: InsightCard {
    let type = "subscriptionGrowth"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.recurring
    /// How many months back the month compared with is.
    static let monthsBack = 3

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let then = facts.month.adding(months: -Self.monthsBack)
        guard facts.monthsOfHistory >= 4, let earlier = facts.inputs.recurring(at: then) else {
            return .omitted("needs 4 months of history")
        }
        let before = facts.outgoingMonthlyTotal(of: earlier, at: then).total
        guard before > 0 else { return .omitted("no recurring payments 3 months ago") }
        let now = facts.recurringExpenses
        let difference = Int128(now) - Int128(before)
        // Exact thresholds: change > 10% ⟺ 10 × difference > before.
        let severity: InsightSeverity =
            difference * 10 > Int128(before) ? .warning : difference * 10 < -Int128(before) ? .positive : .neutral
        let change = Double(difference) / Double(before)
        let direction =
            difference == 0
            ? "the same as"
            : "\(InsightFacts.percent(abs(change))) \(difference > 0 ? "more than" : "less than")"
        return .fired(
            Insight(
                title: "Subscription growth",
                message:
                    "Your recurring payments cost \(facts.money(now)) a month, \(direction) the "
                    + "\(facts.money(before)) of \(then.displayName).",
                metric: InsightFacts.percentMetric(change), severity: severity,
                detail: [
                    InsightPoint(label: then.description, value: facts.decimal(before)),
                    InsightPoint(label: facts.month.description, value: facts.decimal(now)),
                ]))
    }
}
