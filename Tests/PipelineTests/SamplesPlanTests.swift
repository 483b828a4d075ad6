import AnalysisFile
import Analyze
import Foundation
import Testing

/// The plan of the Samples (the four buckets, the two goals of `closebook.toml` and their share of
/// `[plan] goals_budget`) against `EXPECTED.json`'s `plan`, which `scripts/generate_samples.py` works
/// out from its own model of every transaction and the README's policy, never from Closebook.
@Suite("The Samples' plan matches the generator's ground truth", .serialized)
struct SamplesPlanTests {
    static let months = ["2026-10", "2026-03"]

    /// One pipeline run over a fresh copy of the Samples: analyze writes every month's file.
    static let plans: Result<[String: PlanSection], any Error> = Result {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        var result: [String: PlanSection] = [:]
        for month in months {
            let path = workspace.appendingPathComponent("build/analysis/\(month).json")
            let analysis = try JSONDecoder().decode(MonthAnalysis.self, from: Data(contentsOf: path))
            result[month] = analysis.plan
        }
        return result
    }

    static func plan(_ month: String) throws -> PlanSection {
        try #require(try plans.get()[month], "\(month): no plan")
    }

    /// `plan.months[month]` of EXPECTED.json.
    static func expected(_ month: String) throws -> [String: Any] {
        let plan = try #require(try SamplesPipelineTests.expected()["plan"] as? [String: Any])
        let months = try #require(plan["months"] as? [String: Any])
        return try #require(months[month] as? [String: Any])
    }

    /// "3050.22" as 305022.
    static func pence(_ text: String) -> Int? {
        let parts = text.split(separator: ".")
        guard parts.count == 2, parts[1].count == 2 else { return nil }
        return Int(parts[0] + parts[1])
    }

    static func number(_ object: Any?) -> Double? {
        (object as? NSNumber)?.doubleValue
    }

    /// An optional figure: JSON null and a missing key both mean "left out".
    static func optional<T>(_ object: Any?) -> T? {
        object is NSNull ? nil : object as? T
    }

    @Test func groundTruthCoversBothGoalsAndEveryBucket() throws {
        for month in Self.months {
            let expected = try Self.expected(month)
            let goals = try #require(expected["goals"] as? [[String: Any]])
            #expect(goals.map { $0["name"] as? String } == ["New laptop", "House deposit"], "\(month)")
            #expect(goals.map { $0["flex"] as? String } == ["protected", "flexible"], "\(month)")
            let buckets = try #require(expected["buckets"] as? [String: Any])
            #expect(Set(buckets.keys) == Set(AllocationBucketType.allCases.map(\.rawValue)), "\(month)")
        }
    }

    @Test(arguments: months) func inputsMatch(month: String) throws {
        let plan = try Self.plan(month)
        let expected = try Self.expected(month)
        let basis = try #require(expected["basedOn"] as? [String: Any])
        #expect(plan.monthlyIncome == expected["monthlyIncome"] as? String, "\(month) monthlyIncome")
        #expect(plan.basedOn.months == basis["months"] as? [String], "\(month) months")
        let figures: [(String, String)] = [
            ("incomeSource", plan.basedOn.incomeSource), ("averageIncome", plan.basedOn.averageIncome),
            ("averageSpending", plan.basedOn.averageSpending), ("averageEssential", plan.basedOn.averageEssential),
            ("averageDiscretionary", plan.basedOn.averageDiscretionary),
            ("liquidBalances", plan.basedOn.liquidBalances), ("heldForGoals", plan.basedOn.heldForGoals),
            ("debt", plan.basedOn.debt), ("carriedDebt", plan.basedOn.carriedDebt),
            ("goalsBudgetSource", plan.basedOn.goalsBudgetSource),
        ]
        for (key, actual) in figures {
            #expect(actual == basis[key] as? String, "\(month) basedOn.\(key)")
        }
        #expect(plan.basedOn.emergencyMonths == basis["emergencyMonths"] as? Int, "\(month) emergencyMonths")
        #expect(plan.unmappedCategories == expected["unmappedCategories"] as? [String], "\(month) unmapped")
    }

    /// The four amounts, their percentages, the emergency fund's target, and the shortfall.
    @Test(arguments: months) func bucketsMatch(month: String) throws {
        let plan = try Self.plan(month)
        let expected = try Self.expected(month)
        let buckets = try #require(expected["buckets"] as? [String: [String: Any]])
        #expect(plan.buckets.map(\.type) == AllocationBucketType.allCases.map(\.rawValue), "\(month) bucket order")
        for bucket in plan.buckets {
            let want = try #require(buckets[bucket.type], "\(month) \(bucket.type)")
            #expect(bucket.amount == want["amount"] as? String, "\(month) \(bucket.type): \(bucket.explanation)")
            let percentage = try #require(Self.number(want["percentage"]))
            #expect(
                bucket.percentage.map { abs($0 - percentage) < 0.0051 } == true,
                "\(month) \(bucket.type): \(bucket.percentage ?? .nan)%, expected \(percentage)%")
            guard bucket.type == AllocationBucketType.emergencyFund.rawValue else { continue }
            #expect(bucket.targetAmount == want["targetAmount"] as? String, "\(month) emergency target")
            #expect(bucket.currentAmount == want["currentAmount"] as? String, "\(month) emergency current")
            #expect(
                bucket.monthsToTarget == Self.optional(want["monthsToTarget"]),
                "\(month) monthsToTarget: \(bucket.explanation)")
        }
        #expect(plan.shortfall == Self.optional(expected["shortfall"]), "\(month) shortfall")
        let amounts = plan.buckets.compactMap { Self.pence($0.amount) }
        #expect(amounts.count == 4 && amounts.reduce(0, +) == Self.pence(plan.monthlyIncome), "\(month): the sum")
    }

    /// Plan against actual: the month before's plan per bucket, and what the month did.
    @Test(arguments: months) func actualMatches(month: String) throws {
        let plan = try Self.plan(month)
        let expected = try Self.expected(month)
        #expect(plan.plannedIn == expected["plannedIn"] as? String, "\(month) plannedIn")
        let want = try #require(expected["actual"] as? [String: [String: Any]])
        let actual = try #require(plan.actual)
        #expect(actual.map(\.type) == AllocationBucketType.allCases.map(\.rawValue), "\(month) order")
        for entry in actual {
            #expect(entry.planned == want[entry.type]?["planned"] as? String, "\(month) \(entry.type) planned")
            #expect(entry.actual == want[entry.type]?["actual"] as? String, "\(month) \(entry.type) actual")
            #expect(entry.left == nil, "\(month) \(entry.type): a closed month has nothing left")
        }
    }

    /// Each goal's standing and what it gets of the goals budget, and the split at each flex value.
    /// The emergency fund over time: its 12 month ends, its pace and months to target, as the
    /// generator's model works them out (`plan.definitions.emergencyFund`).
    @Test(arguments: months) func emergencyFundTrackMatches(month: String) throws {
        let track = try #require(try Self.plan(month).emergencyFund, "\(month): no emergency fund track")
        let want = try #require(try Self.expected(month)["emergencyFund"] as? [String: Any])
        #expect(track.balance == want["balance"] as? String, "\(month) balance")
        #expect(track.target == want["target"] as? String, "\(month) target")
        #expect(track.progress == Self.number(want["progress"]), "\(month) progress")
        let points = try #require(want["months"] as? [[String: String]])
        #expect(track.months.count == 12, "\(month) twelve month ends")
        #expect(
            track.months.map { [$0.month, $0.balance, $0.target] }
                == points.map { [$0["month"] ?? "", $0["balance"] ?? "", $0["target"] ?? ""] }, "\(month) months")
        #expect(track.pace == want["pace"] as? String, "\(month) pace")
        #expect(track.paceMonths == want["paceMonths"] as? Int, "\(month) paceMonths")
        #expect(track.monthsToTarget == Self.optional(want["monthsToTarget"]), "\(month) monthsToTarget")
        #expect(track.targetMonth == Self.optional(want["targetMonth"]), "\(month) targetMonth")
    }

    @Test(arguments: months) func goalsMatch(month: String) throws {
        let plan = try Self.plan(month)
        let expected = try Self.expected(month)
        let goals = try #require(expected["goals"] as? [[String: Any]])
        #expect(plan.goals.map(\.name) == goals.compactMap { $0["name"] as? String }, "\(month) goals")
        for (goal, want) in zip(plan.goals, goals) {
            let label = "\(month) \(goal.name)"
            let figures: [(String, String)] = [
                ("flex", goal.flex), ("target", goal.target), ("deadline", goal.deadline), ("current", goal.current),
                ("requiredMonthly", goal.requiredMonthly), ("status", goal.status), ("allotted", goal.allotted),
            ]
            for (key, actual) in figures {
                #expect(actual == want[key] as? String, "\(label) \(key)")
            }
            let progress = try #require(Self.number(want["progress"]))
            #expect(
                abs(goal.progress - progress) < 0.000051, "\(label) progress \(goal.progress), expected \(progress)")
            #expect(goal.monthsLeft == want["monthsLeft"] as? Int, "\(label) monthsLeft")
            #expect(goal.monthlyGrowth == Self.optional(want["monthlyGrowth"]), "\(label) monthlyGrowth")
            #expect(goal.projectedCompletion == Self.optional(want["projectedCompletion"]), "\(label) completion")
            #expect(goal.slipMonths == Self.optional(want["slipMonths"]), "\(label) slipMonths")
            #expect(goal.standingOrder == Self.optional(want["standingOrder"]), "\(label) standingOrder")
            #expect(goal.currency == "GBP", "\(label) currency")
            #expect(goal.notes == nil, "\(label): \(goal.notes ?? [])")
        }
        #expect(plan.totalRequired == expected["totalRequired"] as? String, "\(month) totalRequired")
        #expect(plan.goalsBudget == expected["goalsBudget"] as? String, "\(month) goalsBudget")
        #expect(Self.number(expected["flex"]) == plan.flex, "\(month) flex")

        let preview = try #require(expected["flexPreview"] as? [[String: Any]])
        #expect(plan.flexPreview.count == preview.count, "\(month) flexPreview")
        for (entry, want) in zip(plan.flexPreview, preview) {
            let label = "\(month) flex \(entry.flex)"
            #expect(Self.number(want["flex"]) == entry.flex, "\(label)")
            let allotted = try #require(want["allotted"] as? [String: String])
            #expect(
                Dictionary(uniqueKeysWithValues: entry.allotted.map { ($0.name, $0.amount) }) == allotted,
                "\(label) allotted")
            #expect(entry.total == want["total"] as? String, "\(label) total")
            #expect(entry.unallotted == want["unallotted"] as? String, "\(label) unallotted")
        }
    }
}
