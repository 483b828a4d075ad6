import AnalysisFile
import Foundation
import Ledger
import Mustache

/// One account in the site index: its page, kind and latest balance or value.
public struct SiteAccountView: MustacheParent, Sendable, Equatable {
    public var name: String
    /// `accounts/current.html`.
    public var href: String
    public var kind: String
    /// `£25,388.52`, or `—` when unknown.
    public var latest: String
    /// `Oct 2026`: the month end of `latest`.
    public var asOf: String

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "href": href
        case "kind": kind
        case "latest": latest
        case "asOf": asOf
        default: nil
        }
    }

    /// The accounts whose pages `SITE/accounts/*.json` hold, in name order: found on disk, as the
    /// months are, so an index rebuilt without rendering the newest month still lists them. A file
    /// that cannot be read is left out (the run that wrote it reported it).
    public static func scan(site: String) -> [SiteAccountView] {
        let folder = "\(site)/\(AccountPageName.folder)"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        var views: [SiteAccountView] = []
        for name in names where name.hasSuffix(".json") {
            guard let bytes = try? FileOutput.read("\(folder)/\(name)"),
                let document = try? JSONFile.decode(AccountDocument.self, from: bytes, path: name)
            else { continue }
            let story = document.account
            let currency = Currency(code: story.currency) ?? Currency(code: story.currency, exponent: 2)
            let last = story.monthEnds.last { $0.balance != nil }
            views.append(
                SiteAccountView(
                    name: story.name, href: "\(AccountPageName.folder)/\(AccountPageName.stem(story.id)).html",
                    kind: MonthView.kindName(story.kind),
                    latest: last?.balance.map { EngineValueFormatter.amount($0, currency) } ?? "—",
                    asOf: last.map { EngineValueFormatter.shortMonth($0.month) } ?? ""))
        }
        return views.sorted { ($0.name, $0.href) < ($1.name, $1.href) }
    }
}
