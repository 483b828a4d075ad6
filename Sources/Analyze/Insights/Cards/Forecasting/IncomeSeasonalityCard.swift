import AnalysisFile
import Ledger

/// `incomeSeasonality` (seed 003): every month of the data up to this one grouped by calendar month;
/// the mean income of each calendar month (a month inside the data without income counts as 0),
/// and the peak and the trough against the mean of those 12 means. Neutral. The metric is how far
/// the peak is above that mean; the detail the 12 means, January to December. On a tie the earlier
/// calendar month is named.
///
/// A season needs evidence: the card names a peak only when the forecast's income series is
/// seasonal, that is when the trend and month-of-year model beat the naive forecast by
/// `Forecaster.modelMargin` in the back-test (13 months of history or more). Otherwise it names no
/// month: income whose naive back-test error is at most `steadyError` is steady; above it, the
/// income is irregular and the forecast shows the wider band (the metric is then that error). Seed
/// 003's means alone would find a peak in any noise: a self-employed household's best invoice month.
struct IncomeSeasonalityCard: InsightCard {
    /// The naive back-test error (MAPE) up to which income is called steady rather than irregular.
    static let steadyError = 0.05

    let type = "incomeSeasonality"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.forecasting

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.monthsOfHistory >= TrendSeasonalModel.seasonalMinimumMonths, let first = facts.history.firstMonth
        else { return .omitted("needs 13 months of history to test a season") }
        var sums = [Int128](repeating: 0, count: 12)
        var counts = [Int](repeating: 0, count: 12)
        var month = first
        while month <= facts.month {
            sums[month.month - 1] += facts.context.flows(of: month)?.income ?? 0
            counts[month.month - 1] += 1
            month = month.adding(months: 1)
        }
        let means = (0..<12).map {
            Int64(clamping: ExchangeRate.dividedRoundingHalfToEven(sums[$0], Int128(max(counts[$0], 1))))
        }
        let average = Int64(
            clamping:
                ExchangeRate.dividedRoundingHalfToEven(means.reduce(Int128(0)) { $0 + Int128($1) }, 12))
        guard average > 0 else { return .omitted("no income in the last 12 months") }
        let names = YearMonth.monthNames
        var peak = 0
        var trough = 0
        for index in 1..<12 {
            if means[index] > means[peak] { peak = index }
            if means[index] < means[trough] { trough = index }
        }
        let forecast = facts.inputs.forecast
        if forecast.incomeMethod != .trendSeasonal {
            guard let naiveError = forecast.backtest?.naiveIncomeMAPE else {
                return .omitted("no income in the back-test's months")
            }
            let modelError = forecast.backtest?.incomeMAPE.map { "off by \(InsightFacts.percent($0)) against " } ?? ""
            let steady = naiveError <= Self.steadyError
            return .fired(
                Insight(
                    title: "Income seasonality",
                    message: steady
                        ? "Your income is steady: forecast by the average of the last three months, it was off by "
                            + "\(InsightFacts.percent(naiveError)) a month on average in the back-test; no month of the "
                            + "year stands out."
                        : "Your income is irregular: a seasonal forecast did not beat the average of the last three "
                            + "months by 10% in the back-test (\(modelError)\(InsightFacts.percent(naiveError))), so no "
                            + "month is named and the forecast uses that average with a wider band.",
                    metric: InsightFacts.percentMetric(naiveError), severity: .neutral,
                    detail: (0..<12).map {
                        InsightPoint(label: String(names[$0].prefix(3)), value: facts.decimal(means[$0]))
                    }))
        }
        let above = Double(means[peak] - average) / Double(average)
        let below = Double(average - means[trough]) / Double(average)
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
