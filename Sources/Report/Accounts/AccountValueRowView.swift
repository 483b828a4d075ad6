import Mustache

/// A dated value on an account's page: a valuation, or a month end's balance.
public struct AccountValueRowView: MustacheParent, Sendable {
    /// `30 Sep 2026`, or `Sep 2026` for a month end.
    public var label: String
    public var value: String
    /// `valuations.csv`, `Investment statement`, `Transactions`, …
    public var source: String

    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        case "source": source
        default: nil
        }
    }
}
