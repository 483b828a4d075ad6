import Mustache

/// One recurring payment or income in the table.
public struct RecurringRowView: MustacheParent, Sendable, Equatable {
    public var payee: String
    public var category: String
    /// `Monthly`.
    public var cadence: String
    /// `£12.99 out`, `£2,000.00 in`, in the account's currency.
    public var amount: String
    /// Per month in the report's currency: `£12.99`, or `—` without a rate.
    public var monthly: String
    /// `3 Nov 2026`.
    public var nextDate: String
    /// `Active`, `Missed (expected 3 Oct 2026)`, `Ended`.
    public var status: String
    /// `bad` for missed, `flat` otherwise: a CSS class; `status` says it in words.
    public var statusTone: String
    /// `£9.99 → £12.99 on 3 Aug 2026`, one per change.
    public var priceChanges: [String]

    public func child(named name: String) -> Any? {
        switch name {
        case "payee": payee
        case "category": category
        case "cadence": cadence
        case "amount": amount
        case "monthly": monthly
        case "nextDate": nextDate
        case "status": status
        case "statusTone": statusTone
        case "priceChanges": priceChanges
        case "hasPriceChanges": !priceChanges.isEmpty
        case "priceChangesCell": priceChanges.isEmpty ? "—" : priceChanges.joined(separator: "; ")
        default: nil
        }
    }
}
