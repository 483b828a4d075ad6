/// Renders one month into its page, its Markdown and its JSON.
///
/// Pure: the same report and templates always give the same bytes (no clock, no locale), and
/// rendering takes a few milliseconds, so every run can re-render every month it is given.
public struct ReportRenderer: Sendable {
    public let templates: TemplateSet
    /// Render every report redacted (see `MonthReport.redacted()`): a site to share.
    public var redact: Bool
    /// The workspace's inbox files (`inbox/…`): a redacted report names none of them, since a
    /// bank's file name often carries a card number or the holder's name.
    public var inboxFiles: [String] = []

    /// The style the chart files carry, from the templates' style sheet.
    let chartStyle: ChartFileStyle

    public init(templates: TemplateSet, redact: Bool = false) {
        self.templates = templates
        self.redact = redact
        self.chartStyle = ChartFileStyle(styleSheet: templates.style)
    }

    public func render(_ report: MonthReport) throws(ReportError) -> RenderedMonth {
        let report = redact && !report.isRedacted ? report.redacted(inboxFiles: inboxFiles) : report
        let htmlView = MonthView(report, escaping: .none, charts: true, style: templates.style)
        // The Markdown shows the page's charts as images of SVG files written beside it.
        let charts = htmlView.chartFiles
        var markdownView = MonthView(report, escaping: .markdown, charts: false, style: "")
        markdownView.linkCharts(charts)
        return RenderedMonth(
            month: report.month,
            html: Array(templates.render(htmlView, with: "report.html").utf8),
            markdown: Array(templates.render(markdownView, with: "report.md").utf8),
            json: try JSONFile.encode(ReportDocument(report)),
            charts: charts.map {
                RenderedMonth.Chart(name: $0.name, contents: Array(chartStyle.standalone($0.svg).utf8))
            },
            endOfMonthUnixTime: report.endOfMonthUnixTime)
    }
}
