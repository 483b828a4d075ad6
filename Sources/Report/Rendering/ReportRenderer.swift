/// Renders one month into its page, its Markdown and its JSON.
///
/// Pure: the same report and templates always give the same bytes (no clock, no locale), and
/// rendering takes a few milliseconds, so every run can re-render every month it is given.
public struct ReportRenderer: Sendable {
    public let templates: TemplateSet

    public init(templates: TemplateSet) {
        self.templates = templates
    }

    public func render(_ report: MonthReport) throws(ReportError) -> RenderedMonth {
        let htmlView = MonthView(report, escaping: .none, charts: true, style: templates.style)
        let markdownView = MonthView(report, escaping: .markdown, charts: false, style: "")
        return RenderedMonth(
            month: report.month,
            html: Array(templates.render(htmlView, with: "report.html").utf8),
            markdown: Array(templates.render(markdownView, with: "report.md").utf8),
            json: try JSONFile.encode(ReportDocument(report)),
            endOfMonthUnixTime: report.endOfMonthUnixTime)
    }
}
