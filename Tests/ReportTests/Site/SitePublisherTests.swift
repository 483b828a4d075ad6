import AnalysisFile
import Foundation
import FoundationXML
import Report
import TestSupport
import Testing

@Suite struct SitePublisherTests {
    /// The fixture moved to another month with other figures, written as an analysis file.
    func writeAnalysis(
        month: String, income: String, expenses: String, net: String, into folder: String
    ) throws
        -> String
    {
        var analysis = try TestFiles.analysis()
        analysis.month = month
        analysis.monthName = YearMonthName.name(month)
        analysis.summary.income = income
        analysis.summary.expenses = expenses
        analysis.summary.net = net
        analysis.summary.savingsRate = nil
        let path = folder + "/analysis-\(month).json"
        let encoder = JSONEncoder()
        try encoder.encode(analysis).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The charts the fixture month draws, written beside its report.md.
    static let charts = ["budgets", "cash-flow", "categories", "forecast", "goals", "net-worth", "trend"]

    @Test func writesEveryFileThroughOneRun() throws {
        let folder = try TestFiles.temporaryFolder()
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        let outcome = publisher.publish(analysisPaths: [TestFiles.analysisPath])
        #expect(outcome.errors.isEmpty)
        #expect(outcome.months.map(\.description) == ["2026-10"])
        #expect(
            outcome.written == Self.charts.map { folder + "/site/2026-10/charts/\($0).svg" } + [
                folder + "/site/2026-10/index.html", folder + "/site/2026-10/report.json",
                folder + "/site/2026-10/report.md", folder + "/archives/closebook-2026-10.tar.gz",
                folder + "/site/index.html", folder + "/site/feed.xml", folder + "/site/year-2026.html",
            ])
    }

    @Test func listsEveryMonthInTheSiteNewestFirstWithRelativeLinks() throws {
        let folder = try TestFiles.temporaryFolder()
        let templates = try TestFiles.templates()
        let publisher = SitePublisher(templates: templates, site: folder + "/site", archives: folder + "/archives")
        // Two runs: the index lists months from earlier runs too.
        let august = try writeAnalysis(
            month: "2026-08", income: "3520.00", expenses: "2950.00", net: "570.00", into: folder)
        let september = try writeAnalysis(
            month: "2026-09", income: "3400.00", expenses: "3512.40", net: "-112.40", into: folder)
        #expect(publisher.publish(analysisPaths: [september, august]).errors.isEmpty)
        let outcome = publisher.publish(analysisPaths: [TestFiles.analysisPath])
        #expect(outcome.errors.isEmpty)
        #expect(outcome.listedMonths == 3)

        let index = try TestFiles.text(folder + "/site/index.html")
        let rows = index.split(separator: "\n").filter { $0.hasPrefix("<tr><th scope=\"row\">") }
        // Figures and health score, then a net worth sparkline, then the other formats.
        #expect(
            rows.map { $0.components(separatedBy: "<td class=\"opt\"><svg class=\"sparkline\"")[0] } == [
                "<tr><th scope=\"row\"><a href=\"2026-10/index.html\">October 2026</a></th><td class=\"num\">£3,450.00</td><td class=\"num\">£2,612.35</td><td class=\"num good\">+£837.65</td><td class=\"num opt\">24.3%</td><td class=\"num opt\">72 Good</td>",
                "<tr><th scope=\"row\"><a href=\"2026-09/index.html\">September 2026</a></th><td class=\"num\">£3,400.00</td><td class=\"num\">£3,512.40</td><td class=\"num bad\">−£112.40</td><td class=\"num opt\">—</td><td class=\"num opt\">72 Good</td>",
                "<tr><th scope=\"row\"><a href=\"2026-08/index.html\">August 2026</a></th><td class=\"num\">£3,520.00</td><td class=\"num\">£2,950.00</td><td class=\"num good\">+£570.00</td><td class=\"num opt\">—</td><td class=\"num opt\">72 Good</td>",
            ])
        #expect(
            rows[0].hasSuffix(
                "</svg></td><td class=\"opt\"><a href=\"2026-10/report.md\">Markdown</a> · <a href=\"2026-10/report.json\">JSON</a></td></tr>"
            ))
        #expect(
            index.contains(
                "<nav class=\"crumbs\" aria-label=\"Years\">By year: <a href=\"year-2026.html\">2026</a> </nav>"))
        // The year page: the three months and their totals (570.00 - 112.40 + 837.65 = 1295.25 of 10370.00).
        let year = try TestFiles.text(folder + "/site/year-2026.html")
        #expect(
            year.contains(
                "<tbody><tr><td class=\"num\">£10,370.00</td><td class=\"num\">£9,074.75</td><td class=\"num good\">+£1,295.25</td><td class=\"num\">12.5%</td></tr></tbody>"
            ))
        #expect(year.components(separatedBy: "<tr><th scope=\"row\">").count == 4)
        #expect(!year.contains("href=\"/") && !year.contains("href=\"http"))
        #expect(index.contains("<p class=\"period\">3 months · <a href=\"feed.xml\">Atom feed</a></p>"))
        #expect(!index.contains("href=\"/"))
        #expect(!index.contains("href=\"http"))
        #expect(!index.contains("src="))
    }

    @Test func writesAnAtomFeedDatedByTheMonthsNotTheClock() throws {
        let folder = try TestFiles.temporaryFolder()
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        let february = try writeAnalysis(
            month: "2028-02", income: "10.00", expenses: "0.00", net: "10.00", into: folder)
        #expect(publisher.publish(analysisPaths: [TestFiles.analysisPath, february]).errors.isEmpty)
        let feed = try TestFiles.text(folder + "/site/feed.xml")
        // 2028 is a leap year: February ends on the 29th.
        #expect(
            feed.contains(
                """
                <id>urn:closebook:reports</id>
                <updated>2028-02-29T23:59:59Z</updated>
                """))
        #expect(
            feed.contains(
                """
                <entry>
                <title>February 2028</title>
                <id>urn:closebook:report:2028-02</id>
                <updated>2028-02-29T23:59:59Z</updated>
                <link rel="alternate" type="text/html" href="2028-02/index.html"/>
                <summary>Income £10.00, expenses £0.00, net +£10.00; health score 72 Good.</summary>
                </entry>
                <entry>
                <title>October 2026</title>
                <id>urn:closebook:report:2026-10</id>
                <updated>2026-10-31T23:59:59Z</updated>
                <link rel="alternate" type="text/html" href="2026-10/index.html"/>
                <summary>Income £3,450.00, expenses £2,612.35, net +£837.65 (savings rate 24.3%); health score 72 Good.</summary>
                </entry>
                </feed>
                """))
        let parser = XMLParser(data: Data(feed.utf8))
        #expect(parser.parse(), "feed.xml is not well-formed XML")
    }

    @Test func reportsABadAnalysisAndWritesTheOthers() throws {
        let folder = try TestFiles.temporaryFolder()
        let broken = folder + "/broken.json"
        try Data(#"{"schemaVersion": 1, "month": "2026-09"}"#.utf8).write(to: URL(fileURLWithPath: broken))
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        let outcome = publisher.publish(analysisPaths: [broken, folder + "/missing.json", TestFiles.analysisPath])
        #expect(
            outcome.errors.map(\.description) == [
                "\(broken): error: 'monthName' is missing",
                "\(folder)/missing.json: error: no such file",
            ])
        #expect(outcome.months.map(\.description) == ["2026-10"])
        #expect(FileManager.default.fileExists(atPath: folder + "/site/2026-10/index.html"))
    }

    @Test func reportsABrokenReportAlreadyInTheSite() throws {
        let folder = try TestFiles.temporaryFolder()
        let stale = folder + "/site/2020-01/report.json"
        try FileManager.default.createDirectory(
            atPath: folder + "/site/2020-01", withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: stale))
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        let outcome = publisher.publish(analysisPaths: [TestFiles.analysisPath])
        #expect(outcome.errors.map(\.description) == ["\(stale): error: the file is not valid JSON"])
        #expect(outcome.listedMonths == 1)
    }

    @Test func validatesReportJSONAgainstTheShippedSchema() throws {
        let rendered = try ReportRenderer(templates: try TestFiles.templates()).render(try TestFiles.report())
        guard let validator = JSONSchemaCheck.available("report.schema.json") else { return }
        #expect(try validator.problems(Data(rendered.json)) == [])
        // The checker does catch a wrong document.
        var broken = try #require(try JSONSerialization.jsonObject(with: Data(rendered.json)) as? [String: Any])
        broken["headline"] = ["income": 12]
        broken["extra"] = true
        let problems = try validator.problems(of: broken)
        #expect(problems.contains("$: Additional properties are not allowed ('extra' was unexpected)"))
        #expect(problems.contains("$.headline.income: 12 is not of type 'string'"))
        #expect(problems.contains("$.headline: 'expenses' is a required property"))
    }

    @Test func writesJSONWithSortedKeysAndEveryHeadlineNumber() throws {
        let rendered = try ReportRenderer(templates: try TestFiles.templates()).render(try TestFiles.report())
        let json = String(decoding: rendered.json, as: UTF8.self)
        #expect(json.hasPrefix("{\n  \"accounts\" : ["))
        #expect(json.hasSuffix("\n}\n"))
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(rendered.json))
        #expect(document.schemaVersion == 1)
        #expect(document.headline.net == "837.65")
        #expect(document.comparisons.map(\.kind) == ["previousMonth", "yearAgo"])
        #expect(document.comparisons[0].expensesChange == "210.40")
        #expect(document.comparisons[1].expensesChange == "-87.65")
        let groceries = try #require(document.categories.first { $0.category == "Food:Groceries" })
        #expect(groceries.budgetRemaining == "-52.30")
        #expect(groceries.change == "54.20")
        #expect(document.largestExpenses[0].amount == "1200.00")
    }
}

/// `October 2026` from `2026-10`.
enum YearMonthName {
    static func name(_ month: String) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(names[Int(month.suffix(2))! - 1]) \(month.prefix(4))"
    }
}
