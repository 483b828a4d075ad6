import AnalysisFile
import Foundation
import Report
import TestSupport
import Testing

@testable import Report

/// The account pages: one per account, from the newest month's stories, linked from the month's
/// accounts table and listed in the index; none on a redacted site.
@Suite("Account pages")
struct AccountPagesTests {
    /// A pension valued 1000.00 on 2025-10-31 and 2310.00 two years later, 1000.00 paid in between
    /// (10% a year, as `MoneyWeightedReturnTests` works out), and a current account.
    static let pension = AccountStory(
        id: "pension", name: "Work <Pension>", kind: "investment", currency: "GBP",
        monthEnds: [
            AccountMonthEnd(month: "2026-09", balance: "1000.00", source: "valuation"),
            AccountMonthEnd(month: "2026-10", balance: "2310.00", source: "valuation"),
        ], coverage: [], transactionCount: 1, firstTransaction: "2025-10-31", newestTransaction: "2025-10-31",
        largestThisYear: [],
        largestAllTime: [
            TransactionLine(
                id: "p/1", date: "2025-10-31", account: "pension", payee: "Employer contribution",
                category: "Transfer", amount: "1000.00")
        ],
        valuations: [
            AccountValuation(date: "2024-10-31", value: "1000.00", source: "valuations.csv"),
            AccountValuation(date: "2026-10-31", value: "2310.00", source: "valuations.csv"),
        ],
        growth: AccountGrowth(
            from: "2024-10-31", to: "2026-10-31", currency: "GBP", startValue: "1000.00", endValue: "2310.00",
            paidIn: "1000.00", withdrawn: "0.00", netContributions: "1000.00", marketGrowth: "310.00",
            contributionCount: 1, annualReturn: 0.1, annualReturnNote: nil))

    static let current = AccountStory(
        id: "current", name: "Current", kind: "checking", currency: "GBP",
        monthEnds: [AccountMonthEnd(month: "2026-10", balance: "-12.50", source: "transactions")],
        coverage: [
            AccountCoverageMonth(month: "2026-09", state: "partial", from: "2026-09-02", through: "2026-09-30"),
            AccountCoverageMonth(month: "2026-10", state: "whole", from: "2026-10-01", through: "2026-10-31"),
        ], transactionCount: 2, firstTransaction: "2026-09-02", newestTransaction: "2026-10-30",
        largestThisYear: [
            TransactionLine(
                id: "c/1", date: "2026-10-30", account: "current", payee: "Rent", category: "Housing:Rent",
                amount: "-1095.00")
        ],
        largestAllTime: [
            TransactionLine(
                id: "c/1", date: "2026-10-30", account: "current", payee: "Rent", category: "Housing:Rent",
                amount: "-1095.00")
        ], valuations: [], growth: nil)

    static func analysis() throws -> MonthAnalysis {
        var analysis = try TestFiles.analysis()
        analysis.accountStories = [current, pension]
        return analysis
    }

    @Test func pageNamesAreSafeAndDistinct() {
        #expect(AccountPageName.stem("current") == "current")
        #expect(AccountPageName.stem("joint account") == "joint_20account")
        #expect(AccountPageName.stem("a_b") == "a_5fb")
        #expect(AccountPageName.stem("../x") == "_2e_2e_2fx")
        #expect(AccountPageName.link("current", markdown: false) == "../accounts/current.html")
    }

    @Test func ratesAreWrittenToTwoDecimals() {
        #expect(AccountPageView.rateText(0.1) == "10.00%")
        #expect(AccountPageView.rateText(-0.1) == "\u{2212}10.00%")
        #expect(AccountPageView.rateText(0.179471) == "17.95%")
        #expect(AccountPageView.rateText(0.00004) == "0.00%")
    }

    @Test func aValuedAccountsPageShowsItsGrowthSplitAndReturn() throws {
        let report = try MonthReport(analysis: try Self.analysis(), path: "analysis.json")
        let files = try ReportRenderer(templates: try TestFiles.templates()).accountPages(report)
        #expect(
            files.map(\.path) == [
                "accounts/current.html", "accounts/current.json", "accounts/current.md", "accounts/current.svg",
                "accounts/pension.html", "accounts/pension.json", "accounts/pension.md", "accounts/pension.svg",
            ])
        let html = String(
            decoding: try #require(files.first { $0.path == "accounts/pension.html" }).contents, as: UTF8.self)
        #expect(html.contains("<h1>Work &lt;Pension&gt;</h1>"))
        #expect(html.contains("<tr><th scope=\"row\">Value at the start</th><td class=\"num\">£1,000.00</td></tr>"))
        #expect(html.contains("<tr><th scope=\"row\">Paid in (1 transfer)</th><td class=\"num\">£1,000.00</td></tr>"))
        #expect(html.contains("<td class=\"num good\">+£310.00</td>"))
        #expect(html.contains("<tr><th scope=\"row\">Annual return</th><td class=\"num\">10.00% a year</td></tr>"))
        #expect(html.contains("<h2 id=\"valuations-title\">Valuations</h2>"))
        #expect(html.contains("<svg class=\"chart chart-networth\""))
        #expect(html.contains("<title id=\"account-chart-title\">Value by month</title>"))
        #expect(html.contains("No statements: the account is valued in valuations.csv or by investment statements."))
        #expect(!html.contains("Taken out"))
        let markdown = String(
            decoding: try #require(files.first { $0.path == "accounts/pension.md" }).contents, as: UTF8.self)
        #expect(markdown.contains("# Work \\<Pension\\>"))
        #expect(markdown.contains("| Annual return | 10.00% a year |"))
        #expect(markdown.contains("![Value at each month end](pension.svg)"))
        #expect(markdown.contains("[October 2026](../2026-10/report.md)"))

        let current = String(
            decoding: try #require(files.first { $0.path == "accounts/current.html" }).contents, as: UTF8.self)
        #expect(!current.contains("growth-title"))
        #expect(current.contains("Statements cover 1 of 2 months whole; partly: Sep 2026."))
        #expect(current.contains("title=\"September 2026: partly, 2 Sep 2026 to 30 Sep 2026\""))
        #expect(current.contains("<td class=\"num bad\">−£1,095.00</td>"))
    }

    @Test func theJSONConformsToItsSchema() throws {
        let report = try MonthReport(analysis: try Self.analysis(), path: "analysis.json")
        let files = try ReportRenderer(templates: try TestFiles.templates()).accountPages(report)
        if let check = JSONSchemaCheck.available("account.schema.json") {
            for file in files where file.path.hasSuffix(".json") {
                #expect(try check.problems(Data(file.contents)) == [])
            }
        }
        let document = try JSONDecoder().decode(
            AccountDocument.self, from: Data(try #require(files.first { $0.path == "accounts/pension.json" }).contents))
        #expect(document.account == Self.pension)
        #expect(document.month == "2026-10")
    }

    @Test func theSiteLinksListsAndRemovesThemWhenRedacted() throws {
        let folder = try TestFiles.temporaryFolder()
        let path = folder + "/2026-10.json"
        try JSONEncoder().encode(try Self.analysis()).write(to: URL(fileURLWithPath: path))
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        #expect(publisher.publish(analysisPaths: [path]).errors.isEmpty)
        let month = try TestFiles.text(folder + "/site/2026-10/index.html")
        #expect(month.contains("<a href=\"../accounts/current.html\">"))
        let index = try TestFiles.text(folder + "/site/index.html")
        #expect(index.contains("<a href=\"accounts/current.html\">Current</a>"))
        #expect(index.contains("<a href=\"accounts/pension.html\">Work &lt;Pension&gt;</a>"))
        #expect(index.contains("<td class=\"num\">£2,310.00</td>"))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/accounts/pension.html"))

        // Published redacted, the site keeps no account page and no link to one.
        let redacted = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives",
            redact: true)
        #expect(redacted.publish(analysisPaths: [path]).errors.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder + "/site/accounts"))
        #expect(!(try TestFiles.text(folder + "/site/index.html")).contains("accounts/"))
        #expect(!(try TestFiles.text(folder + "/site/2026-10/index.html")).contains("../accounts/"))
    }

    /// Rendering an older month alone leaves the pages of the newest; the newest month rendered
    /// again without an account removes that account's page.
    @Test func pagesFollowTheNewestMonthOnly() throws {
        let folder = try TestFiles.temporaryFolder()
        let october = folder + "/2026-10.json"
        try JSONEncoder().encode(try Self.analysis()).write(to: URL(fileURLWithPath: october))
        var older = try Self.analysis()
        older.month = "2026-09"
        older.monthName = "September 2026"
        older.accountStories = [Self.current]
        let september = folder + "/2026-09.json"
        try JSONEncoder().encode(older).write(to: URL(fileURLWithPath: september))
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        #expect(publisher.publish(analysisPaths: [october]).errors.isEmpty)
        let page = try TestFiles.bytes(folder + "/site/accounts/current.json")
        #expect(publisher.publish(analysisPaths: [september]).errors.isEmpty)
        #expect(try TestFiles.bytes(folder + "/site/accounts/current.json") == page)
        #expect(FileManager.default.fileExists(atPath: folder + "/site/accounts/pension.html"))

        var without = try Self.analysis()
        without.accountStories = [Self.current]
        try JSONEncoder().encode(without).write(to: URL(fileURLWithPath: october))
        let outcome = publisher.publish(analysisPaths: [october])
        #expect(outcome.errors.isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/site/accounts").sorted() == [
                "current.html", "current.json", "current.md", "current.svg",
            ])
        #expect(outcome.removed.contains(folder + "/site/accounts/pension.html"))
    }
}
