import Mustache

/// A valued account's growth split and annual return, formatted.
public struct AccountGrowthView: MustacheParent, Sendable {
    /// `30 Sep 2024 to 30 Sep 2026`.
    public var period: String
    public var startValue: String
    public var paidIn: String
    public var withdrawn: String
    public var hasWithdrawn: Bool
    public var netContributions: String
    public var marketGrowth: String
    public var marketTone: String
    public var endValue: String
    /// `6.42% a year`, or `—`.
    public var annualReturn: String
    /// Why there is no rate, or how it is worked out.
    public var annualReturnNote: String
    /// `24 transfers`.
    public var contributions: String

    public func child(named name: String) -> Any? {
        switch name {
        case "period": period
        case "startValue": startValue
        case "paidIn": paidIn
        case "withdrawn": withdrawn
        case "hasWithdrawn": hasWithdrawn
        case "netContributions": netContributions
        case "marketGrowth": marketGrowth
        case "marketTone": marketTone
        case "endValue": endValue
        case "annualReturn": annualReturn
        case "annualReturnNote": annualReturnNote
        case "contributions": contributions
        default: nil
        }
    }
}
