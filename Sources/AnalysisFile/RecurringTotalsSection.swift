/// What the active recurring series cost and bring each month, summed once by the analysis so the
/// report shows the total it did not have to work out.
public struct RecurringTotalsSection: Codable, Sendable, Equatable {
    /// Series with status `active`, those no rate converts included.
    public var activeCount: Int
    /// The active series' negative `monthlyAmount`s, as a positive amount in the base currency.
    public var monthlyOut: String
    /// The active series' other `monthlyAmount`s, in the base currency.
    public var monthlyIn: String
    /// Active series with no `monthlyAmount` (no rate converts them), left out of the sums; nil when
    /// there are none.
    public var unconverted: Int?

    public init(activeCount: Int, monthlyOut: String, monthlyIn: String, unconverted: Int?) {
        self.activeCount = activeCount
        self.monthlyOut = monthlyOut
        self.monthlyIn = monthlyIn
        self.unconverted = unconverted
    }
}
