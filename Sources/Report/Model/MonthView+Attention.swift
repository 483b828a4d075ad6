import AnalysisFile
import Ledger

extension MonthView {
    /// How many anomalies the attention list shows; the JSON has them all.
    static let attentionAnomalyLimit = 3

    /// `0.86`: a risk score to two decimals.
    static func riskText(_ risk: Double) -> String {
        let hundredths = Int64((min(max(risk, 0), 1) * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }

    /// What needs attention, most serious first: critical and warning cards, the riskiest
    /// anomalies, missed payments, price rises this month, then notices about the data.
    ///
    /// An anomaly or a recurring series whose transactions a card already names is not repeated;
    /// nor is an anomaly without transactions (a category spike) when the `anomaly` card, which
    /// lists the riskiest three with their reasons, is in the list: one spike is one item.
    static func attention(
        _ report: MonthReport, directory: TransactionDirectory, text: (String) -> String
    ) -> [AttentionItemView] {
        var items: [(rank: Int, item: AttentionItemView)] = []
        var named: Set<String> = []
        var namedTypes: Set<String> = []
        for card in report.sections.insights ?? [] {
            let severity = SeverityView(card.severity)
            guard severity.level == "critical" || severity.level == "warning" else { continue }
            named.formUnion(card.transactionIds ?? [])
            namedTypes.insert(card.type)
            items.append(
                (
                    severity.rank,
                    AttentionItemView(
                        severity: severity, kind: "Insight", title: text(card.title), message: text(card.message),
                        figure: EngineValueFormatter.metric(card.metric),
                        transactions: directory.links(card.transactionIds, text: text))
                ))
        }
        for anomaly in (report.sections.anomalies ?? []).prefix(attentionAnomalyLimit)
        where anomaly.transactionIds.isEmpty
            ? !namedTypes.contains("anomaly") : named.isDisjoint(with: anomaly.transactionIds)
        {
            // The analysis decides the severity; an entry without one (built by hand) is a warning.
            let severity = SeverityView(anomaly.severity ?? "warning")
            items.append(
                (
                    severity.rank,
                    AttentionItemView(
                        severity: severity, kind: "Anomaly",
                        title:
                            "\(text(typeName(anomaly.kind))): \(text(anomaly.payee.isEmpty ? anomaly.category : anomaly.payee))",
                        message: text(anomaly.reason) + " Risk score \(riskText(anomaly.risk)) of 1.",
                        figure: EngineValueFormatter.magnitude(anomaly.amount, report.currency),
                        transactions: directory.links(anomaly.transactionIds, text: text))
                ))
        }
        // The engine's missedPayment card judges which late series to speak of (a series of three
        // shop visits can be chance); the recurring list decides only for files without cards.
        let cardsJudged = report.sections.insights != nil
        for entry in report.sections.recurring ?? [] {
            let known = !named.isDisjoint(with: entry.transactionIds)
            if entry.status == "missed", !known, !cardsJudged, !namedTypes.contains("missedPayment") {
                let due = entry.expectedDate.map { " was due on \(EngineValueFormatter.date($0))" } ?? " is late"
                items.append(
                    (
                        1,
                        AttentionItemView(
                            severity: SeverityView("warning"), kind: "Missed payment",
                            title: "\(text(entry.payee)) did not arrive",
                            message:
                                "The \(text(cadenceName(entry.cadence).lowercased())) payment of "
                                + "\(EngineValueFormatter.magnitude(entry.amount, Currency(code: entry.currency) ?? report.currency))"
                                + "\(due) and has not been seen since.",
                            figure: "", transactions: directory.links(Array(entry.transactionIds.suffix(1)), text: text)
                        )
                    ))
            }
            for change in entry.priceChanges where !known && !namedTypes.contains("priceIncrease") {
                guard let date = CivilDate(iso: change.date), report.month.contains(date) else { continue }
                let currency = Currency(code: entry.currency) ?? report.currency
                guard let from = try? Money.parse(change.from, currency: currency),
                    let to = try? Money.parse(change.to, currency: currency),
                    to.minorUnits.magnitude > from.minorUnits.magnitude
                else { continue }
                items.append(
                    (
                        1,
                        AttentionItemView(
                            severity: SeverityView("warning"), kind: "Price rise",
                            title: "\(text(entry.payee)) costs more",
                            message:
                                "From \(EngineValueFormatter.magnitude(change.from, currency)) to "
                                + "\(EngineValueFormatter.magnitude(change.to, currency)) on "
                                + "\(EngineValueFormatter.date(change.date)).",
                            figure: EngineValueFormatter.magnitude(change.to, currency),
                            transactions: directory.links(Array(entry.transactionIds.suffix(1)), text: text))
                    ))
            }
        }
        // Stable: the engine's order within each rank.
        return items.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            .map(\.element.item)
    }
}
