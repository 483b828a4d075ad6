import Mustache

/// One of the month's largest expenses.
public struct ExpenseRowView: MustacheParent, Sendable {
    /// `tx-current_3a9f1c2a`: the row's id, which cards link to.
    public var anchor: String
    /// `12 Oct`.
    public var date: String
    /// `2026-10-12`, for `<time datetime>`.
    public var isoDate: String
    public var payee: String
    public var category: String
    /// The account's name.
    public var account: String
    /// Money out, positive: `£1,200.00`.
    public var amount: String

    public func child(named name: String) -> Any? {
        switch name {
        case "anchor": anchor
        case "date": date
        case "isoDate": isoDate
        case "payee": payee
        case "category": category
        case "account": account
        case "amount": amount
        default: nil
        }
    }
}
