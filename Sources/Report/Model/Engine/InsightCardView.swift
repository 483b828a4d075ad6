import Mustache

/// One insight card: its number, its severity in words, the sentence behind it.
public struct InsightCardView: MustacheParent, Sendable, Equatable {
    public var title: String
    public var message: String
    /// `24.3%`, `£45.00`, `3.2 months`.
    public var metric: String
    public var severity: SeverityView
    /// The card's series, `Jul 2026 21.0% · Aug 2026 24.3%`, or empty.
    public var detail: String
    public var transactions: [TransactionLinkView]

    public func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "message": message
        case "metric": metric
        case "severity": severity
        case "detail": detail
        case "hasDetail": !detail.isEmpty
        case "transactions": transactions
        case "hasTransactions": !transactions.isEmpty
        // For Markdown, where a transaction is named, never linked.
        case "transactionsText": transactions.map(\.label).joined(separator: "; ")
        default: nil
        }
    }
}
