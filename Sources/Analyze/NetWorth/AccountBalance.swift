import Ledger

/// One account's balance at one month end, as net worth counts it.
public struct AccountBalance: Sendable, Equatable {
    public enum Source: String, Sendable {
        case transactions, statement, valuation, unknown
    }

    /// In the account's currency; nil when unknown.
    public var balance: Int128?
    /// In base minor units; nil when unknown or not convertible.
    public var inBase: Int128?
    public var source: Source
    public var valuedOn: CivilDate?
    /// False once the account is closed: it is then left out of the total and the list.
    public var open: Bool
}
