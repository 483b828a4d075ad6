import Ledger
import Testing

@testable import Categorize

/// `RuleMatcher.matchTexts`: texts decided without a match plan when every rule tried reads only
/// texts; the plan's way otherwise.
@Suite struct MatchTextsTests {
    /// Rule 0 reads the payee; rule 1 the payee and the amount; rule 2 continues.
    let matcher = RuleMatcher(
        rules: Fixture.rules(
            """
            if payee ~ shop
                tag seen
                continue
            if payee ~ tesco
                category Groceries
            if payee ~ shell and amount < -5
                category Fuel
            """))

    func input(_ payee: String) -> MatchInput {
        var input = MatchInput()
        input.load(Fixture.transaction("a", amount: "-9.00", payee: payee), cleanKey: "", matcher: matcher)
        return input
    }

    /// `TESCO SHOP`: rule 0 holds and continues, rule 1 holds and ends the walk; rule 2 (the one
    /// reading the amount) is no candidate without `shell`: [0, 1]. `ASDA` has no candidate: [].
    @Test func textsAloneSettleTheRulesTried() {
        var scratch = matcher.makeScratch()
        var result: [Int] = [7]
        #expect(matcher.matchTexts(input("TESCO SHOP"), scratch: &scratch, into: &result))
        #expect(result == [7, 0, 1])
        result = []
        #expect(matcher.matchTexts(input("ASDA"), scratch: &scratch, into: &result))
        #expect(result == [])
    }

    /// `SHELL SHOP`: rule 0 holds, then rule 2 reads the amount: false, and the result is left as it
    /// was (the caller then makes a plan).
    @Test func aRuleReadingMoreThanTextsLeavesItToThePlan() {
        var scratch = matcher.makeScratch()
        var result: [Int] = [7]
        #expect(!matcher.matchTexts(input("SHELL SHOP"), scratch: &scratch, into: &result))
        #expect(result == [7])
        // The plan's way gives rule 0, then rule 2 for this row's -9.00.
        result = []
        matcher.match(input("SHELL SHOP"), scratch: &scratch, into: &result)
        #expect(result == [0, 2])
    }

    /// The same walk gives the plan: rule 0 held for these texts (a step with nothing left to
    /// check), rule 1 is no candidate, rule 2 leaves `amount < -5`. A row of -9.00 then matches
    /// [0, 2], one of 3.00 only [0]; and the plan is `plan(_:scratch:)`'s, step for step.
    @Test func theWalkThatMeetsSuchARuleMakesThePlan() {
        var scratch = matcher.makeScratch()
        var result: [Int] = []
        var plan = MatchPlan()
        #expect(!matcher.matchTexts(input("SHELL SHOP"), scratch: &scratch, into: &result, plan: &plan))
        #expect(result == [])
        #expect(plan.steps.map(\.rule) == [0, 2])
        #expect(plan.steps.map { $0.condition == nil } == [true, false])
        let separate = matcher.plan(input("SHELL SHOP"), scratch: &scratch)
        #expect(separate.steps.map(\.rule) == [0, 2])
        matcher.match(input("SHELL SHOP"), plan: plan, scratch: &scratch, into: &result)
        #expect(result == [0, 2])
        var credit = input("SHELL SHOP")
        credit.amount = Money(minorUnits: 300, currency: credit.amount.currency)
        result = []
        matcher.match(credit, plan: plan, scratch: &scratch, into: &result)
        #expect(result == [0])
    }

    /// Texts every rule tried settles leave the plan as it was (empty).
    @Test func textsThatSettleEveryRuleMakeNoPlan() {
        var scratch = matcher.makeScratch()
        var result: [Int] = []
        var plan = MatchPlan()
        #expect(matcher.matchTexts(input("TESCO SHOP"), scratch: &scratch, into: &result, plan: &plan))
        #expect(result == [0, 1])
        #expect(plan.steps.isEmpty)
    }
}
