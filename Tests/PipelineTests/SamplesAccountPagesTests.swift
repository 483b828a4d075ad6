import AnalysisFile
import Foundation
import Testing

/// The Samples' pension, valued each quarter: its growth split and annual return as the generator
/// worked them out from its own model (EXPECTED.json's files.pension.growth, the return by
/// bisection), and the account pages on the site.
@Suite("The Samples' account pages")
struct SamplesAccountPagesTests {
    @Test func thePensionsGrowthMatchesTheGeneratorsGroundTruth() throws {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        let files = try #require(try SamplesPipelineTests.expected()["files"] as? [String: Any])
        let pension = try #require(files["pension"] as? [String: Any])
        let growths = try #require(pension["growth"] as? [String: [String: Any]])
        #expect(Set(growths.keys) == ["2026-10", "2026-03"])
        for (month, expected) in growths {
            let path = workspace.appendingPathComponent("build/analysis/\(month).json")
            let analysis = try JSONDecoder().decode(MonthAnalysis.self, from: Data(contentsOf: path))
            let growth = try #require(analysis.netWorth?.accounts.first { $0.id == "pension" }?.growth)
            #expect(growth.from == expected["from"] as? String, "\(month)")
            #expect(growth.to == expected["to"] as? String, "\(month)")
            #expect(growth.startValue == expected["startValue"] as? String, "\(month)")
            #expect(growth.endValue == expected["endValue"] as? String, "\(month)")
            #expect(growth.paidIn == expected["paidIn"] as? String, "\(month)")
            #expect(growth.withdrawn == expected["withdrawn"] as? String, "\(month)")
            #expect(growth.netContributions == expected["netContributions"] as? String, "\(month)")
            #expect(growth.marketGrowth == expected["marketGrowth"] as? String, "\(month)")
            #expect(growth.contributionCount == expected["contributionCount"] as? Int, "\(month)")
            let percent = try #require(growth.annualReturn) * 100
            #expect(
                Self.twoDecimals(percent) == expected["annualReturnPercent"] as? String,
                "\(month): \(percent)")
            #expect(analysis.accountStories?.first { $0.id == "pension" }?.growth == growth)
        }

        // The page the October report links to tells the story to the newest month (November),
        // whose latest valuation is still 30 September.
        let month = try String(
            contentsOf: workspace.appendingPathComponent("site/2026-10/index.html"), encoding: .utf8)
        #expect(month.contains("<a href=\"../accounts/pension.html\">Workplace Pension</a>"))
        let page = try String(
            contentsOf: workspace.appendingPathComponent("site/accounts/pension.html"), encoding: .utf8)
        let october = try #require(growths["2026-10"])
        #expect(page.contains("<td class=\"num\">\(october["annualReturnPercent"] as? String ?? "?")% a year</td>"))
        let index = try String(contentsOf: workspace.appendingPathComponent("site/index.html"), encoding: .utf8)
        for id in ["card", "current", "euro", "pension", "savings"] {
            #expect(index.contains("href=\"accounts/\(id).html\""), "\(id)")
        }
    }

    /// `7.91` from 7.9104: half to even at two decimals, as the generator rounds.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded(.toNearestOrEven))
        let sign = hundredths < 0 ? "-" : ""
        let digits = String(abs(hundredths))
        let padded = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        return "\(sign)\(padded.dropLast(2)).\(padded.suffix(2))"
    }
}
