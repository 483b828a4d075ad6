import Mustache

/// Net worth at the month end and the forecast of the months ahead.
public struct WealthView: MustacheParent, Sendable, Equatable {
    /// `+£10,165.00`, or empty without a net worth section.
    public var netWorth: String
    /// `▲ +£1,230.10 (+13.8%) on last month`, or empty.
    public var netWorthChange: String
    /// Inline SVG, or empty.
    public var netWorthChart: String
    public var forecast: [ForecastRowView]
    /// Inline SVG, or empty.
    public var forecastChart: String
    /// How the forecast was made and how it did on past months, or empty.
    public var forecastNote: String

    public func child(named name: String) -> Any? {
        switch name {
        case "netWorth": netWorth
        case "hasNetWorth": !netWorth.isEmpty
        case "netWorthChange": netWorthChange
        case "hasNetWorthChange": !netWorthChange.isEmpty
        case "netWorthChart": netWorthChart
        case "hasNetWorthChart": !netWorthChart.isEmpty
        case "forecast": forecast
        case "hasForecast": !forecast.isEmpty
        case "forecastChart": forecastChart
        case "hasForecastChart": !forecastChart.isEmpty
        case "forecastNote": forecastNote
        case "hasForecastNote": !forecastNote.isEmpty
        default: nil
        }
    }
}
