import Categorize
import Ledger
import Testing

@Suite struct SplitPlanTests {
    func plan(_ text: String) -> SplitPlan {
        let rules = Fixture.rules("if payee ~ x\n    split \(text)\n")
        guard case .split(let plan) = rules[0].actions[0] else { fatalError("no split") }
        return plan
    }

    func amounts(_ plan: SplitPlan, _ amount: String, currency: Currency = .gbp) -> [String] {
        switch plan.allocate((try? Money.parse(amount, currency: currency))!) {
        case .success(let splits): splits.map(\.amount.decimalString)
        case .failure(let mismatch): [mismatch.message]
        }
    }

    /// 10.00 in thirds: 333.33... minor units each, the one left over goes to the largest remainder
    /// (rest has 33.34%: 333.4 > 333.3), so 3.33 + 3.33 + 3.34.
    @Test func thirdsGiveTheLeftoverToTheLargestRemainder() {
        #expect(amounts(plan("A 33.33%, B 33.33%, C rest"), "-10.00") == ["-3.33", "-3.33", "-3.34"])
    }

    /// 0.05 at 50/50: 2.5 and 2.5; the tie goes to the earlier part: 0.03 + 0.02.
    @Test func tiesGoToTheEarlierPart() {
        #expect(amounts(plan("A 50%, B 50%"), "0.05") == ["0.03", "0.02"])
    }

    /// 100.01 at 60/40: 6000.6 and 4000.4 minor units; 6000 + 4000 leaves 1, to the 0.6 remainder.
    @Test func sixtyForty() {
        #expect(amounts(plan("Food:Groceries 60%, Home 40%"), "-100.01") == ["-60.01", "-40.00"])
    }

    /// Fixed parts first, shares of what is left: 50.00 - 15.00 = 35.00, halved.
    @Test func fixedThenShares() {
        #expect(amounts(plan("Bills:Phone 15.00, A 50%, B rest"), "-50.00") == ["-15.00", "-17.50", "-17.50"])
        #expect(amounts(plan("Bills:Phone 15, Shopping rest"), "-15.00") == ["-15.00", "0.00"])
    }

    @Test func mismatchesAreReported() {
        #expect(
            amounts(plan("A 15.00, B rest"), "-10.00") == [
                "the fixed parts add up to 15.00, more than the amount 10.00"
            ])
        #expect(amounts(plan("A 15.00, B 5.00"), "-25.00") == ["the parts add up to 20.00 but the amount is 25.00"])
        #expect(
            amounts(plan("A 0.005, B rest"), "-25.00") == ["the fixed part 0.005 has more decimals than GBP allows"])
    }

    @Test func zeroDecimalCurrency() {
        #expect(
            amounts(plan("A 33.33%, B 33.33%, C rest"), "100", currency: Currency(code: "JPY")!) == ["33", "33", "34"])
    }

    @Test func partsAlwaysAddUp() {
        let plan = plan("A 12.5%, B 37.25%, C 0.25%, D rest")
        for minor in Int64(0)..<2000 {
            let amount = Money(minorUnits: -minor * 7 - 3, currency: .gbp)
            guard case .success(let splits) = plan.allocate(amount) else {
                Issue.record("no split for \(amount)")
                return
            }
            #expect(splits.reduce(Int64(0)) { $0 + $1.amount.minorUnits } == amount.minorUnits)
        }
    }
}
