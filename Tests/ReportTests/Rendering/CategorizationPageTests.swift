import AnalysisFile
import Foundation
import Report
import Testing

/// The page's share of spending by source and its uncategorised payees, most money first.
@Suite struct CategorizationPageTests {
    /// 2,000.00 of spending: your rules 1,500.00 (10 transactions), starter rules 300.00 (4), no
    /// category 200.00 (3); uncategorised: MARKET 150.00 out (2), REFUND CO 60.00 in, KIOSK 50.00
    /// out, and 2 payees more.
    static func analysis() throws -> MonthAnalysis {
        var analysis = try TestFiles.analysis()
        analysis.categorization = CategorizationSection(
            spending: "2000.00", categorizedShare: 0.9,
            sources: [
                .init(source: "rule", label: "your rules", amount: "1500.00", share: 0.75, transactionCount: 10),
                .init(
                    source: "starterRule", label: "starter rules", amount: "300.00", share: 0.15, transactionCount: 4),
                .init(source: "none", label: "no category", amount: "200.00", share: 0.1, transactionCount: 3),
            ],
            uncategorized: [
                .init(payee: "MARKET", amount: "-150.00", transactionCount: 2),
                .init(payee: "REFUND CO", amount: "60.00", transactionCount: 1),
                .init(payee: "KIOSK", amount: "-50.00", transactionCount: 1),
            ], moreUncategorized: 2)
        return analysis
    }

    func render(_ report: MonthReport) throws -> (html: String, markdown: String, json: String) {
        let rendered = try ReportRenderer(templates: try TestFiles.templates()).render(report)
        return (
            String(decoding: rendered.html, as: UTF8.self), String(decoding: rendered.markdown, as: UTF8.self),
            String(decoding: rendered.json, as: UTF8.self)
        )
    }

    @Test func saysHowMuchOfTheSpendingHasACategoryAndFromWhere() throws {
        let (html, markdown, json) = try render(try MonthReport(analysis: Self.analysis(), path: "a.json"))
        // 2,000.00 − 200.00 uncategorised = 1,800.00, 90%.
        #expect(html.contains("<p>90.0% of this month&#39;s spending (£1,800.00 of £2,000.00) has a category.</p>"))
        #expect(
            html.contains(
                "<tr><th scope=\"row\">your rules</th><td class=\"num\">£1,500.00</td><td class=\"num\">75.0%</td>"
                    + "<td class=\"num\">10</td></tr>\n<tr><th scope=\"row\">starter rules</th>"
                    + "<td class=\"num\">£300.00</td><td class=\"num\">15.0%</td><td class=\"num\">4</td></tr>\n"
                    + "<tr><th scope=\"row\">no category</th><td class=\"num\">£200.00</td>"
                    + "<td class=\"num\">10.0%</td><td class=\"num\">3</td></tr>"))
        #expect(markdown.contains("| starter rules | £300.00 | 15.0% | 4 |"))
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(json.utf8))
        #expect(document.categorization == (try Self.analysis()).categorization)
    }

    @Test func listsTheUncategorisedPayeesMostMoneyFirst() throws {
        let (html, markdown, _) = try render(try MonthReport(analysis: Self.analysis(), path: "a.json"))
        #expect(
            html.contains(
                "<tr><th scope=\"row\">MARKET</th><td class=\"num\">2</td><td class=\"num\">£150.00</td></tr>\n"
                    + "<tr><th scope=\"row\">REFUND CO</th><td class=\"num\">1</td><td class=\"num\">+£60.00</td></tr>\n"
                    + "<tr><th scope=\"row\">KIOSK</th><td class=\"num\">1</td><td class=\"num\">£50.00</td></tr>"))
        #expect(
            html.contains(
                "<p class=\"small\">2 more payees, each with less, are left out here; build/uncategorized.csv lists "
                    + "every transaction.</p>"))
        #expect(markdown.contains("| MARKET | 2 | £150.00 |"))
    }

    @Test func aRedactedCopyNamesNoUncategorisedPayee() throws {
        let report = try MonthReport(analysis: Self.analysis(), path: "a.json").redacted()
        let (html, _, json) = try render(report)
        #expect(!html.contains("MARKET"))
        #expect(!json.contains("MARKET"))
        // The 3 listed and the 2 more.
        #expect(html.contains("This copy leaves out the 5 payees with uncategorised money."))
        #expect(html.contains("<p>90.0% of this month&#39;s spending (£1,800.00 of £2,000.00) has a category.</p>"))
    }
}
