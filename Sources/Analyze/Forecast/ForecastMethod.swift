/// How one series (income or expenses) is forecast.
public enum ForecastMethod: String, Sendable, Equatable, CaseIterable {
    /// A linear trend plus a month-of-year seasonal part (13 months of history or more).
    case trendSeasonal = "trend+seasonal"
    /// A linear trend alone (fewer than 13 months).
    case trend
    /// The mean of the last three months, used wherever the model did not beat it in the back-test.
    case naive = "naive (mean of last 3 months)"
    /// No forecast: too little history.
    case none
}
