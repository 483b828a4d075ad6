import Mustache

/// One year of the site: its months, newest first, and the year's totals so far.
public struct YearView: MustacheParent, Sendable {
    /// `2026`.
    public var year: String
    /// `year-2026.html`, beside the site's `index.html`.
    public var href: String
    public var entries: [SiteEntryView]
    public var income: String
    public var expenses: String
    public var net: String
    public var netTone: String
    public var savingsRate: String
    public var style: String

    /// `year-2026.html`.
    static func fileName(_ year: Int) -> String { "year-\(year).html" }

    public func child(named name: String) -> Any? {
        switch name {
        case "year": year
        case "href": href
        case "entries": entries
        case "monthCount": entries.count == 1 ? "1 month" : "\(entries.count) months"
        case "income": income
        case "expenses": expenses
        case "net": net
        case "netTone": netTone
        case "savingsRate": savingsRate
        case "style": style
        default: nil
        }
    }
}
