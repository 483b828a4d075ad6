import AnalysisFile
import Foundation
import Report
import Testing

/// `MonthReport.redacted()` over the fixture month: every name gone, every figure and card kept.
@Suite struct RedactionTests {
    /// Every payee, account name, number and transaction id the fixture analysis carries.
    static func names(_ analysis: MonthAnalysis) -> Set<String> {
        var names: Set<String> = []
        for line in analysis.largestExpenses { names.formUnion([line.payee, line.id]) }
        for account in analysis.accounts { names.formUnion([account.name, account.maskedNumber ?? ""]) }
        for account in analysis.netWorth?.accounts ?? [] { names.insert(account.name) }
        for entry in analysis.recurring ?? [] { names.insert(entry.payee); names.formUnion(entry.transactionIds) }
        for anomaly in analysis.anomalies ?? [] { names.insert(anomaly.payee); names.formUnion(anomaly.transactionIds) }
        for card in analysis.insights ?? [] { names.formUnion(card.transactionIds ?? []) }
        names.remove("")
        return names
    }

    @Test func noNameOfTheMonthSurvivesInAnyOutput() throws {
        let analysis = try TestFiles.analysis()
        let names = Self.names(analysis)
        #expect(names.contains("Streamflix") && names.contains("Currys") && names.contains("card:cur12"))
        let rendered = try ReportRenderer(templates: try TestFiles.templates(), redact: true)
            .render(try TestFiles.report())
        for (path, bytes) in rendered.files {
            let text = String(decoding: bytes, as: UTF8.self)
            for name in names {
                #expect(!text.contains(name), "\(path) still says '\(name)'")
            }
        }
    }

    @Test func keepsEveryCardAndFigureWithNeutralWording() throws {
        let report = try TestFiles.report()
        let redacted = report.redacted()
        #expect(redacted.isRedacted)
        #expect(redacted.income == report.income && redacted.categories == report.categories)
        #expect(redacted.trend == report.trend)
        #expect(redacted.largestExpenses.isEmpty)
        #expect(redacted.sections.insights?.count == report.sections.insights?.count)
        #expect(redacted.sections.forecast == report.sections.forecast)
        #expect(redacted.sections.history == report.sections.history)
        let rise = try #require(redacted.sections.insights?.first { $0.type == "priceIncrease" })
        // Landlord Lettings Ltd is payment 1, Acme Ltd income 1, Streamflix payment 2.
        #expect(
            redacted.sections.recurring?.map(\.payee) == [
                "Recurring payment 1", "Recurring income 1", "Recurring payment 2", "Recurring payment 3",
                "Recurring payment 4", "Recurring payment 5",
            ])
        #expect(rise.title == "Recurring payment 2 went up")
        #expect(rise.message == "Recurring payment 2 now charges £12.99, up from £9.99 (30.0%).")
        let large = try #require(redacted.sections.insights?.first { $0.type == "largeTransaction" })
        #expect(large.message == "£329.00 at a payee on 12 October is your largest purchase outside rent this year.")
        // The card and its anomaly still share a token, so the page does not list the anomaly twice.
        #expect(large.transactionIds?.first?.hasPrefix("redacted-") == true)
        let anomaly = try #require(redacted.sections.anomalies?.first)
        #expect(anomaly.payee == "")
        #expect(anomaly.transactionIds == [try #require(large.transactionIds?.first)])
        #expect(anomaly.reason == "£329.00 at a payee is 6.2 times the usual £53.00 for Shopping.")
    }

    @Test func accountsKeepTheirFiguresUnderANeutralName() throws {
        let report = try TestFiles.report()
        let redacted = report.redacted()
        #expect(redacted.accounts.count == report.accounts.count)
        for (before, after) in zip(report.accounts, redacted.accounts) {
            #expect(after.maskedNumber == nil)
            #expect(after.closingBalance == before.closingBalance && after.inflow == before.inflow)
            #expect(after.id.hasPrefix("account-"))
            #expect(after.name != before.name)
        }
        let names = redacted.accounts.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(redacted.notices.contains { $0.hasPrefix("Credit card: the export ends on 28 October 2026") })
    }

    @Test func theOutputsSayTheyAreRedacted() throws {
        let rendered = try ReportRenderer(templates: try TestFiles.templates(), redact: true)
            .render(try TestFiles.report())
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(rendered.json))
        #expect(document.redacted == true)
        #expect(document.largestExpenses.isEmpty)
        #expect(String(decoding: rendered.html, as: UTF8.self).contains("This copy is redacted"))
        #expect(String(decoding: rendered.markdown, as: UTF8.self).contains("> This copy is redacted"))
        let full = try ReportRenderer(templates: try TestFiles.templates()).render(try TestFiles.report())
        #expect(try JSONDecoder().decode(ReportDocument.self, from: Data(full.json)).redacted == nil)
    }

    @Test func namesNoInboxFileInAnyNotice() throws {
        var report = try TestFiles.report()
        let file = "inbox/Statement_4929000011112222_Smithers.csv"
        report.notices = [
            "\(file) could not be read, so its transactions are missing: not a bank export",
            "2 records of \(file) were skipped; build/import-report.json says why.",
            "Statement_4929000011112222_Smithers.csv is named twice.",
        ]
        let redacted = report.redacted(inboxFiles: [file, "inbox/other.ofx"])
        #expect(
            redacted.notices == [
                "An inbox file could not be read, so its transactions are missing: not a bank export",
                "2 records of an inbox file were skipped; build/import-report.json says why.",
                "An inbox file is named twice.",
            ])
    }
}
