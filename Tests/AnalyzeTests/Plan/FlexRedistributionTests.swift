import Ledger
import Testing

@testable import Analyze

@Suite("Flex redistribution")
struct FlexRedistributionTests {
    static func claim(_ required: Int64, _ flex: GoalConfig.Flex, _ deadline: String) -> FlexRedistribution.Claim {
        FlexRedistribution.Claim(required: required, flex: flex, deadline: CivilDate(iso: deadline)!)
    }

    /// Protected A (300.00, December) and B (500.00, June); flexible C (300.00) and D (100.00);
    /// skipped E (200.00).
    static let claims = [
        claim(30_000, .protected, "2026-12-31"), claim(50_000, .protected, "2026-06-30"),
        claim(30_000, .flexible, "2027-01-31"), claim(10_000, .flexible, "2027-06-30"),
        claim(20_000, .skipped, "2026-09-30"),
    ]

    /// Budget 1500.00: protected take 800.00, leaving 700.00. Flexible need 400.00:
    /// flex 0.5 → pool min(700, 200) = 200: C 150, D 50; flex 1.0 → 400: C 300, D 100;
    /// flex 1.5 → 600: C 450, D 150. E always 0.
    @Test(arguments: [
        (50, [30_000, 50_000, 15_000, 5_000, 0] as [Int64]), (100, [30_000, 50_000, 30_000, 10_000, 0]),
        (150, [30_000, 50_000, 45_000, 15_000, 0]),
    ])
    func flexScalesFlexibleGoals(percent: Int, expected: [Int64]) {
        #expect(FlexRedistribution.allot(Self.claims, budget: 150_000, flexPercent: percent) == expected)
    }

    /// Budget 1000.00: protected take 800.00; flexible share the 200.00 left 3 : 1 → 150.00 and 50.00.
    @Test func mixedFlexStatesNeedingRedistribution() {
        #expect(
            FlexRedistribution.allot(Self.claims, budget: 100_000, flexPercent: 100) == [
                30_000, 50_000, 15_000, 5_000, 0,
            ])
    }

    /// Budget 600.00: B (June) is funded first with 500.00, A gets the 100.00 left, flexible nothing.
    @Test func protectedGoalsGoInDeadlineOrder() {
        #expect(
            FlexRedistribution.allot(Self.claims, budget: 60_000, flexPercent: 100) == [10_000, 50_000, 0, 0, 0])
    }

    /// 0.02 for three flexible goals needing 0.01 each: 0.00666… each, rounded down to 0; the two
    /// minor units left go to the earliest deadlines.
    @Test func leftOverMinorUnitsGoToTheEarliestDeadlines() {
        let claims = [
            Self.claim(1, .flexible, "2027-03-31"), Self.claim(1, .flexible, "2027-01-31"),
            Self.claim(1, .flexible, "2027-02-28"),
        ]
        #expect(FlexRedistribution.allot(claims, budget: 2, flexPercent: 100) == [0, 1, 1])
    }
}

extension FlexRedistributionTests {
    /// A standing order comes first: A (protected, needs 300.00) has one of 150.00 and gets exactly
    /// that. Budget 1000.00: 150.00 to A, B 500.00, and the flexible C and D share the 350.00 left
    /// 3 : 1 → 262.50 and 87.50.
    @Test func aStandingOrderIsHonouredBeforeTheSplit() {
        var claims = Array(Self.claims.prefix(4))
        claims[0].fixed = 15_000
        #expect(FlexRedistribution.allot(claims, budget: 100_000, flexPercent: 100) == [15_000, 50_000, 26_250, 8_750])
        // The bank pays it even when the budget is smaller: 150.00 of a 100.00 budget, nothing left.
        #expect(FlexRedistribution.allot(claims, budget: 10_000, flexPercent: 100) == [15_000, 0, 0, 0])
    }
}
