import Mustache

/// One forecast month for the table under the chart.
public struct ForecastRowView: MustacheParent, Sendable, Equatable {
    /// `Nov 2026`.
    public var month: String
    public var income: String
    public var expenses: String
    /// `+£900.00`.
    public var net: String
    /// `+£780.00 to +£1,020.00`.
    public var range: String

    public func child(named name: String) -> Any? {
        switch name {
        case "month": month
        case "income": income
        case "expenses": expenses
        case "net": net
        case "range": range
        default: nil
        }
    }
}
