import AnalysisFile
import Foundation
import Report
import Testing

/// A card names a transaction the page does not list and no other section describes: its
/// reference in the analysis file labels it, where the page used to show the bare id.
@Suite struct TransactionReferenceTests {
    static let id = "current/0123456789abcdef-1"

    static func analysis(withReference: Bool) throws -> MonthAnalysis {
        var analysis = try TestFiles.analysis()
        let reference = TransactionReference(
            id: id, date: "2026-10-14", payee: "Juniper Stores", amount: "-45.50", currency: "GBP")
        analysis.insights = [
            InsightEntry(
                type: "newCard", category: "spending", title: "A card about one payment", message: "It names one.",
                metric: InsightMetric(value: "45.50", unit: "GBP"), severity: "warning", transactionIds: [id])
        ]
        if withReference { analysis.insights?[0].transactions = [reference] }
        return analysis
    }

    static func html(_ analysis: MonthAnalysis) throws -> String {
        let rendered = try ReportRenderer(templates: try TestFiles.templates())
            .render(try MonthReport(analysis: analysis, path: "a.json"))
        return String(decoding: rendered.html, as: UTF8.self)
    }

    @Test func aReferenceLabelsATransactionThePageDoesNotList() throws {
        let labelled = try Self.html(Self.analysis(withReference: true))
        #expect(labelled.contains("Juniper Stores, 14 Oct 2026, £45.50"))
        #expect(!labelled.contains(Self.id))
        // Without it the page can only show the id.
        let bare = try Self.html(Self.analysis(withReference: false))
        #expect(bare.contains(Self.id))
    }
}
