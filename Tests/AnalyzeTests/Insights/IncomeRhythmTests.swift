import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// Lumpy income (`IncomeRhythm`): the rule, and the income-based cards judged over 12 months.
@Suite("Income that comes in lumps")
struct IncomeRhythmTests {
    /// 100, 100, 160: mean 120, variance (400 + 400 + 1,600) ÷ 3 = 800, CV 28.28 ÷ 120 = 0.236
    /// (steady); 100, 100, 170: mean 123.33, variance 1,088.9, CV 33.0 ÷ 123.33 = 0.268 (lumpy); a
    /// month with no income is lumpy; two months are too few to say.
    @Test func theRule() {
        #expect(!IncomeRhythm.isLumpy([100, 100, 160]))
        #expect(IncomeRhythm.isLumpy([100, 100, 170]))
        #expect(IncomeRhythm.isLumpy([300, 0, 300]))
        #expect(!IncomeRhythm.isLumpy([300, 0]))
        #expect(!IncomeRhythm.isLumpy([295_000, 295_000, 295_000]))
    }

    /// 2026: 3,300.00 comes in each quarter's first month (January, April, July, October), 800.00
    /// goes out every month. December has no income and spends 800.00. Over the 12 months: income
    /// 4 × 3,300 = 13,200.00, expenses 12 × 800 = 9,600.00, net 3,600.00; rate 3,600 ÷ 13,200 =
    /// 27.3% (positive, where December alone has no rate); ratio 13,200 ÷ 9,600 = 1.375 (neutral,
    /// where December alone is 0, critical); the month's deficit of 800.00 is neutral (the year took
    /// in 3,600.00 net, where it was critical); net worth fell by 800.00 to 3,600.00, above the
    /// 2,500.00 at the end of January (neutral, where it was critical). Read alone, December has no
    /// income: the savings cards were omitted and the weakest month a warning.
    @Test func aQuarterlyIncomeIsJudgedOverTheYear() throws {
        let household = HouseholdMonths(
            first: YearMonth(year: 2026, month: 1)!,
            months: (0..<12).map {
                HouseholdMonths.plainMonth($0, income: $0 % 3 == 0 ? 330_000 : 0, expenses: 80_000)
            })
        let analysis = try household.analysis(11)
        func card(_ type: String) throws -> InsightEntry { try #require(analysis.insights?.first { $0.type == type }) }
        let rate = try card("savingsRate")
        #expect(rate.severity == "positive")
        #expect(rate.metric == InsightMetric(value: "27.3", unit: "percent"))
        #expect(
            rate.message
                == "You saved 27.3% of your income, £3,600.00, over the last 12 months (your income comes in lumps).")
        let ratio = try card("incomeVsExpenseRatio")
        #expect(ratio.severity == "neutral")
        #expect(ratio.metric == InsightMetric(value: "1.38", unit: "ratio"))
        let net = try card("netCashFlow")
        #expect(net.severity == "neutral")
        #expect(net.metric == InsightMetric(value: "-800.00", unit: "GBP"))
        #expect(
            net.message.hasSuffix(
                "; you took in £3,600.00 more than you spent over the last 12 months (your income comes in lumps)."))
        let wealth = try card("wealthGrowth")
        #expect(wealth.severity == "neutral")
        #expect(wealth.message.hasSuffix("above the £2,500.00 of 11 months before (your income comes in lumps)."))
        // The weakest month (December, the latest of the −800.00 months) is no warning: the year's net
        // is positive.
        #expect(try card("worstMonth").severity == "neutral")
        // Rolling rates: December 27.27%; January–November (13,200 − 8,800) ÷ 13,200 = 33.33%,
        // January–October (13,200 − 8,000) ÷ 13,200 = 39.39%, January–September (9,900 − 7,200) ÷
        // 9,900 = 27.27%; their mean 33.33%, so −6.06 points (neutral: 27.3% is a healthy rate).
        let momentum = try card("savingsMomentum")
        #expect(momentum.metric == InsightMetric(value: "-6.1", unit: "points"))
        #expect(momentum.severity == "neutral")
        #expect(
            analysis.insightsOmitted?.first { $0.type == "incomeGrowth" }?.reason
                == "income comes in lumps: needs 24 months to compare a year's income with the year before")
    }
}
