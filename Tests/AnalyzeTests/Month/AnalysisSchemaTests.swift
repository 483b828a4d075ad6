import AnalysisFile
import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

/// `Schemas/analysis.schema.json` against files the engine really writes, from hand-built ledgers
/// that reach its optional parts (unknown balances, valuations, missing rates, anomalies, a
/// forecast, recurring series), then broken one way at a time to show the schema says something.
@Suite("Analysis file schema")
struct AnalysisSchemaTests {
    static let root = RepositoryPaths.root.path

    /// The check of `Schemas/analysis.schema.json`; nil, with a known issue, without jsonschema.
    static func validator() -> JSONSchemaCheck? {
        JSONSchemaCheck.available("analysis.schema.json")
    }

    static func json(_ analysis: MonthAnalysis) throws -> Any {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try JSONSerialization.jsonObject(with: encoder.encode(analysis))
    }

    @Test func everyMonthOfTheEngineLedgerConforms() throws {
        guard let validator = Self.validator() else { return }
        var month = YearMonth(year: 2025, month: 1)!
        while month <= YearMonth(year: 2026, month: 3)! {
            let analysis = try MonthAnalyzerEngineTests.analyzer.analysis(for: month)
            let problems = try validator.problems(of: try Self.json(analysis))
            #expect(problems == [], "\(month)")
            month = month.adding(months: 1)
        }
    }

    /// The stage writes with `PrettyJSONEncoder`; it must give `JSONEncoder`'s bytes.
    @Test func theFastEncoderWritesWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var month = YearMonth(year: 2025, month: 1)!
        while month <= YearMonth(year: 2026, month: 3)! {
            let analysis = try MonthAnalyzerEngineTests.analyzer.analysis(for: month)
            let fast = try PrettyJSONEncoder().encode(analysis)
            #expect(fast == Array(try encoder.encode(analysis)), "\(month)")
            month = month.adding(months: 1)
        }
        for month in ["2026-01", "2026-02"] {
            let analysis = try NetWorthBookTests.analyzer().analysis(for: YearMonth(month)!)
            #expect(try PrettyJSONEncoder().encode(analysis) == Array(try encoder.encode(analysis)), "\(month)")
        }
    }

    @Test func netWorthWithValuationsAndUnknownBalancesConforms() throws {
        guard let validator = Self.validator() else { return }
        let analyzer = try NetWorthBookTests.analyzer()
        for month in ["2026-01", "2026-02"] {
            let analysis = try analyzer.analysis(for: YearMonth(month)!)
            let problems = try validator.problems(of: try Self.json(analysis))
            #expect(problems == [], "\(month)")
        }
    }

    /// A plan with goals in two currencies, a shortfall-free month and budget suggestions; then a
    /// bucket type the schema does not know and a goal status it does not know are refused.
    @Test func aPlanWithGoalsConforms() throws {
        guard let validator = Self.validator() else { return }
        let goals = [
            GoalConfig(
                name: "Lisbon", target: Money(minorUnits: 500_000, currency: .eur), currency: .eur,
                deadline: try #require(CivilDate(iso: "2026-06-30")), holdings: [.init(account: "saver", percent: 25)]),
            GoalConfig(
                name: "Old", target: PlannerTests.gbp(100_000), deadline: try #require(CivilDate(iso: "2025-06-30")),
                flex: .skipped),
        ]
        let settings = AnalysisSettings(plan: PlanConfig(monthlyIncome: PlannerTests.gbp(300_000)), goals: goals)
        let analyzer = MonthAnalyzer(history: PlannerTests.history(), settings: settings)
        let analysis = try analyzer.analysis(for: PlannerTests.march)
        #expect(try validator.problems(of: try Self.json(analysis)) == [])
        var object = try #require(try Self.json(analysis) as? [String: Any])
        var plan = try #require(object["plan"] as? [String: Any])
        var buckets = try #require(plan["buckets"] as? [[String: Any]])
        buckets[0]["type"] = "savings"
        plan["buckets"] = buckets
        object["plan"] = plan
        #expect(try !validator.problems(of: object).isEmpty)
        object = try #require(try Self.json(analysis) as? [String: Any])
        plan = try #require(object["plan"] as? [String: Any])
        var entries = try #require(plan["goals"] as? [[String: Any]])
        entries[0]["status"] = "late"
        plan["goals"] = entries
        object["plan"] = plan
        #expect(try !validator.problems(of: object).isEmpty)
    }

    @Test func brokenFilesAreRefused() throws {
        guard let validator = Self.validator() else { return }
        let analysis = try MonthAnalyzerEngineTests.analyzer.analysis(for: YearMonth(year: 2026, month: 3)!)
        var object = try #require(try Self.json(analysis) as? [String: Any])
        object["schemaVersion"] = 1
        #expect(try !validator.problems(of: object).isEmpty)
        object = try #require(try Self.json(analysis) as? [String: Any])
        var worth = try #require(object["netWorth"] as? [String: Any])
        worth["total"] = 12.5
        object["netWorth"] = worth
        #expect(try !validator.problems(of: object).isEmpty)
        object = try #require(try Self.json(analysis) as? [String: Any])
        var anomalies = try #require(object["anomalies"] as? [[String: Any]])
        anomalies[0]["risk"] = 1.5
        object["anomalies"] = anomalies
        #expect(try !validator.problems(of: object).isEmpty)
        object = try #require(try Self.json(analysis) as? [String: Any])
        var recurring = try #require(object["recurring"] as? [[String: Any]])
        recurring[0]["cadence"] = "daily"
        object["recurring"] = recurring
        #expect(try !validator.problems(of: object).isEmpty)
    }
}
