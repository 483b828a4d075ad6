import AnalysisFile
import Foundation
import Report
import Testing

@Suite struct HTMLPageTests {
    func render(_ analysis: MonthAnalysis) throws -> (html: String, markdown: String, json: String) {
        let rendered = try ReportRenderer(templates: try TestFiles.templates())
            .render(try MonthReport(analysis: analysis, path: "hostile.json"))
        return (
            String(decoding: rendered.html, as: UTF8.self), String(decoding: rendered.markdown, as: UTF8.self),
            String(decoding: rendered.json, as: UTF8.self)
        )
    }

    /// The fixture with user text that would break out of HTML, Markdown and SVG if left raw.
    func hostileAnalysis() throws -> MonthAnalysis {
        var analysis = try TestFiles.analysis()
        analysis.largestExpenses[0].payee = "<script>alert('x')</script> & Sons"
        analysis.categories[0].category = "Fun:<img src=x onerror=alert(1)>"
        analysis.accounts[0].name = "Joint \"A&B\" <current>"
        analysis.notices = ["</li><script>bad()</script>"]
        return analysis
    }

    @Test func escapesHostileUserTextInTheHTML() throws {
        let html = try render(try hostileAnalysis()).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<current>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Sons"))
        #expect(html.contains("Joint &quot;A&amp;B&quot; &lt;current&gt;"))
        #expect(html.contains("&lt;/li&gt;&lt;script&gt;bad()&lt;/script&gt;"))
        // In the chart, built in Swift, the category name is escaped too (cut to 26 characters).
        #expect(
            html.contains("<text class=\"label\" x=\"2\" y=\"15\" fill=\"#333\">Fun:&lt;img src=x onerror=al…</text>"))
        #expect(html.contains("<title>Fun:&lt;img src=x onerror=alert(1)&gt;: £1,200.00"))
    }

    @Test func escapesHostileUserTextInTheMarkdown() throws {
        let markdown = try render(try hostileAnalysis()).markdown
        #expect(markdown.contains("| 1 Oct | \\<script\\>alert('x')\\</script\\> & Sons |"))
        #expect(markdown.contains("| Fun:\\<img src=x onerror=alert(1)\\> | £1,200.00 |"))
        #expect(markdown.contains("- \\</li\\>\\<script\\>bad()\\</script\\>"))
    }

    @Test func keepsHostileTextVerbatimInTheJSON() throws {
        let json = try render(try hostileAnalysis()).json
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(json.utf8))
        #expect(document.largestExpenses[0].payee == "<script>alert('x')</script> & Sons")
    }

    @Test func isOneSelfContainedFileWithoutScript() throws {
        let html = try render(try TestFiles.analysis()).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link rel=\"stylesheet\""))
        #expect(!html.contains("src="))
        #expect(html.contains("<style>"))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        #expect(html.contains("@media print"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        // Trend, net worth, forecast, cash flow, categories, budgets and goals.
        #expect(html.components(separatedBy: "<svg ").count == 8)
    }

    @Test func saysHowEachFigureMovedInSignsAndArrows() throws {
        let html = try render(try TestFiles.analysis()).html
        // Expenses 2612.35 against 2401.95 (+210.40, +8.8%): up, and bad for the household.
        #expect(
            html.contains(
                "<li class=\"bad\"><span aria-hidden=\"true\">▲</span> +£210.40 (+8.8%) <span class=\"vs\">vs September 2026</span></li>"
            ))
        // Net 837.65 against 500.00 a year earlier: +337.65, +67.5%.
        #expect(
            html.contains(
                "<li class=\"good\"><span aria-hidden=\"true\">▲</span> +£337.65 (+67.5%) <span class=\"vs\">vs October 2025</span></li>"
            ))
        // Savings rate 24.3% against 29.4%: -5.1 points.
        #expect(
            html.contains("<span aria-hidden=\"true\">▼</span> −5.1 pts <span class=\"vs\">vs September 2026</span>"))
        #expect(html.contains("<p class=\"figure good\">+£837.65</p>"))
    }

    @Test func showsBudgetUseAndOverspend() throws {
        let html = try render(try TestFiles.analysis()).html
        // Groceries 452.30 of 400.00: 113.1% used, 52.30 over.
        #expect(
            html.contains(
                "<tr><th scope=\"row\">Food:Groceries</th><td class=\"num\">£452.30</td><td class=\"num\">17.3%</td><td class=\"num opt\">£400.00</td><td class=\"num\">113.1%<br><span class=\"small bad\">£52.30 over</span></td>"
            ))
        // Energy 186.40 of 200.00: 93.2% used, 13.60 left.
        #expect(
            html.contains(
                "<td class=\"num opt\">£200.00</td><td class=\"num\">93.2%<br><span class=\"small\">£13.60 left</span></td>"
            ))
        // The chart says "over budget" in words, not only in red.
        #expect(html.contains(">£452.30 · over budget</text>"))
    }

    @Test func showsAccountsWithMaskedNumbersAndBalances() throws {
        let html = try render(try TestFiles.analysis()).html
        #expect(
            html.contains(
                "<tr><th scope=\"row\">Harbor Card<br><span class=\"small\">Credit card · ••••2222</span><span class=\"small narrow-only\"><br>Newest — · <span class=\"flat\">—</span></span></th><td class=\"num opt\">−£412.10</td><td class=\"num\">£412.10</td><td class=\"num\">£530.25</td><td class=\"num bad\">−£530.25</td><td class=\"num opt bad\">▼ −£118.15 (−28.7%)</td><td class=\"opt\">—</td><td class=\"opt flat\">—</td></tr>"
            ))
        // −412.10 to −530.25: 118.15 more owed, 28.7% of 412.10. The euro account has no value
        // in the net worth, so no change.
        #expect(
            html.contains(
                "<td class=\"num\">€45.00</td><td class=\"num neutral\">—</td><td class=\"num opt flat\"></td>"))
    }

    @Test func saysWhenThereIsNothingToCompare() throws {
        var analysis = try TestFiles.analysis()
        analysis.summary.previous = nil
        analysis.summary.yearAgo = nil
        analysis.categories = []
        analysis.topCategories = []
        let (html, markdown, _) = try render(analysis)
        #expect(html.contains("<li class=\"flat\">No earlier month to compare with</li>"))
        #expect(html.contains("<p>No spending was recorded this month.</p>"))
        #expect(markdown.contains("| | October 2026 |\n|:--|--:|\n| **Income** | £3,450.00 |\n"))
        #expect(!html.contains("<svg class=\"chart chart-categories\""))
    }

    @Test func rendersAMonthWithNothingInIt() throws {
        var analysis = try TestFiles.analysis()
        analysis.summary.income = "0.00"
        analysis.summary.expenses = "0.00"
        analysis.summary.net = "0.00"
        analysis.summary.savingsRate = nil
        analysis.summary.uncategorizedCount = 0
        analysis.summary.previous = nil
        analysis.summary.yearAgo = nil
        analysis.categories = []
        analysis.topCategories = []
        analysis.incomeCategories = []
        analysis.accounts = []
        analysis.largestExpenses = []
        analysis.trend = []
        analysis.notices = []
        analysis.netWorth = nil
        analysis.forecast = nil
        analysis.plan = nil
        let (html, markdown, _) = try render(analysis)
        #expect(html.contains("<li>No income or spending was recorded in October 2026.</li>"))
        #expect(html.contains("<h3>Savings rate</h3>\n<p class=\"figure neutral\">—</p>"))
        #expect(!html.contains("<svg"))
        #expect(!html.contains("<h2 id=\"accounts-title\">"))
        #expect(markdown.contains("| **Net** | £0.00 |\n"))
    }

    @Test func saysPlainlyWhenMoreWentOutThanCameIn() throws {
        var analysis = try TestFiles.analysis()
        analysis.summary.income = "1000.00"
        analysis.summary.expenses = "1250.50"
        analysis.summary.net = "-250.50"
        analysis.summary.savingsRate = -0.2505
        let (html, _, json) = try render(analysis)
        #expect(html.contains("<li>You spent £250.50 more than came in: income £1,000.00, spending £1,250.50.</li>"))
        #expect(html.contains("<p class=\"figure bad\">−£250.50</p>"))
        #expect(html.contains("<p class=\"figure bad\">−25.1%</p>"))  // -0.2505 rounds away from zero
        #expect(json.contains("\"net\" : \"-250.50\""))
    }
}
