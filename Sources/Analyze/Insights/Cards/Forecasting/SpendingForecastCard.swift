import AnalysisFile
import Ledger

/// `spendingForecast` (seed 003): what next month should cost. The money out of the 30 days ending
/// at the month end, without the payments of the active recurring series, per day × the days of next
/// month (rounded half to even), plus the payments the active outgoing series are due to make next
/// month (each expected date from its next date on that falls in the month, at its current amount,
/// in base at the month end's rate). Warning when the forecast is more than this month's income,
/// neutral otherwise.
///
/// Lumpy income (`IncomeRhythm`): the forecast is weighed against the average monthly income of
/// the last 12 months, not this month's (a month between two lumps brought little).
///
/// Income that varies without coming in lumps: when the forecast is over this month's income but
/// within the average monthly income of the last 12 months, and this month's income lies within
/// the usual spread of the 12 before (`IncomeRhythm.holdsAsUsual`), the average is the yardstick
/// (neutral): a low month of invoices does not make next month's usual spending a warning. A
/// salary has no spread and is weighed as it is.
///
/// Known payments are set aside for: the warning weighs the forecast with each payment due of a
/// series of longer cadence than monthly (quarterly, half-yearly, yearly) at its monthly share
/// (`RecurringSeries.monthlyAmount`), not at its full amount. A household pays a half-yearly tax of
/// 1,400.00 from what it set aside over six months, so a December that forecasts it for January is
/// weighed with 233.33 of it. The forecast shown is still the whole of what next month should cost.
///
/// Adaptation: the seed forecasts the rest of the current month; a closed month has no days left,
/// so the forecast is for the month after it.
struct SpendingForecastCard: InsightCard {
    let type = "spendingForecast"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.forecasting

    static let windowDays = 30

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let history = facts.history
        let active = facts.inputs.recurring.filter { $0.series.status == .active }
        let window = MoneyOutWindow(
            days: SpendingForecastCard.windowDays, endingWith: facts.month, series: active, in: history)
        guard window.total > 0 else { return .omitted("no spending in the last 30 days") }
        let next = facts.month.adding(months: 1)
        let dayToDay = max(Int128(window.total) - Int128(window.recurring), 0)
        let daily = Int64(
            clamping:
                ExchangeRate.dividedRoundingHalfToEven(
                    dayToDay * Int128(next.dayCount), Int128(SpendingForecastCard.windowDays)))
        var due: Int128 = 0
        var setAside: Int128 = 0
        for (entry, monthly) in facts.recurringOutgoings {
            let payments = SpendingForecastCard.paymentCount(entry.series, in: next)
            guard payments > 0, let amount = facts.seriesAmountInBase(entry, entry.series.amount), amount < 0 else {
                continue
            }
            due += Int128(payments) * -Int128(amount)
            if (entry.series.cadence.stepMonths ?? 0) > 1 {
                setAside += Int128(payments) * -Int128(amount) - Int128(monthly)
            }
        }
        let recurringDue = Int64(clamping: due)
        let forecast = Int64(clamping: Int128(daily) + due)
        let rhythm = IncomeRhythm(facts)
        let weighed = Int64(clamping: Int128(forecast) - max(setAside, 0))
        // Varying income: the 12 months' average decides only when it turns a warning on this
        // month's income into none.
        let varies =
            !rhythm.isLumpy && weighed > facts.current.income && weighed <= rhythm.averageIncome
            && IncomeRhythm(facts, endingAt: -1).holdsAsUsual(facts.current.income)
        let income =
            rhythm.isLumpy || varies ? rhythm.averageIncome : Int64(clamping: facts.current.income)
        let over = weighed > income
        let whose =
            rhythm.isLumpy
            ? "your average monthly income of \(facts.money(income)) \(rhythm.phrase)"
            : varies
                ? "your average monthly income of \(facts.money(income)) over the last \(rhythm.months) months "
                    + "(this month's \(facts.money(Int64(clamping: facts.current.income))) was within its usual spread)"
                : "this month's income of \(facts.money(income))"
        var comparison = over ? "more than \(whose)" : "within \(whose)"
        if weighed < forecast, forecast > income, !over {
            comparison =
                "more than \(whose), and within it with the quarterly, half-yearly or yearly payments at their "
                + "monthly share (\(facts.money(weighed)))"
        }
        return .fired(
            Insight(
                title: "Spending forecast",
                message:
                    "\(next.displayName) should cost about \(facts.money(forecast)): \(facts.money(daily)) of "
                    + "day-to-day spending at the last 30 days' rate and \(facts.money(recurringDue)) of recurring "
                    + "payments due, \(comparison).",
                metric: facts.moneyMetric(forecast), severity: over ? .warning : .neutral,
                detail: [
                    InsightPoint(label: "day-to-day", value: facts.decimal(daily)),
                    InsightPoint(label: "recurring", value: facts.decimal(recurringDue)),
                ]))
    }

    /// How many of the series' expected dates, from its next date on, fall in `month`.
    static func paymentCount(_ series: RecurringSeries, in month: YearMonth) -> Int {
        let first = month.firstDay
        let last = month.lastDay
        var count = 0
        // A weekly series makes at most 5 payments a month; the bound only guards the loop.
        for step in 0..<64 {
            guard let date = series.cadence.step(from: series.nextDate, anchorDay: series.nextDate.day, by: step),
                date <= last
            else { break }
            if date >= first { count += 1 }
        }
        return count
    }
}
