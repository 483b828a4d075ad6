import Mustache

/// One account's month, amounts in the account's own currency.
public struct AccountRowView: MustacheParent, Sendable {
    public var name: String
    /// `Credit card`.
    public var kind: String
    /// `••••2222`, or `—`.
    public var number: String
    public var currency: String
    /// Opening and closing balances, or `—` where no opening balance is configured; a valued
    /// account's (`valuations.csv`) are its values at the two month ends.
    public var opening: String
    public var closing: String
    public var inflow: String
    public var outflow: String
    public var transactions: String
    /// `bad` when the closing balance is below zero.
    public var closingTone: String
    /// `▲ +£1,450.70 (+4.0%)` against the month before, in the base currency, from the net worth
    /// (a valued account's too); empty when either month's value is unknown.
    public var change: String = ""
    public var changeTone: String = "flat"
    /// `28 Oct 2026`, or `—` with no transaction yet.
    public var newest: String = "—"
    /// `✓ Whole month` (statements cover every day), `✗ Partly, to 18 Oct 2026`, `✗ Partly, from
    /// 2 Sep 2024`, `✗ Partly, with a gap`, `✗ None`, or `—` when unknown.
    public var coverage: String = "—"
    /// `good`, `bad` or `flat`: repeats what `coverage` says in words.
    public var coverageTone: String = "flat"
    /// The account's page, `../accounts/current.html` (`.md` from the Markdown); empty without one.
    public var href: String = ""

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "kind": kind
        case "number": number
        case "currency": currency
        case "opening": opening
        case "closing": closing
        case "inflow": inflow
        case "outflow": outflow
        case "transactions": transactions
        case "closingTone": closingTone
        case "change": change
        case "changeTone": changeTone
        case "newest": newest
        case "coverage": coverage
        case "coverageTone": coverageTone
        case "href": href
        case "hasHref": !href.isEmpty
        default: nil
        }
    }
}
