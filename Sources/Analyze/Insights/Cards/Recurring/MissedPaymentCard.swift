import AnalysisFile
import Ledger

/// `missedPayment` (seed 000): recurring series whose next payment is late by more than the
/// cadence's tolerance at the month end, and not yet late enough to count as ended (status
/// `missed`). Critical when one of them brings money in (a salary that did not come), else warning.
/// The metric counts them; the detail gives each payee and the date its payment was expected.
/// Quiet when every series is on time.
///
/// Only a series paid at least once more than the detector needs to call it one (4 monthly or
/// quarterly payments, 5 weekly-type ones, 2 yearly) is said to have missed a payment: three shop
/// visits that happen to fall a month apart make a series, and a "missed payment" of it would be a
/// false alarm. (Yearly series are the exception: two years of an insurance premium are evidence
/// enough, and a third year takes too long to wait for; likewise a twice-yearly payment at 3.)
struct MissedPaymentCard: InsightCard {
    let type = "missedPayment"
    let detailUnit: InsightDetailUnit? = .date
    let category = InsightCategory.recurring

    static func isEstablished(_ series: RecurringSeries) -> Bool {
        series.cadence == .yearly || series.cadence == .halfYearly
            || series.count > series.cadence.minimumOccurrences
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let missed = facts.inputs.recurring.compactMap { entry in
            entry.series.status == .missed && MissedPaymentCard.isEstablished(entry.series)
                ? entry.series.expectedDate.map { (entry: entry, expected: $0) } : nil
        }.sorted {
            $0.expected != $1.expected
                ? $0.expected < $1.expected : facts.seriesPayee($0.entry) < facts.seriesPayee($1.entry)
        }
        guard !missed.isEmpty else { return .quiet }
        let income = missed.contains { $0.entry.series.amount > 0 }
        let items = missed.map { item in
            let phrase = MoneyPhrase(currency: facts.history.currency(at: item.entry.latest))
            let direction = item.entry.series.amount > 0 ? "in" : "out"
            return "\(facts.seriesPayee(item.entry)) (\(phrase.magnitude(item.entry.series.amount)) \(direction), "
                + "expected on \(item.expected.isoString))"
        }
        let message =
            missed.count == 1
            ? "A recurring payment did not come: \(items[0])."
            : "\(missed.count) recurring payments did not come: \(items.joined(separator: ", "))."
        return .fired(
            Insight(
                title: "Missed payment", message: message,
                metric: InsightMetric(value: String(missed.count), unit: "count"),
                severity: income ? .critical : .warning,
                detail: missed.map { InsightPoint(label: facts.seriesPayee($0.entry), value: $0.expected.isoString) },
                transactionIDs: missed.map { facts.seriesLatestID($0.entry) }))
    }
}
