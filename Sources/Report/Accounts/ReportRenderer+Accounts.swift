import AnalysisFile
import Ledger

extension ReportRenderer {
    /// One account's page files, relative to the site folder.
    public struct AccountFile: Sendable, Equatable {
        /// `accounts/current.html`.
        public var path: String
        public var contents: [UInt8]
    }

    /// The pages of every account of `report` (its stories run to the report's month end): for
    /// each, `accounts/ID.html`, `.md`, `.json` and the balance chart as `.svg` for the Markdown,
    /// sorted by path. None for a redacted report: a page tells one account's transactions.
    public func accountPages(_ report: MonthReport) throws(ReportError) -> [AccountFile] {
        guard !report.isRedacted, !redact else { return [] }
        var files: [AccountFile] = []
        let folder = AccountPageName.folder
        for story in report.accountStories {
            let stem = AccountPageName.stem(story.id)
            let currency = Currency(code: story.currency) ?? Currency(code: story.currency, exponent: 2)
            let points: [(month: YearMonth, total: Money)] = story.monthEnds.compactMap { end in
                guard let month = YearMonth(end.month), let balance = end.balance,
                    let money = try? Money.parse(balance, currency: currency)
                else { return nil }
                return (month, money)
            }
            let valued = story.monthEnds.last?.source == "valuation" || story.growth != nil
            let svg = NetWorthChart(
                points: points, currency: currency, subject: valued ? "Value" : "Balance", idPrefix: "account-chart"
            ).svg
            let html = AccountPageView(
                story, month: report.month, escaping: .none, chart: svg, style: templates.style)
            let image = svg.isEmpty ? "" : "![\(html.subject) at each month end](\(stem).svg)"
            let markdown = AccountPageView(story, month: report.month, escaping: .markdown, chart: image, style: "")
            files.append(
                AccountFile(
                    path: "\(folder)/\(stem).html", contents: Array(templates.render(html, with: "account.html").utf8)))
            files.append(
                AccountFile(
                    path: "\(folder)/\(stem).md", contents: Array(templates.render(markdown, with: "account.md").utf8)))
            files.append(
                AccountFile(
                    path: "\(folder)/\(stem).json",
                    contents: try JSONFile.encode(
                        AccountDocument(
                            month: report.month.description, reportCurrency: report.currency.code, account: story))))
            if !svg.isEmpty {
                files.append(
                    AccountFile(path: "\(folder)/\(stem).svg", contents: Array(chartStyle.standalone(svg).utf8)))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
