import AnalysisFile
import Ledger

/// `priceIncrease` (seed 000): active recurring series that take money out and whose price went up
/// this month: the old and new amounts, and what the difference costs in a year (the difference ×
/// payments per year: weekly 52, fortnightly 26, four-weekly 13, monthly 12, quarterly 4, yearly 1),
/// converted into base at the month end's rate. Warning; the metric is the total yearly extra.
///
/// A series with several price changes dated this month is judged on the month's net step (the
/// first change's old amount to the last change's new one), so 10.99 → 12.99 → 11.99 counts as one
/// rise of 1.00. Quiet when no price went up.
struct PriceIncreaseCard: InsightCard {
    let type = "priceIncrease"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.recurring

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        var rises: [(entry: RecurringBook.Entry, from: Int64, to: Int64, yearly: Int64)] = []
        for (entry, _) in facts.recurringOutgoings {
            let changes = entry.series.priceChanges.filter { $0.date.yearMonth == facts.month }
            guard let first = changes.first, let last = changes.last, last.to.magnitude > first.from.magnitude else {
                continue
            }
            let factor = entry.series.cadence.monthlyFactor
            let perYear = factor.numerator * 12 / factor.denominator
            let step = Int64(clamping: last.to.magnitude - first.from.magnitude)
            let yearly = step.multipliedReportingOverflow(by: perYear)
            guard !yearly.overflow, let inBase = facts.seriesAmountInBase(entry, yearly.partialValue) else {
                continue
            }
            rises.append((entry, first.from, last.to, inBase))
        }
        guard !rises.isEmpty else { return .quiet }
        rises.sort {
            $0.yearly != $1.yearly ? $0.yearly > $1.yearly : facts.seriesPayee($0.entry) < facts.seriesPayee($1.entry)
        }
        let total = rises.reduce(Int64(0)) { $0.addingReportingOverflow($1.yearly).partialValue }
        let verb = rises.count == 1 ? " went up" : ""
        let steps = rises.map { rise in
            let phrase = MoneyPhrase(currency: facts.history.currency(at: rise.entry.latest))
            return "\(facts.seriesPayee(rise.entry))\(verb) from \(phrase.magnitude(rise.from)) to "
                + phrase.magnitude(rise.to)
        }
        let message =
            rises.count == 1
            ? "\(steps[0]), which costs \(facts.money(total)) more a year."
            : "\(rises.count) recurring payments went up this month (\(steps.joined(separator: ", "))), "
                + "costing \(facts.money(total)) more a year."
        return .fired(
            Insight(
                title: "Price increase", message: message, metric: facts.moneyMetric(total), severity: .warning,
                detail: rises.map { InsightPoint(label: facts.seriesPayee($0.entry), value: facts.decimal($0.yearly)) },
                transactionIDs: rises.map { facts.seriesLatestID($0.entry) }))
    }
}
