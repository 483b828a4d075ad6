import Mustache

/// What the site's `index.html` and `feed.xml` templates show: every month, newest first.
public struct SiteView: MustacheParent, Sendable {
    public var entries: [SiteEntryView]
    /// The newest entry's `updated`: the feed's own timestamp, never the clock.
    public var updated: String
    /// `urn:closebook:reports`.
    public var feedID: String
    /// `style.css`, for the index page.
    public var style: String
    /// One page per year, newest first.
    public var years: [YearView]
    /// Every account with a page, by name.
    public var accounts: [SiteAccountView] = []

    public func child(named name: String) -> Any? {
        switch name {
        case "entries": entries
        case "hasEntries": !entries.isEmpty
        case "monthCount": entries.count == 1 ? "1 month" : "\(entries.count) months"
        case "updated": updated
        case "feedID": feedID
        case "style": style
        case "years": years
        case "hasYears": !years.isEmpty
        case "accounts": accounts
        case "hasAccounts": !accounts.isEmpty
        default: nil
        }
    }
}
