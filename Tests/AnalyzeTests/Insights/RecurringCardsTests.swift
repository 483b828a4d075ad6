import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The recurring cards (`totalRecurringCost`, `subscriptionGrowth`, `priceIncrease`,
/// `missedPayment`) on hand-built months of one GBP current account.
@Suite("Insight cards: recurring")
struct RecurringCardsTests {
    static let january = YearMonth(year: 2026, month: 1)!

    static func household(_ months: [[HouseholdMonths.Row]]) -> HouseholdMonths {
        HouseholdMonths(first: january, months: months)
    }

    /// Three months of Netflix 10.99 (5th), the gym 29.99 (12th) and a salary of 2,000.00 (28th):
    /// at the end of March both payments are active monthly series. Total 10.99 + 29.99 = 40.98 a
    /// month; 40.98 / 2,000.00 = 2.049% of the income, shown as 2%.
    @Test func totalRecurringCostAddsTheActiveOutgoingSeries() throws {
        let month: [HouseholdMonths.Row] = [
            (5, -1_099, "NETFLIX", "Entertainment:Streaming"), (12, -2_999, "PUREGYM", "Health:Gym"),
            (28, 200_000, "ACME PAYROLL", "Income:Salary"),
        ]
        let (card, _) = try Self.household([month, month, month]).card("totalRecurringCost", 2)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "40.98", unit: "GBP"))
        #expect(entry.severity == "neutral")
        #expect(entry.category == "recurring")
        #expect(entry.message == "Your 2 recurring payments cost £40.98 a month, 2% of this month's income.")
        #expect(
            entry.detail == [
                InsightPoint(label: "PUREGYM", value: "29.99"), InsightPoint(label: "NETFLIX", value: "10.99"),
            ])
    }

    /// Without income the share is left out of the message, and the card still fires.
    @Test func totalRecurringCostWithoutIncome() throws {
        let month: [HouseholdMonths.Row] = [(5, -1_099, "NETFLIX", "Entertainment:Streaming")]
        let (card, _) = try Self.household([month, month, month]).card("totalRecurringCost", 2)
        let entry = try #require(card)
        #expect(entry.message == "Your 1 recurring payment cost £10.99 a month.")
    }

    /// One month cannot show a series (a monthly one needs three payments).
    @Test func totalRecurringCostNeedsASeries() throws {
        let household = Self.household([HouseholdMonths.plainMonth(0, income: 100_000, expenses: 60_000)])
        let (card, reason) = try household.card("totalRecurringCost", 0)
        #expect(card == nil)
        #expect(reason == "no recurring payments detected")
    }

    /// The gym at 100.00 a month from January; a second subscription of `extra` from April (active
    /// at the end of June after three payments). At the end of March the cost was 100.00; in June
    /// 100.00 + extra. 10.00 is exactly +10% (neutral, the boundary); 10.01 is +10.01% (warning).
    @Test(arguments: [(Int64(1_000), "10", "neutral"), (1_001, "10", "warning"), (0, "0", "neutral")])
    func subscriptionGrowthBands(extra: Int64, percent: String, severity: String) throws {
        let months: [[HouseholdMonths.Row]] = (0..<6).map { index in
            var rows: [HouseholdMonths.Row] = [(5, -10_000, "PUREGYM", "Health:Gym")]
            if index >= 3, extra > 0 { rows.append((8, -extra, "SPOTIFY", "Entertainment:Streaming")) }
            return rows
        }
        let (card, _) = try Self.household(months).card("subscriptionGrowth", 5)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: percent, unit: "percent"))
        #expect(entry.severity == severity)
        #expect(entry.detail?.first == InsightPoint(label: "2026-03", value: "100.00"))
    }

    /// The gym at 100.00 and a 20.00 subscription until March, which then stops: at the end of June
    /// only the gym is active. (100.00 − 120.00) / 120.00 = −16.7%: positive.
    @Test func subscriptionGrowthFallsWhenASeriesEnds() throws {
        let months: [[HouseholdMonths.Row]] = (0..<6).map { index in
            var rows: [HouseholdMonths.Row] = [(5, -10_000, "PUREGYM", "Health:Gym")]
            if index < 3 { rows.append((8, -2_000, "SPOTIFY", "Entertainment:Streaming")) }
            return rows
        }
        let (card, _) = try Self.household(months).card("subscriptionGrowth", 5)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "-16.7", unit: "percent"))
        #expect(entry.severity == "positive")
        #expect(
            entry.message == "Your recurring payments cost £100.00 a month, 16.7% less than the £120.00 of March 2026.")
    }

    @Test func subscriptionGrowthNeedsFourMonths() throws {
        let month: [HouseholdMonths.Row] = [(5, -10_000, "PUREGYM", "Health:Gym")]
        let (card, reason) = try Self.household([month, month, month]).card("subscriptionGrowth", 2)
        #expect(card == nil)
        #expect(reason == "needs 4 months of history")
    }

    /// In January (M−3 of April) the gym had been paid once: no series yet.
    @Test func subscriptionGrowthNeedsSeriesThreeMonthsAgo() throws {
        let month: [HouseholdMonths.Row] = [(5, -10_000, "PUREGYM", "Health:Gym")]
        let (card, reason) = try Self.household([month, month, month, month]).card("subscriptionGrowth", 3)
        #expect(card == nil)
        #expect(reason == "no recurring payments 3 months ago")
    }

    /// Netflix at 10.00 for three months, then 12.00 in April: a price change dated in April of
    /// 2.00 a month, 2.00 × 12 = 24.00 a year.
    @Test func priceIncreaseInTheMonth() throws {
        let amounts: [Int64] = [-1_000, -1_000, -1_000, -1_200]
        let months = amounts.map { [HouseholdMonths.Row((5, $0, "NETFLIX", "Entertainment:Streaming"))] }
        let household = Self.household(months)
        let (card, _) = try household.card("priceIncrease", 3)
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: "24.00", unit: "GBP"))
        #expect(entry.severity == "warning")
        #expect(entry.message == "NETFLIX went up from £10.00 to £12.00, which costs £24.00 more a year.")
        #expect(entry.detail == [InsightPoint(label: "NETFLIX", value: "24.00")])
        #expect(entry.transactionIds == ["t3"])
    }

    /// The same rise seen a month later (dated in April, not May) and a fall are both quiet.
    @Test(arguments: [
        ([Int64(-1_000), -1_000, -1_000, -1_200, -1_200], 4), ([-1_200, -1_200, -1_200, -1_000], 3),
    ])
    func priceIncreaseQuiet(amounts: [Int64], month: Int) throws {
        let months = amounts.map { [HouseholdMonths.Row((5, $0, "NETFLIX", "Entertainment:Streaming"))] }
        let (card, reason) = try Self.household(months).card("priceIncrease", month)
        #expect(card == nil)
        #expect(reason == nil)
    }

    /// A payment paid on the 15th from January to April, and only a shop in May: at the end of May
    /// the payment of 15 May is 16 days late (tolerance 4): missed. A salary is critical, an
    /// outgoing payment a warning.
    @Test(arguments: [
        (Int64(200_000), "ACME PAYROLL", "critical", "£2,000.00 in"), (-5_000, "PUREGYM", "warning", "£50.00 out"),
    ])
    func missedPaymentSeverity(amount: Int64, payee: String, severity: String, phrase: String) throws {
        let paid: [HouseholdMonths.Row] = [(15, amount, payee, amount > 0 ? "Income:Salary" : "Health:Gym")]
        let may: [HouseholdMonths.Row] = [(20, -1_234, "CORNER SHOP", "Food:Groceries")]
        let (card, _) = try Self.household([paid, paid, paid, paid, may]).card("missedPayment", 4)
        let entry = try #require(card)
        #expect(entry.severity == severity)
        #expect(entry.metric == InsightMetric(value: "1", unit: "count"))
        #expect(entry.detail == [InsightPoint(label: payee, value: "2026-05-15")])
        #expect(entry.message == "A recurring payment did not come: \(payee) (\(phrase), expected on 2026-05-15).")
        #expect(entry.transactionIds == ["t3"])
    }

    /// A gym paid on the 15th, 50.00, 52.00, 49.00, 51.00 from January to April, then 70.00 on
    /// 15 May: 70 − 51 = 19 is 27% of 70, unlike the series (20%), so the series holds January to
    /// April and its 15 May slot looks empty. A payment to the gym came on the due date, so no
    /// payment was missed: quiet. Paid on 25 May instead (10 days off, monthly tolerance 4): missed.
    @Test(arguments: [(15, false), (25, true)])
    func missedPaymentOnlyWhenNothingCameNearTheDueDate(mayDay: Int, fires: Bool) throws {
        let months: [[HouseholdMonths.Row]] = [
            [(15, -5_000, "PUREGYM", "Health:Gym")], [(15, -5_200, "PUREGYM", "Health:Gym")],
            [(15, -4_900, "PUREGYM", "Health:Gym")], [(15, -5_100, "PUREGYM", "Health:Gym")],
            [(mayDay, -7_000, "PUREGYM", "Health:Gym")],
        ]
        let (card, reason) = try Self.household(months).card("missedPayment", 4)
        #expect(reason == nil)
        #expect((card != nil) == fires)
        if fires {
            #expect(card?.detail == [InsightPoint(label: "PUREGYM", value: "2026-05-15")])
        }
    }

    /// The same gym paid 70.00 on its due date, 15 May: not a missed payment but a different amount,
    /// reported as a price change from the series' 51.00 (April's) to 70.00, dated 15 May, and so as
    /// a price rise in May: (70.00 − 51.00) × 12 payments a year = 228.00.
    @Test func aDifferentAmountOnTheDueDateIsAPriceChange() throws {
        let months: [[HouseholdMonths.Row]] = [
            [(15, -5_000, "PUREGYM", "Health:Gym")], [(15, -5_200, "PUREGYM", "Health:Gym")],
            [(15, -4_900, "PUREGYM", "Health:Gym")], [(15, -5_100, "PUREGYM", "Health:Gym")],
            [(15, -7_000, "PUREGYM", "Health:Gym")],
        ]
        let household = Self.household(months)
        let gym = try #require(try household.analysis(4).recurring?.first { $0.payee == "PUREGYM" })
        #expect(gym.priceChanges == [PriceChangeEntry(date: "2026-05-15", from: "-51.00", to: "-70.00")])
        let (card, _) = try household.card("priceIncrease", 4)
        #expect(card?.metric == InsightMetric(value: "228.00", unit: "GBP"))
    }

    /// Three payments make a monthly series, but three shop visits a month apart can be chance: a
    /// series of only 3 payments that stops is not called a missed payment (it still shows as
    /// missed in the recurring list).
    @Test func missedPaymentNeedsFourPayments() throws {
        let paid: [HouseholdMonths.Row] = [(15, -2_200, "M&S SIMPLY FOOD", "Food:Groceries")]
        let april: [HouseholdMonths.Row] = [(20, -1_234, "CORNER SHOP", "Food:Groceries")]
        let household = Self.household([paid, paid, paid, april])
        let (card, reason) = try household.card("missedPayment", 3)
        #expect(card == nil)
        #expect(reason == nil)
        #expect(try household.analysis(3).recurring?.first { $0.payee == "M&S SIMPLY FOOD" }?.status == "missed")
    }

    /// Paid on the 28th: at the end of April the payment is 2 days late, inside the tolerance.
    @Test func missedPaymentQuietWithinTolerance() throws {
        let paid: [HouseholdMonths.Row] = [(28, 200_000, "ACME PAYROLL", "Income:Salary")]
        let april: [HouseholdMonths.Row] = [(20, -1_234, "CORNER SHOP", "Food:Groceries")]
        let (card, reason) = try Self.household([paid, paid, paid, april]).card("missedPayment", 3)
        #expect(card == nil)
        #expect(reason == nil)
    }

    /// A month without transactions inside the data (May, with June after it): the salary of
    /// 15 May and Netflix's of 5 May did not come, which is exactly what a month without
    /// transactions can show (critical: one is income); price increases need the month's own payments.
    @Test func aMonthWithoutTransactions() throws {
        let paid: [HouseholdMonths.Row] = [
            (15, 200_000, "ACME PAYROLL", "Income:Salary"), (5, -1_099, "NETFLIX", "Entertainment:Streaming"),
        ]
        let may: [HouseholdMonths.Row] = [(20, -1_234, "CORNER SHOP", "Food:Groceries")]
        let household = Self.household([paid, paid, paid, paid, [], may])
        let (missed, _) = try household.card("missedPayment", 4)
        #expect(missed?.severity == "critical")
        // Netflix was due on 5 May, the salary on 15 May: listed by expected date.
        #expect(
            missed?.detail == [
                InsightPoint(label: "NETFLIX", value: "2026-05-05"),
                InsightPoint(label: "ACME PAYROLL", value: "2026-05-15"),
            ])
        let (price, reason) = try household.card("priceIncrease", 4)
        #expect(price == nil)
        #expect(reason == "no transactions this month")
    }
}
