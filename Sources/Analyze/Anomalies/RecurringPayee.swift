/// A recurring series with the payee and category it belongs to, for `PriceChangeDetector`.
public struct RecurringPayee: Sendable, Equatable {
    public var payee: String
    public var category: String
    public var series: RecurringSeries
    /// The id of the series' latest occurrence.
    public var latestID: String

    public init(payee: String, category: String, series: RecurringSeries, latestID: String) {
        self.payee = payee
        self.category = category
        self.series = series
        self.latestID = latestID
    }
}
