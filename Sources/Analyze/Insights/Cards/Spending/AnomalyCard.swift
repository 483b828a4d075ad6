import AnalysisFile

/// `anomaly` (seed 000): the month's anomalies, already ranked riskiest first; the three riskiest
/// with their reasons in the detail (labelled by payee, or by category for a category spike).
/// Warning with the number of anomalies; quiet when there are none. The transaction ids are those
/// of the three (none when they are all category spikes, which are about no one transaction).
struct AnomalyCard: InsightCard {
    let type = "anomaly"
    let detailUnit: InsightDetailUnit? = .text
    let category = InsightCategory.spending

    static let shown = 3

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let anomalies = facts.inputs.anomalies
        guard let first = anomalies.first else { return .quiet }
        let top = anomalies.prefix(AnomalyCard.shown)
        let count = anomalies.count
        let ids = top.flatMap(\.transactionIDs)
        var reason = first.reason
        while reason.hasSuffix(".") { reason.removeLast() }
        return .fired(
            Insight(
                title: "Unusual activity",
                message:
                    "\(count) thing\(count == 1 ? "" : "s") in this month look\(count == 1 ? "s" : "") unusual; "
                    + "the riskiest: \(reason).",
                metric: InsightMetric(value: String(count), unit: "count"), severity: .warning,
                detail: top.map { InsightPoint(label: $0.payee.isEmpty ? $0.category : $0.payee, value: $0.reason) },
                transactionIDs: ids.isEmpty ? nil : ids))
    }
}
