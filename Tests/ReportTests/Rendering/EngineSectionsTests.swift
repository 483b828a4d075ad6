import AnalysisFile
import Foundation
import Report
import Testing

/// The sections made from the engine's output: their order, what they say, and how they behave
/// when the analysis has nothing for them.
@Suite struct EngineSectionsTests {
    func render(_ analysis: MonthAnalysis) throws -> (html: String, markdown: String, json: String) {
        let rendered = try ReportRenderer(templates: try TestFiles.templates())
            .render(try MonthReport(analysis: analysis, path: "analysis.json"))
        return (
            String(decoding: rendered.html, as: UTF8.self), String(decoding: rendered.markdown, as: UTF8.self),
            String(decoding: rendered.json, as: UTF8.self)
        )
    }

    /// The `<h2>` texts of a page, in order.
    func headings(_ html: String) -> [String] {
        html.components(separatedBy: "<h2 id=\"").dropFirst().compactMap { part in
            guard let start = part.firstIndex(of: ">"), let end = part.range(of: "</h2>") else { return nil }
            return String(part[part.index(after: start)..<end.lowerBound])
        }
    }

    @Test func listsTheSectionsInTheIssuesOrder() throws {
        let (html, markdown, _) = try render(try TestFiles.analysis())
        #expect(
            headings(html) == [
                "At a glance", "What needs attention", "Insights", "The last twelve months", "Net worth and forecast",
                "Where the money went",
                "Where it came from", "Largest expenses", "The plan", "Recurring payments", "Recommendations",
                "Accounts", "Import summary", "Categories and the uncategorised",
            ])
        let markdownHeadings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
        #expect(markdownHeadings == headings(html).map { Substring($0) })
        // No heading level is skipped: every h4 sits under an h3, every h3 under an h2.
        var level = 1
        for match in html.split(separator: "<h").dropFirst() {
            guard let digit = match.first?.wholeNumberValue else { continue }
            #expect(digit <= level + 1, "h\(digit) after h\(level)")
            level = digit
        }
    }

    @Test func showsTheHealthScoreWithItsGradeAndComponents() throws {
        let (html, markdown, json) = try render(try TestFiles.analysis())
        #expect(
            html.contains(
                "<p class=\"figure grade-good\">72<span class=\"out-of\"> / 100</span></p>\n"
                    + "<p class=\"grade grade-good\">Good</p>")
        )
        // 4.3 months scores 71.67: one decimal on the page, the exact value in the JSON.
        #expect(
            html.contains(
                "<tr><th scope=\"row\">Emergency fund</th><td class=\"num\">4.3 months</td><td class=\"num\">71.7 / 100</td><td class=\"num\">20.0%</td></tr>"
            ))
        #expect(markdown.contains("| **Health score** | 72 / 100, Good | — | — |"))
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(json.utf8))
        #expect(document.healthScore?.score == 72)
        #expect(document.healthScore?.components[3].score == 71.67)
    }

    @Test func saysSeverityInWordsNotOnlyColour() throws {
        let (html, markdown, _) = try render(try TestFiles.analysis())
        #expect(html.contains("<span class=\"sev sev-critical\"><span aria-hidden=\"true\">‼</span> Critical</span>"))
        #expect(html.contains("<span class=\"sev sev-positive\"><span aria-hidden=\"true\">✓</span> Good</span>"))
        #expect(markdown.contains("- **‼ Critical** · Insight · **Groceries over budget** (£52.30):"))
    }

    @Test func attentionLinksToListedTransactionsAndNamesTheOthers() throws {
        let (html, markdown, _) = try render(try TestFiles.analysis())
        // Rent is one of the largest expenses: its row has the anchor the card links to.
        #expect(html.contains("<tr id=\"tx-current_3a9f1c2a\"><td class=\"num\"><time datetime=\"2026-10-01\">"))
        #expect(html.contains("<a href=\"#tx-current_3a9f1c2a\">Landlord Lettings Ltd, 1 Oct 2026, £1,200.00</a>"))
        // The Currys purchase is not listed on the page: named by its anomaly, not linked.
        #expect(html.contains("<ul class=\"txs\"><li>Currys, 12 Oct 2026, £329.00</li>"))
        // The riskiest anomaly is in the list; the anomaly below the top three is not. Disney
        // Plus is late in the recurring list, but the engine's cards judge which late series to
        // name, and no missedPayment card fired, so it is not in the list.
        #expect(!html.contains("<h3>Disney Plus did not arrive</h3>"))
        #expect(html.contains("<h3>Unusual amount: Currys</h3>"))
        #expect(!html.contains("Bluebird Travel"))
        // Markdown names every transaction and links none.
        #expect(
            markdown.contains(
                "Transactions: Currys, 12 Oct 2026, £329.00; Landlord Lettings Ltd, 1 Oct 2026, £1,200.00."))
        #expect(!markdown.contains("](#"))
    }

    /// The riskiest three anomalies are the Currys purchase, the gym's double charge and the groceries'
    /// category spike: three items. With the `anomaly` card in the list (it names the three with their
    /// reasons), the spike, which has no transactions to tell it apart, is not repeated: two items
    /// beside the card. The Currys and gym items stay: the card names no transaction.
    @Test func aCategorySpikeTheAnomalyCardListsIsOneItem() throws {
        var analysis = try TestFiles.analysis()
        let (_, before, _) = try render(analysis)
        #expect(before.components(separatedBy: " · Anomaly · ").count - 1 == 3)
        analysis.insights =
            (analysis.insights ?? []) + [
                InsightEntry(
                    type: "anomaly", category: "spending", title: "Unusual activity", message: "Three anomalies.",
                    metric: InsightMetric(value: "3", unit: "count"), severity: "warning")
            ]
        let (_, after, _) = try render(analysis)
        #expect(after.components(separatedBy: " · Anomaly · ").count - 1 == 2)
        #expect(after.contains("· Insight · **Unusual activity**"))
    }

    /// The page ranks an anomaly by the severity the analysis gave it, not by a threshold of its own.
    @Test func anAnomalysSeverityIsTheAnalysiss() throws {
        let (_, markdown, json) = try render(try TestFiles.analysis())
        #expect(markdown.contains("- **‼ Critical** · Anomaly · **Unusual amount: Currys** (£329.00):"))
        // report.json lists the anomalies as its schema (version 1) has them: with the risk only.
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(json.utf8))
        #expect(document.anomalies?.first?.risk == 0.86)
        #expect(document.anomalies?.allSatisfy { $0.severity == nil } == true)
        var analysis = try TestFiles.analysis()
        // The same risk, 0.86, judged a warning by the analysis.
        analysis.anomalies?[0].severity = "warning"
        let (_, warned, _) = try render(analysis)
        #expect(warned.contains("- **⚠ Warning** · Anomaly · **Unusual amount: Currys** (£329.00):"))
        #expect(!warned.contains("‼ Critical** · Anomaly"))
    }

    /// An analysis file without cards: the recurring list's late series is named itself.
    @Test func withoutCardsTheRecurringListNamesMissedPayments() throws {
        var analysis = try TestFiles.analysis()
        analysis.insights = nil
        let (html, _, _) = try render(analysis)
        #expect(html.contains("<h3>Disney Plus did not arrive</h3>"))
    }

    @Test func listsRecurringPaymentsWithTheirTotal() throws {
        let (html, markdown, json) = try render(try TestFiles.analysis())
        #expect(
            html.contains(
                "<tr><th scope=\"row\">Streamflix<br><span class=\"small\">Subscriptions</span><br><span class=\"small\">Price: £9.99 → £12.99 on 14 Oct 2026</span></th><td class=\"opt\">Monthly</td><td class=\"num opt\">£12.99 out</td><td class=\"num\">£12.99</td><td class=\"num opt\">14 Nov 2026</td><td class=\"flat\">Active</td></tr>"
            ))
        #expect(html.contains("<td class=\"bad\">Missed (due 9 Oct 2026)</td>"))
        // The analysis's totals (1200.00 + 12.99 + 37.92 out; 3450.00 in; the euro series left out),
        // as the file carries them.
        #expect(
            markdown.contains(
                "**Total:** 5 active: £1,250.91 a month out, £3,450.00 a month in (1 in a currency with no rate left out)."
            ))
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(json.utf8))
        #expect(
            document.recurringTotals
                == RecurringTotalsSection(
                    activeCount: 5, monthlyOut: "1250.91", monthlyIn: "3450.00", unconverted: 1))
    }

    @Test func rendersThePlan() throws {
        let (html, markdown, _) = try render(try TestFiles.analysis())
        #expect(
            html.contains(
                "<tr><th scope=\"row\">Emergency fund</th><td class=\"num\">£450.00</td><td class=\"num\">13.0%</td>"))
        #expect(
            html.contains(
                "<td class=\"bad\">Behind<br><span class=\"small\">At this month&#39;s allotment it is reached in September 2031, 33 months after the deadline.</span>"
            ))
        #expect(
            markdown.contains("| 1.0 (yours) | Holiday in Lisbon £112.50, House deposit £400.75 | £513.25 | £0.00 |"))
        #expect(markdown.contains("| Food:Eating Out | Discretionary | £142.00 over 5 months | — | £140.00 | — |"))
    }

    @Test func listsRecommendationsWithTheirSaving() throws {
        let (html, markdown, _) = try render(try TestFiles.analysis())
        #expect(
            html.contains(
                "<p><strong>Review subscription</strong> · <span class=\"good\">saves £12.99 a month</span></p>"))
        // Advice that saves nothing says no saving.
        #expect(html.contains("<p><strong>Raise budget</strong></p>"))
        #expect(markdown.contains("1. **Review subscription** (saves £12.99 a month): Streamflix rose to £12.99"))
    }

    @Test func leavesOutSectionsWithoutData() throws {
        var analysis = try TestFiles.analysis()
        analysis.insights = nil
        analysis.insightsOmitted = nil
        analysis.healthScore = nil
        analysis.recommendations = []
        analysis.recurring = nil
        analysis.recurringTotals = nil
        analysis.anomalies = []
        analysis.plan = nil
        analysis.netWorth = nil
        analysis.forecast = nil
        analysis.notices = []
        analysis.complete = nil
        let (html, markdown, json) = try render(analysis)
        #expect(
            headings(html) == [
                "At a glance", "The last twelve months", "Where the money went", "Where it came from",
                "Largest expenses", "Accounts", "Import summary", "Categories and the uncategorised",
            ])
        #expect(!html.contains("Health score"))
        #expect(!markdown.contains("Health score"))
        #expect(!json.contains("\"recurringTotals\""))
        #expect(!json.contains("\"healthScore\""))
    }

    /// Seed 003's colours: each grade its own tone (Excellent and Good were both green, Fair had none).
    @Test func eachGradeHasItsOwnColour() throws {
        var tones: [String] = []
        for grade in ["Excellent", "Good", "Fair", "Needs Attention"] {
            var analysis = try TestFiles.analysis()
            analysis.healthScore?.grade = grade
            let (html, _, _) = try render(analysis)
            let tone = try #require(
                html.firstMatch(of: try Regex("<p class=\"grade ([a-z-]+)\">\(grade)</p>"))?.output[1].substring)
            tones.append(String(tone))
        }
        #expect(tones == ["grade-excellent", "grade-good", "grade-fair", "grade-attention"])
        let style = try TestFiles.text(TestFiles.templatesFolder + "/style.css")
        for tone in tones { #expect(style.contains(".\(tone) { color: var(--\(tone)); }")) }
    }
}
