import Mustache

/// One piece of advice with the money it is worth each month and the figures behind it.
public struct RecommendationView: MustacheParent, Sendable, Equatable {
    /// `Review a subscription`.
    public var kind: String
    public var message: String
    /// `£12.99 a month`, or empty for advice that saves nothing.
    public var saving: String
    /// `£400.00 a month` for advice that moves money (the surplus), or empty.
    public var moves: String = ""
    public var evidence: [String]
    public var transactions: [TransactionLinkView]

    public func child(named name: String) -> Any? {
        switch name {
        case "kind": kind
        case "message": message
        case "saving": saving
        case "hasSaving": !saving.isEmpty
        case "moves": moves
        case "hasMoves": !moves.isEmpty
        case "evidence": evidence
        case "hasEvidence": !evidence.isEmpty
        case "transactions": transactions
        case "hasTransactions": !transactions.isEmpty
        // For Markdown, where a transaction is named, never linked.
        case "transactionsText": transactions.map(\.label).joined(separator: "; ")
        default: nil
        }
    }
}
