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
}
