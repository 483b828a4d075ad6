import AnalysisFile
import Analyze
import Foundation
import Testing

/// The insight cards and the health score of the Samples against `EXPECTED.json`'s `insights`, which
/// `scripts/generate_samples.py` works out from its own model of every transaction (never from
/// Closebook): each card's outcome and headline figure, and the score with its components.
@Suite("The Samples' insight cards and health score match the generator's ground truth", .serialized)
struct SamplesInsightsTests {
    static let months = ["2026-10", "2026-03"]

    static func analysis(_ month: String) throws -> MonthAnalysis {
        try SamplesAnalyses.month(month)
    }

    /// `insights.months[month]` of EXPECTED.json.
    static func expected(_ month: String) throws -> [String: Any] {
        let insights = try #require(try SamplesPipelineTests.expected()["insights"] as? [String: Any])
        let months = try #require(insights["months"] as? [String: Any])
        return try #require(months[month] as? [String: Any])
    }

    @Test func groundTruthCoversEveryCard() throws {
        for month in Self.months {
            let cards = try #require(try Self.expected(month)["cards"] as? [String: Any])
            #expect(cards.count == 33, "\(month)")
            let notAsserted = cards.values.filter { ($0 as? [String: Any])?["outcome"] as? String == "notAsserted" }
            #expect(notAsserted.count <= 1, "\(month): keep the cards the model cannot predict few")
        }
    }

    /// Every asserted card: fired with the expected severity (and headline figure), quiet (neither
    /// fired nor omitted), or omitted.
    @Test(arguments: months) func cardsHaveTheExpectedOutcome(month: String) throws {
        let analysis = try Self.analysis(month)
        let cards = try #require(try Self.expected(month)["cards"] as? [String: [String: Any]])
        let fired = Dictionary((analysis.insights ?? []).map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
        let omitted = Dictionary(
            (analysis.insightsOmitted ?? []).map { ($0.type, $0.reason) }, uniquingKeysWith: { first, _ in first })
        for (type, card) in cards.sorted(by: { $0.key < $1.key }) {
            let outcome = try #require(card["outcome"] as? String)
            let actual = fired[type].map(\.severity) ?? omitted[type].map { "omitted (\($0))" } ?? "quiet"
            switch outcome {
            case "notAsserted":
                continue
            case "quiet":
                #expect(actual == "quiet", "\(month) \(type): \(fired[type]?.message ?? actual)")
            case "omitted":
                #expect(omitted[type] != nil, "\(month) \(type): \(actual)")
                if let reason = card["reason"] as? String, let got = omitted[type] {
                    #expect(got == reason, "\(month) \(type)")
                }
            default:
                #expect(actual == outcome, "\(month) \(type): \(fired[type]?.message ?? actual)")
                if let insight = fired[type], let metric = card["metric"] as? [String: Any] {
                    Self.check(insight.metric, against: metric, "\(month) \(type): \(insight.message)")
                }
            }
        }
    }

    /// Money must be exact; other figures agree to one unit of the last decimal the generator shows.
    static func check(_ actual: InsightMetric, against expected: [String: Any], _ comment: String) {
        if let places = expected["places"] as? Int {
            let value = (expected["value"] as? NSNumber)?.doubleValue
            let tolerance = pow(10, -Double(places)) + 1e-9
            let got = Double(actual.value)
            #expect(
                got != nil && value != nil && abs((got ?? 0) - (value ?? 0)) <= tolerance,
                "\(comment): metric \(actual.value) \(actual.unit), expected \(value ?? .nan)")
        } else {
            #expect(actual.value == expected["value"] as? String, "\(comment): metric")
        }
    }

    @Test(arguments: months) func healthScoreMatches(month: String) throws {
        let analysis = try Self.analysis(month)
        let expected = try #require(try Self.expected(month)["healthScore"] as? [String: Any])
        let health = try #require(analysis.healthScore, "\(month): no health score")
        #expect(health.score == expected["score"] as? Int, "\(month)")
        #expect(health.grade == expected["grade"] as? String, "\(month)")
        let components = try #require(expected["components"] as? [String: [String: Any]])
        #expect(Set(health.components.map(\.name)) == Set(components.keys), "\(month)")
        for component in health.components {
            let want = try #require(components[component.name], "\(month): \(component.name)")
            let score = try #require((want["score"] as? NSNumber)?.doubleValue)
            let weight = try #require((want["weight"] as? NSNumber)?.doubleValue)
            #expect(
                component.score.map { abs($0 - score) < 0.0051 } == true,
                "\(month) \(component.name): score \(component.score ?? .nan), expected \(score)")
            #expect(
                abs(component.weight - weight) < 0.0051,
                "\(month) \(component.name): weight \(component.weight), expected \(weight)")
        }
    }
}
