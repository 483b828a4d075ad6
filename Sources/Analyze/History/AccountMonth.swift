/// One account's movements in one month, in the account's own currency (transfers included: this
/// is the account's own view, as its bank statement shows it).
public struct AccountMonth: Sendable, Equatable {
    public var inflow: Int128 = 0
    /// Money out as a positive amount.
    public var outflow: Int128 = 0
    public var count = 0

    public init() {}

    public var change: Int128 { inflow - outflow }
}
