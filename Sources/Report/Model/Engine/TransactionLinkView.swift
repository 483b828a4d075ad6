import Mustache

/// A transaction a card or an anomaly is about: a link to its row where the page lists it,
/// otherwise its description (or its id) as text.
public struct TransactionLinkView: MustacheParent, Sendable, Equatable {
    /// `Landlord Lettings Ltd, 1 Oct 2026, £1,200.00`.
    public var label: String
    /// `#tx-current_3a9f1c2a`, or empty when the page does not list the transaction.
    public var href: String

    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "href": href
        case "hasHref": !href.isEmpty
        default: nil
        }
    }
}
