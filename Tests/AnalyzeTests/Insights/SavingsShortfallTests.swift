import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// A low savings rate said once (`SavingsShortfall`).
@Suite("A shortfall in saving, said once")
struct SavingsShortfallTests {
    /// January to March 2026 take in 1,000.00 and spend 800.00 (20% saved, net worth 200.00 more
    /// each month: 600.00 at the end of March); April takes in 1,000.00 and spends 1,100.00. April's
    /// rate is −10% (critical under 10%); its net −100.00 is 9.1% of its 1,100.00 (critical from 5%);
    /// its ratio 0.91 (critical at 0.95 or less); net worth falls by 100.00, from 600.00 to 500.00
    /// (16.7% of it, no more than the month's shortfall of 100.00: the same fact); its rate is 30
    /// points under the 20% of the three months before (a warning at 20% or under). The savings rate
    /// speaks; the other four read neutral and point to it.
    static let household = HouseholdMonths(
        first: YearMonth(year: 2026, month: 1)!,
        months: (0..<3).map { HouseholdMonths.plainMonth($0, income: 100_000, expenses: 80_000) } + [
            HouseholdMonths.plainMonth(3, income: 100_000, expenses: 110_000)
        ])

    @Test func theSavingsRateSpeaksForTheShortfall() throws {
        let (rate, _) = try Self.household.card("savingsRate", 3)
        #expect(try #require(rate).severity == "critical")
        #expect(try #require(rate).metric == InsightMetric(value: "-10", unit: "percent"))
        let told = "; the shortfall is told under Savings rate."
        for type in ["netCashFlow", "incomeVsExpenseRatio", "wealthGrowth", "savingsMomentum"] {
            let entry = try #require(try Self.household.card(type, 3).0)
            #expect(entry.severity == "neutral", "\(type)")
            #expect(entry.message.hasSuffix(told), "\(type): \(entry.message)")
        }
        let (net, _) = try Self.household.card("netCashFlow", 3)
        #expect(
            try #require(net).message
                == "You spent £100.00 more than you took in this month, against an average of £125.00 a month "
                + "over the last 4 months" + told)
        let (wealth, _) = try Self.household.card("wealthGrowth", 3)
        #expect(
            try #require(wealth).message
                == "Your net worth fell by £100.00 (16.7%) since the end of March 2026, to £500.00" + told)
    }

    /// Without income to weigh (no savings rate), the next strongest reading speaks: a household
    /// living off 10,000.00 of savings spends 800.00 a month from January to April 2026 with no
    /// income. `savingsRate` is omitted; `netCashFlow` is critical (the last 4 months are 3,200.00
    /// short, all of their money out) and speaks; `incomeVsExpenseRatio` (0, critical) points to it.
    @Test func withoutASavingsRateTheCashFlowSpeaks() throws {
        let household = HouseholdMonths(
            first: YearMonth(year: 2026, month: 1)!,
            months: (0..<4).map { HouseholdMonths.plainMonth($0, income: 0, expenses: 80_000) }, opening: 1_000_000)
        #expect(try household.card("savingsRate", 3).1 == "no income this month")
        let net = try #require(try household.card("netCashFlow", 3).0)
        #expect(net.severity == "critical")
        #expect(!net.message.contains("the shortfall is told"))
        let ratio = try #require(try household.card("incomeVsExpenseRatio", 3).0)
        #expect(ratio.severity == "neutral")
        #expect(ratio.message.hasSuffix("; the shortfall is told under Net cash flow."))
    }
}
