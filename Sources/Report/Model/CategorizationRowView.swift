import Mustache

/// One line of the categorisation tables: a source of categories with the money out it
/// categorised, or an uncategorised payee with its money.
public struct CategorizationRowView: MustacheParent, Sendable {
    /// `starter rules`, or a payee.
    public var name: String
    /// `£1,200.00`; an uncategorised payee's money in is `+£50.00`.
    public var amount: String
    /// `12.5%` of the month's spending; empty for a payee.
    public var share: String
    /// `3`.
    public var transactions: String

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "amount": amount
        case "share": share
        case "transactions": transactions
        default: nil
        }
    }
}
