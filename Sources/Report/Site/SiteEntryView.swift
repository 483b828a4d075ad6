import Mustache

/// One month in the site index and the feed. Links are relative to the site folder.
public struct SiteEntryView: MustacheParent, Sendable {
    /// `2026-10`.
    public var month: String
    /// `October 2026`.
    public var monthName: String
    /// `2026-10/index.html`.
    public var href: String
    public var markdownHref: String
    public var jsonHref: String
    public var income: String
    public var expenses: String
    public var net: String
    public var netTone: String
    public var savingsRate: String
    /// `urn:closebook:report:2026-10`: stable across runs and machines.
    public var id: String
    /// `2026-10-31T23:59:59Z`: the end of the month, so the feed is reproducible.
    public var updated: String
    /// `Income £3,450.00, expenses £2,612.35, net +£837.65 (savings rate 24.3%).`
    public var summary: String
    /// `72 Good`, or `—`.
    public var healthScore: String
    /// Inline SVG of net worth over the last months, or empty.
    public var sparkline: String
    /// `year-2026.html`.
    public var yearHref: String
    /// `restated 27 Nov 2026` for a month changed after it was closed, `partial: …` for one the
    /// exports do not cover whole, else empty.
    public var restated: String = ""

    public func child(named name: String) -> Any? {
        switch name {
        case "month": month
        case "monthName": monthName
        case "href": href
        case "markdownHref": markdownHref
        case "jsonHref": jsonHref
        case "income": income
        case "expenses": expenses
        case "net": net
        case "netTone": netTone
        case "savingsRate": savingsRate
        case "id": id
        case "updated": updated
        case "summary": summary
        case "healthScore": healthScore
        case "sparkline": sparkline
        case "hasSparkline": !sparkline.isEmpty
        case "yearHref": yearHref
        case "restated": restated
        case "hasRestated": !restated.isEmpty
        default: nil
        }
    }
}
