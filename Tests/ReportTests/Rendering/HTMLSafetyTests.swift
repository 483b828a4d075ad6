import AnalysisFile
import Foundation
import Report
import Testing

/// Bank and user text in every new section shows as text in the HTML, never as markup.
@Suite struct HTMLSafetyTests {
    static let script = "<script>alert(1)</script>"
    static let breakout = "\"><img src=x onerror=alert(1)>"

    func html(_ hostile: String) throws -> String {
        var analysis = try TestFiles.analysis()
        analysis.largestExpenses[0].payee = hostile
        analysis.largestExpenses[0].id = hostile
        analysis.recurring?[0].payee = hostile
        analysis.recurring?[2].priceChanges[0].date = hostile
        analysis.anomalies?[0].payee = hostile
        analysis.anomalies?[0].reason = hostile
        analysis.insights?[0].title = hostile
        analysis.insights?[0].message = hostile
        analysis.insights?[1].transactionIds = [hostile]
        analysis.insights?[0].metric.unit = hostile
        analysis.insightsOmitted?[0].reason = hostile
        analysis.healthScore?.note = hostile
        analysis.recommendations?[0].evidence = [hostile]
        analysis.plan?.goals[0].name = hostile
        analysis.plan?.buckets[0].explanation = hostile
        analysis.plan?.budgetSuggestions[0].category = hostile
        let rendered = try ReportRenderer(templates: try TestFiles.templates())
            .render(try MonthReport(analysis: analysis, path: "analysis.json"))
        return String(decoding: rendered.html, as: UTF8.self)
    }

    @Test func showsAScriptAsText() throws {
        let html = try html(Self.script)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // The transaction id became an anchor of letters, digits and escapes.
        #expect(html.contains("<tr id=\"tx-_3cscript_3ealert_281_29_3c_2fscript_3e\">"))
    }

    @Test func cannotLeaveAnAttribute() throws {
        let html = try html(Self.breakout)
        #expect(!html.contains("<img"))
        #expect(!html.contains("onerror=alert(1)>"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }
}
