import Mustache

/// One thing the reader should look at: a warning or critical card, an anomaly, a missed payment,
/// a price rise or a notice about the data.
public struct AttentionItemView: MustacheParent, Sendable, Equatable {
    public var severity: SeverityView
    /// `Insight`, `Anomaly`, `Missed payment`, `Price rise`, `Data`.
    public var kind: String
    public var title: String
    /// One sentence with its numbers.
    public var message: String
    /// `£45.00`, or empty.
    public var figure: String
    public var transactions: [TransactionLinkView]

    public func child(named name: String) -> Any? {
        switch name {
        case "severity": severity
        case "kind": kind
        case "title": title
        case "message": message
        case "figure": figure
        case "hasFigure": !figure.isEmpty
        case "transactions": transactions
        case "hasTransactions": !transactions.isEmpty
        // For Markdown, where a transaction is named, never linked.
        case "transactionsText": transactions.map(\.label).joined(separator: "; ")
        default: nil
        }
    }
}
