import Mustache

/// One month of the trend, for the table under the chart.
public struct TrendRowView: MustacheParent, Sendable {
    /// `Oct 2026`.
    public var month: String
    public var income: String
    public var expenses: String
    /// `+£837.65`.
    public var net: String
    public var netTone: String

    public func child(named name: String) -> Any? {
        switch name {
        case "month": month
        case "income": income
        case "expenses": expenses
        case "net": net
        case "netTone": netTone
        default: nil
        }
    }
}
