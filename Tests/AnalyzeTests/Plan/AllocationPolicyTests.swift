import Testing

@testable import Analyze

/// The allocation policy's invariants, with amounts in pence worked out by hand.
@Suite("Allocation policy")
struct AllocationPolicyTests {
    static func allocate(
        income: Int64, essential: Int64, discretionary: Int64, savings: Int64 = 0, debt: Int64 = 0, months: Int = 6
    ) -> AllocationPolicy.Allocation {
        // The target as `EmergencyFund` sets it: months × average spending, saturating.
        let target = Int64(months).multipliedReportingOverflow(by: essential + discretionary)
        return AllocationPolicy().allocate(
            AllocationPolicy.Inputs(
                income: income, essential: essential, discretionary: discretionary, emergencyFund: savings,
                emergencyTarget: target.overflow ? Int64.max : target.partialValue, debt: debt))
    }

    /// Seed 004: income 5000, expenses 3200 (essential 2100: Groceries 450 + Rent 1500 + Utilities 150;
    /// discretionary 1100: Entertainment 200 + Dining 300 + 600 not itemised), savings 12000, debt 8000.
    /// surplus = 5000 − 3200 = 1800; target = 6 × 3200 = 19200; gap = 19200 − 12000 = 7200;
    /// emergency = 1800 ÷ 2 = 900; the other 900 repays debt (8000 owed), so essential = 2100 + 900 =
    /// 3000 and investments 0; months = ceil(7200 ÷ 900) = 8. 3000 + 900 + 1100 + 0 = 5000.
    /// (The seed's 1000 a month for 10 months would be 10000, not the 7200 gap: at 1000 a month
    /// ceil(7.2) = 8 months, and its buckets add 2550 + 950 = 3500 of spending, not 3200.)
    @Test func seed004Example() {
        let a = Self.allocate(
            income: 500_000, essential: 210_000, discretionary: 110_000, savings: 1_200_000, debt: 800_000)
        #expect(a.essential == 300_000)
        #expect(a.debtRepayment == 90_000)
        #expect(a.emergencyFund == 90_000)
        #expect(a.discretionary == 110_000)
        #expect(a.investments == 0)
        #expect(a.emergencyTarget == 1_920_000)
        #expect(a.emergencyCurrent == 1_200_000)
        #expect(a.monthsToTarget == 8)
        #expect(a.total == 500_000)
    }

    /// An odd surplus: 3000.01 − 2000.00 = 1000.01; half rounded down is 500.00 and the odd penny goes
    /// on to investments: 500.01. Without debt, nothing is repaid.
    @Test func amountsAddUpToIncomeAndTheOddPennyGoesToInvestments() {
        let a = Self.allocate(income: 300_001, essential: 150_000, discretionary: 50_000)
        #expect(a.emergencyFund == 50_000)
        #expect(a.investments == 50_001)
        #expect(a.essential + a.emergencyFund + a.discretionary + a.investments == 300_001)
    }

    /// Sums over a spread of cases, each adding up to its income.
    @Test(
        arguments: [
            (100_000, 30_000, 20_000, 0, 0), (99_999, 99_999, 0, 0, 0), (123_457, 1, 2, 5, 7), (0, 5_000, 5_000, 0, 0),
            (777_777, 111_111, 222_222, 10_000_000, 55_555), (10_000, 20_000, 30_000, 0, 100),
        ] as [(Int64, Int64, Int64, Int64, Int64)])
    func bucketsAddUpToTheIncome(income: Int64, essential: Int64, discretionary: Int64, savings: Int64, debt: Int64) {
        let a = Self.allocate(
            income: income, essential: essential, discretionary: discretionary, savings: savings, debt: debt)
        #expect(a.total == income)
        #expect(a.essential >= 0 && a.emergencyFund >= 0 && a.discretionary >= 0 && a.investments >= 0)
    }

    /// 3 months × (1500.00 + 500.00) = 6000.00.
    @Test func emergencyTargetIsMonthsTimesAverageSpending() {
        let a = Self.allocate(income: 300_000, essential: 150_000, discretionary: 50_000, months: 3)
        #expect(a.emergencyTarget == 600_000)
        // surplus 1000.00, half 500.00; gap 6000.00 → ceil(6000 ÷ 500) = 12 months.
        #expect(a.monthsToTarget == 12)
    }

    /// Savings 7000.00 against a target of 6 × 1000.00 = 6000.00: full, so the fund gets 0, months 0,
    /// and the whole surplus of 2000.00 is invested.
    @Test func aFullFundGetsNothingAndZeroMonths() {
        let a = Self.allocate(income: 300_000, essential: 60_000, discretionary: 40_000, savings: 700_000)
        #expect(a.emergencyFund == 0)
        #expect(a.monthsToTarget == 0)
        #expect(a.investments == 200_000)
    }

    /// Gap 6000.00 − 5900.00 = 100.00, less than half the 2000.00 surplus: the fund gets 100.00, 1 month.
    @Test func theFundNeverGetsMoreThanItsGap() {
        let a = Self.allocate(income: 300_000, essential: 60_000, discretionary: 40_000, savings: 590_000)
        #expect(a.emergencyFund == 10_000)
        #expect(a.monthsToTarget == 1)
        #expect(a.investments == 190_000)
    }

    /// Income equal to spending: the fund's amount is 0, so months to target is absent, with the reason.
    @Test func noSurplusMeansNoMonthsToTarget() {
        let a = Self.allocate(income: 200_000, essential: 150_000, discretionary: 50_000)
        #expect(a.emergencyFund == 0)
        #expect(a.monthsToTarget == nil)
        #expect(a.noTarget == .noSurplus)
        // A surplus of 0.01 halves to 0.00.
        let b = Self.allocate(income: 200_001, essential: 150_000, discretionary: 50_000)
        #expect(b.monthsToTarget == nil)
        #expect(b.noTarget == .surplusTooSmall)
        #expect(b.investments == 1)
    }

    /// Spending 1500.00 + 1000.00 = 2500.00 against income 2000.00: short by 500.00; essentials get
    /// 1500.00, discretionary what is left (500.00), investments and the fund 0.
    @Test func aDeficitMonthInvestsNothingAndSaysTheShortfall() {
        let a = Self.allocate(income: 200_000, essential: 150_000, discretionary: 100_000, debt: 50_000)
        #expect(a.shortfall == 50_000)
        #expect(a.investments == 0)
        #expect(a.emergencyFund == 0)
        #expect(a.essential == 150_000)
        #expect(a.discretionary == 50_000)
        #expect(a.noTarget == .deficit)
        #expect(a.total == 200_000)
    }

    /// Income 1000.00 below essentials of 1500.00: all of it is essential; short by 1500 + 500 − 1000 = 1000.00.
    @Test func incomeBelowEssentials() {
        let a = Self.allocate(income: 100_000, essential: 150_000, discretionary: 50_000)
        #expect(a.essential == 100_000)
        #expect(a.discretionary == 0)
        #expect(a.shortfall == 100_000)
        #expect(a.total == 100_000)
    }

    /// Debt of 300.00 and a surplus of 2000.00: fund 1000.00, debt 300.00 (essential 1000 + 300),
    /// investments 700.00.
    @Test func debtIsRepaidBeforeInvestingUpToWhatIsOwed() {
        let a = Self.allocate(income: 400_000, essential: 100_000, discretionary: 100_000, debt: 30_000)
        #expect(a.emergencyFund == 100_000)
        #expect(a.debtRepayment == 30_000)
        #expect(a.essential == 130_000)
        #expect(a.investments == 70_000)
    }
}
