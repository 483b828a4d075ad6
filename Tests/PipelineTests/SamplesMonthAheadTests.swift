import AnalysisFile
import Analyze
import Foundation
import Testing

/// The current account through the month ahead, against `EXPECTED.json`'s `monthAhead`, which
/// `scripts/generate_samples.py` works out from its own model (the June 2026 sweep into the saver
/// leaves the current account short of July's bills while the liquid total is healthy).
@Suite("The Samples' month ahead matches the generator's ground truth", .serialized)
struct SamplesMonthAheadTests {
    static let months = ["2026-06", "2026-10"]

    static func expected(_ month: String) throws -> [String: Any] {
        let ahead = try #require(try SamplesPipelineTests.expected()["monthAhead"] as? [String: Any])
        let months = try #require(ahead["months"] as? [String: Any])
        return try #require(months[month] as? [String: Any])
    }

    @Test(arguments: months) func currentAccountMatches(month: String) throws {
        let analysis = try SamplesAnalyses.month(month)
        let want = try Self.expected(month)
        let entry = try #require(analysis.cashFlow?.accounts?.first { $0.account == "current" }, "\(month)")
        let figures: [(String, String)] = [
            ("month", entry.month), ("balance", entry.balance), ("expectedIn", entry.expectedIn),
            ("expectedOut", entry.expectedOut), ("usualSpending", entry.usualSpending),
            ("projectedBalance", entry.projectedBalance), ("lowestBalance", entry.lowestBalance),
            ("lowestDate", entry.lowestDate),
        ]
        for (key, actual) in figures {
            #expect(actual == want[key] as? String, "\(month) \(key)")
        }
        #expect(entry.usualMonths == want["usualMonths"] as? Int, "\(month) usualMonths")
        let payments = try #require(want["payments"] as? [[String: String]])
        #expect(
            entry.payments.map { [$0.date, $0.category, $0.amount] }
                == payments.map { [$0["date"] ?? "", $0["category"] ?? "", $0["amount"] ?? ""] }, "\(month) payments")
        let severity = want["overdraftRisk"] as? String
        let card = analysis.insights?.first { $0.type == "overdraftRisk" }
        #expect(card?.severity == severity, "\(month) overdraftRisk")
        #expect(entry.attention == (severity == nil ? nil : true), "\(month) attention")
        #expect((entry.warning != nil) == (entry.lowestBalance.hasPrefix("-")), "\(month) warning")
    }

    /// June 2026's card names the account, the dip and its day, and the saver that can cover it.
    @Test func theJuneCardSpeaksOfTheCurrentAccount() throws {
        let analysis = try SamplesAnalyses.month("2026-06")
        let card = try #require(analysis.insights?.first { $0.type == "overdraftRisk" })
        #expect(card.message.hasPrefix("Northwind Current Account may go £527.79 overdrawn around 24 July 2026"))
        #expect(card.message.contains("Your other liquid accounts hold"))
        #expect(card.metric == InsightMetric(value: "527.79", unit: "GBP"))
    }
}
