import Mustache

/// One of an account's largest movements on its page.
public struct AccountMovementRowView: MustacheParent, Sendable {
    /// `14 Mar 2026`.
    public var date: String
    public var isoDate: String
    public var payee: String
    public var category: String
    /// `+£2,000.00`, `−£2,400.00`: signed, in the account's currency.
    public var amount: String
    /// `good` money in, `bad` money out.
    public var tone: String

    public func child(named name: String) -> Any? {
        switch name {
        case "date": date
        case "isoDate": isoDate
        case "payee": payee
        case "category": category
        case "amount": amount
        case "tone": tone
        default: nil
        }
    }
}
