import AnalysisFile
import Ledger

/// `incomeSeasonality` (seed 003): every month of the data up to this one grouped by calendar month;
/// the mean income of each calendar month (a month inside the data without income counts as 0),
/// and the peak and the trough against the mean of those 12 means. Neutral. The metric is how far
/// the peak is above that mean; the detail the 12 means, January to December. On a tie the earlier
/// calendar month is named.
struct IncomeSeasonalityCard: InsightCard {
    let type = "incomeSeasonality"
    let category = InsightCategory.forecasting

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.monthsOfHistory >= 12, let first = facts.history.firstMonth else {
            return .omitted("needs 12 months of history")
        }
        var sums = [Int128](repeating: 0, count: 12)
        var counts = [Int](repeating: 0, count: 12)
        var month = first
        while month <= facts.month {
            sums[month.month - 1] += facts.context.flows(of: month)?.income ?? 0
            counts[month.month - 1] += 1
            month = month.adding(months: 1)
        }
        let means = (0..<12).map {
            InsightFacts.clamp(ExchangeRate.dividedRoundingHalfToEven(sums[$0], Int128(max(counts[$0], 1))))
        }
        let average = InsightFacts.clamp(
            ExchangeRate.dividedRoundingHalfToEven(means.reduce(Int128(0)) { $0 + Int128($1) }, 12))
        guard average > 0 else { return .omitted("no income in the last 12 months") }
        var peak = 0
        var trough = 0
        for index in 1..<12 {
            if means[index] > means[peak] { peak = index }
            if means[index] < means[trough] { trough = index }
        }
        let above = Double(means[peak] - average) / Double(average)
        let below = Double(average - means[trough]) / Double(average)
        let names = YearMonth.monthNames
        return .fired(
            Insight(
                title: "Income seasonality",
                message:
                    "Your income peaks in \(names[peak]) (\(facts.money(means[peak])) on average, "
                    + "\(InsightFacts.percent(above)) above your monthly average of \(facts.money(average))) and is "
                    + "lowest in \(names[trough]) (\(facts.money(means[trough])), \(InsightFacts.percent(below)) below).",
                metric: InsightFacts.percentMetric(above), severity: .neutral,
                detail: (0..<12).map {
                    InsightPoint(label: String(names[$0].prefix(3)), value: facts.decimal(means[$0]))
                }))
    }
}
