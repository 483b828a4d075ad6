import Ledger
import Testing

@testable import Analyze

/// A current account through the month ahead: the day-by-day walk, the expected dates of a series,
/// when a dip is material, and the sentence that says so.
@Suite("The month ahead, account by account")
struct AccountProjectionTests {
    static let july = YearMonth(year: 2026, month: 7)!

    static func day(_ day: Int) -> CivilDate { CivilDate(year: 2026, month: 7, day: day)! }

    /// The gym (30.00) on the 1st, the council tax (171.00) on the 15th, the salary (3000.00) on the 25th.
    static let payments = [
        AccountProjection.Payment(date: day(1), payee: "Gym", category: "Health:Gym", amount: -3_000),
        AccountProjection.Payment(date: day(15), payee: "Council", category: "Bills:CouncilTax", amount: -17_100),
        AccountProjection.Payment(date: day(25), payee: "Salary", category: "Income:Salary", amount: 300_000),
    ]

    /// 100.00 at the end of June, usual spending 310.00 over July's 31 days: 10.00 a day. On day d
    /// before the salary: 100 − 30 − 171 (from the 15th) − 10 × d; lowest on the 24th: 100 − 30 −
    /// 171 − 240 = −341.00. The 31st: 100 − 30 − 171 + 3000 − 310 = 2589.00.
    @Test func theWalkFindsTheLowestDay() {
        let walked = AccountProjection.walk(balance: 10_000, payments: Self.payments, usual: 31_000, month: Self.july)
        #expect(walked.lowest == -34_100)
        #expect(walked.lowestDate == Self.day(24))
        #expect(walked.projected == 258_900)
    }

    /// 1.00 of usual spending over July's 31 days: by day 15, 100 × 15 ÷ 31 = 48.39 → 48 pence. With
    /// 10.00 at the start and 100.00 coming in on the 16th, the lowest is day 15's 10.00 − 0.48 = 9.52;
    /// the 31st: 10.00 + 100.00 − 1.00 = 109.00.
    @Test func usualSpendingIsSpreadByDay() {
        let income = AccountProjection.Payment(date: Self.day(16), payee: "In", category: "Income", amount: 10_000)
        let walked = AccountProjection.walk(balance: 1_000, payments: [income], usual: 100, month: Self.july)
        #expect(walked.lowest == 952)
        #expect(walked.lowestDate == Self.day(15))
        #expect(walked.projected == 10_900)
    }

    static func series(_ cadence: Cadence, next: CivilDate) -> RecurringSeries {
        RecurringSeries(
            cadence: cadence, amount: -1_000, monthlyAmount: -1_000, firstDate: next, lastDate: next, nextDate: next,
            status: .active, expectedDate: nil, priceChanges: [], occurrences: [], count: 3)
    }

    /// A monthly series next due on 31 July comes once; a weekly one from 3 July on the 3rd, 10th,
    /// 17th, 24th and 31st; a monthly payment due on 29 June that has not come counts on 1 July, and
    /// its July payment on the month's end (29 is within 2 days of June's end: the anchor is the end).
    @Test func expectedDatesInTheMonthAhead() {
        #expect(AccountProjection.dates(of: Self.series(.monthly, next: Self.day(31)), in: Self.july) == [Self.day(31)])
        #expect(
            AccountProjection.dates(of: Self.series(.weekly, next: Self.day(3)), in: Self.july)
                == [3, 10, 17, 24, 31].map(Self.day))
        let overdue = Self.series(.monthly, next: CivilDate(year: 2026, month: 6, day: 29)!)
        #expect(AccountProjection.dates(of: overdue, in: Self.july) == [Self.day(1), Self.day(31)])
        let yearly = Self.series(.yearly, next: CivilDate(year: 2027, month: 3, day: 1)!)
        #expect(AccountProjection.dates(of: yearly, in: Self.july).isEmpty)
    }

    static func projection(lowest: Int64, projected: Int64 = 258_900) -> AccountProjection {
        AccountProjection(
            account: 0, month: july, balance: 10_000, payments: payments, usualSpending: 31_000, usualMonthsUsed: 3,
            projected: projected, lowest: lowest, lowestDate: day(24))
    }

    /// Money expected out in July: 30.00 + 171.00 of payments and 310.00 of usual spending = 511.00;
    /// 5% of it is 25.55. A dip to −341.00 is material; one to −25.00 is not, −25.55 is.
    @Test func materialFromFivePercentOfTheMonthsMoneyOut() {
        #expect(Self.projection(lowest: -34_100).isMaterial)
        #expect(!Self.projection(lowest: -2_500).isMaterial)
        #expect(Self.projection(lowest: -2_555).isMaterial)
        #expect(!Self.projection(lowest: 0).isMaterial)
    }

    /// By the 24th, 24 of 31 days of 310.00 have gone: 240.00. The largest payment before then is the
    /// council tax; the salary comes after.
    @Test func theWarningSaysHowFarWhenAndWhy() {
        #expect(
            Self.projection(lowest: -34_100).warning(name: "Current", currency: .gbp)
                == "Current may go £341.00 overdrawn around 24 July 2026: it ended June 2026 with £100.00; "
                + "Council (£171.00) leaves on 15 July 2026, and about £240.00 of everyday spending by then; "
                + "Salary (£3,000.00) comes in on 25 July 2026.")
        #expect(Self.projection(lowest: 0).warning(name: "Current", currency: .gbp) == nil)
    }

    /// The median of 3 months' spending leaves out one large month; of 2, the mean of both.
    @Test func usualSpendingIsTheMedian() {
        #expect(AccountProjection.median([40_000, 250_000, 38_000]) == 40_000)
        #expect(AccountProjection.median([40_000, 38_001]) == 39_000)
        #expect(AccountProjection.median([]) == 0)
    }
}
