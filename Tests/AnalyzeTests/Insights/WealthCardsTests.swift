import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// A ledger of several GBP accounts for the wealth and cash-flow tests: each account with its kind
/// and opening balance (nil = unknown), and rows dated by day.
struct MultiAccountLedger {
    typealias Holding = (id: String, kind: AccountKind, opening: Int64?)
    typealias Row = (account: String, date: String, pence: Int64, payee: String, category: String)

    var first: YearMonth
    var holdings: [Holding]
    var rows: [Row]

    var journal: Journal {
        var transactions = rows.enumerated().map { index, row in
            Transaction(
                id: TransactionID("t\(index)"), account: AccountID(row.account), date: CivilDate(iso: row.date)!,
                amount: Money(minorUnits: row.pence, currency: .gbp), payee: row.payee,
                category: CategoryPath(row.category), source: SourceLocation(file: "inbox/x.csv", line: index + 1))
        }
        transactions.sort { ($0.date, $0.id.rawValue) < ($1.date, $1.id.rawValue) }
        let accounts = holdings.map { holding in
            Account(
                id: AccountID(holding.id), name: holding.id.capitalized, kind: holding.kind, currency: .gbp,
                openingBalance: holding.opening.map { Money(minorUnits: $0, currency: .gbp) },
                openingDate: holding.opening == nil ? nil : first.firstDay)
        }
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: transactions)
    }

    /// The outcome of the card `type` in `month` (`2026-03`): its entry, or the omission's reason.
    func card(_ type: String, _ month: String) throws -> (InsightEntry?, String?) {
        CardFacts.card(type, CardFacts.facts(LedgerHistory(journal), YearMonth(month)!))
    }

    /// The card `type`'s own reading in `month` (`CardFacts.ownCard`).
    func ownCard(_ type: String, _ month: String) throws -> (InsightEntry?, String?) {
        CardFacts.ownCard(type, CardFacts.facts(LedgerHistory(journal), YearMonth(month)!))
    }
}

/// The wealth cards (`totalWealth`, `wealthGrowth`, `accountDormancy`) on hand-built accounts.
@Suite("Insight cards: wealth")
struct WealthCardsTests {
    static let january = YearMonth(year: 2026, month: 1)!

    /// A current account opened with 1,000.00 that spends 200.00, and a credit card opened at 0 that
    /// spends `cardSpend`: net worth 800.00 − card. 300.00 → 500.00 (positive); 800.00 → exactly 0
    /// (neutral); 1,300.00 → −500.00 (critical: a third of the month's 1,500.00 of expenses).
    /// Materiality: 852.63 → −52.63, under 5% of the month's 1,052.63 (52.6315): a warning; 852.64 →
    /// −52.64, over 5% of 1,052.64 (52.632): critical.
    @Test(arguments: [
        (Int64(30_000), "500.00", "positive"), (80_000, "0.00", "neutral"), (130_000, "-500.00", "critical"),
        (85_263, "-52.63", "warning"), (85_264, "-52.64", "critical"),
    ])
    func totalWealthSigns(cardSpend: Int64, total: String, severity: String) throws {
        let ledger = MultiAccountLedger(
            first: Self.january, holdings: [("current", .checking, 100_000), ("card", .creditCard, 0)],
            rows: [
                ("current", "2026-01-10", -20_000, "SHOP", "Food:Groceries"),
                ("card", "2026-01-15", -cardSpend, "STORE", "Shopping"),
            ])
        let (card, _) = try ledger.card("totalWealth", "2026-01")
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: total, unit: "GBP"))
        #expect(entry.severity == severity)
        #expect(entry.category == "wealth")
        #expect(
            entry.detail == [
                InsightPoint(label: "Current", value: "800.00"),
                InsightPoint(label: "Card", value: MoneyText.format(-cardSpend, .gbp)),
            ])
        let phrase = total.hasPrefix("-") ? "\u{2212}£" + total.dropFirst() : "£" + total
        #expect(entry.message == "Your net worth at the end of January 2026 is \(phrase) across 2 accounts.")
    }

    /// No opening balance, statement or valuation: no balance is known.
    @Test(arguments: ["totalWealth", "wealthGrowth"])
    func wealthNeedsAKnownBalance(type: String) throws {
        let ledger = MultiAccountLedger(
            first: Self.january, holdings: [("current", .checking, nil)],
            rows: [
                ("current", "2026-01-10", -20_000, "SHOP", "Food:Groceries"),
                ("current", "2026-02-10", -20_000, "SHOP", "Food:Groceries"),
            ])
        let (card, reason) = try ledger.card(type, "2026-02")
        #expect(card == nil)
        #expect(reason == "no account balance known")
    }

    /// Opening 1,000.00 and 100.00 spent in January: 900.00. February adds `february`: +90.00 is
    /// +10% (positive); −90.00 is −10% (critical: 100% of February's 90.00 of expenses and 10% of
    /// the net worth); +50.00 and −50.00 leave it unchanged (neutral). A 2,000.00 salary and 2,000.50
    /// spent: 0.50 fell, 0.025% of the month's 2,000.50, a warning. Materiality against the net
    /// worth: −45.00 is 5% of the 900.00 exactly (critical); −44.99 is under it (a warning).
    /// The card's own reading (`CardFacts.ownCard`): `SavingsShortfallTests` tests the weighing.
    @Test(arguments: [
        (
            [Int64(200_000), -200_050], "-0.50", "warning",
            "Your net worth fell by £0.50 (0.1%) since the end of January 2026, to £899.50."
        ),
        (
            [9_000], "90.00", "positive",
            "Your net worth grew by £90.00 (10%) since the end of January 2026, to £990.00."
        ),
        (
            [-9_000], "-90.00", "critical",
            "Your net worth fell by £90.00 (10%) since the end of January 2026, to £810.00."
        ),
        ([5_000, -5_000], "0.00", "neutral", "Your net worth stayed at £900.00 since the end of January 2026."),
        (
            [-4_500], "-45.00", "critical",
            "Your net worth fell by £45.00 (5%) since the end of January 2026, to £855.00."
        ),
        (
            [-4_499], "-44.99", "warning",
            "Your net worth fell by £44.99 (5%) since the end of January 2026, to £855.01."
        ),
    ])
    func wealthGrowthSigns(february: [Int64], change: String, severity: String, message: String) throws {
        var rows: [MultiAccountLedger.Row] = [("current", "2026-01-10", -10_000, "SHOP", "Food:Groceries")]
        for amount in february {
            rows.append(("current", "2026-02-12", amount, "MISC", amount > 0 ? "Income:Salary" : "Other"))
        }
        let ledger = MultiAccountLedger(first: Self.january, holdings: [("current", .checking, 100_000)], rows: rows)
        let (card, _) = try ledger.ownCard("wealthGrowth", "2026-02")
        let entry = try #require(card)
        #expect(entry.metric == InsightMetric(value: change, unit: "GBP"))
        #expect(entry.severity == severity)
        #expect(entry.message == message)
    }

    /// From a net worth of exactly 0 the change has no percent.
    @Test func wealthGrowthFromZero() throws {
        let ledger = MultiAccountLedger(
            first: Self.january, holdings: [("current", .checking, 0)],
            rows: [
                ("current", "2026-01-05", 10_000, "ACME", "Income:Salary"),
                ("current", "2026-01-06", -10_000, "SHOP", "Food:Groceries"),
                ("current", "2026-02-05", 5_000, "ACME", "Income:Salary"),
            ])
        let (card, _) = try ledger.card("wealthGrowth", "2026-02")
        let entry = try #require(card)
        #expect(entry.message == "Your net worth grew by £50.00 since the end of January 2026, to £50.00.")
        #expect(entry.severity == "positive")
    }

    @Test func wealthGrowthNeedsTwoMonths() throws {
        let ledger = MultiAccountLedger(
            first: Self.january, holdings: [("current", .checking, 100_000)],
            rows: [("current", "2026-01-10", -10_000, "SHOP", "Food:Groceries")])
        let (card, reason) = try ledger.card("wealthGrowth", "2026-01")
        #expect(card == nil)
        #expect(reason == "needs 2 months of history")
    }

    /// A current account used every month to April, and a saver opened with 5,000.00 whose only
    /// transaction is 1.00 of interest on `date`. At the end of April (30 April): 31 January is
    /// 28 + 31 + 30 = 89 days back (neutral); 30 January 90 days (warning, the boundary); 31 March
    /// exactly 30 days (dormant, the boundary); 1 April 29 days (quiet).
    @Test(arguments: [
        ("2026-01-31", 89, "neutral"), ("2026-01-30", 90, "warning"), ("2026-03-31", 30, "neutral"),
        ("2026-04-01", nil, nil),
    ])
    func accountDormancyDays(date: String, days: Int?, severity: String?) throws {
        var rows: [MultiAccountLedger.Row] = (1...4).map {
            ("current", "2026-0\($0)-15", -1_000, "SHOP", "Food:Groceries")
        }
        rows.append(("saver", date, 100, "INTEREST", "Income:Interest"))
        let ledger = MultiAccountLedger(
            first: Self.january, holdings: [("current", .checking, 100_000), ("saver", .savings, 500_000)],
            rows: rows)
        let (card, reason) = try ledger.card("accountDormancy", "2026-04")
        #expect(reason == nil)
        guard let days, let severity else {
            #expect(card == nil)
            return
        }
        let entry = try #require(card)
        #expect(entry.severity == severity)
        #expect(entry.metric == InsightMetric(value: "5001.00", unit: "GBP"))
        #expect(entry.message == "Saver has been inactive for \(days) days with £5,001.00 idle.")
        #expect(entry.detail == [InsightPoint(label: "Saver", value: String(days))])
    }

    /// Two idle accounts, longest first; an emptied account (balance 0) and one with no transactions
    /// at all are not listed. The current account's latest transaction is 15 March, 46 days before
    /// 30 April; the saver's 10 January, 110 days; idle 2,001.00 + 990.00 = 2,991.00.
    @Test func accountDormancyListsEveryIdleAccount() throws {
        let ledger = MultiAccountLedger(
            first: Self.january,
            holdings: [
                ("current", .checking, 100_000), ("saver", .savings, 200_000), ("empty", .savings, 10_000),
                ("untouched", .savings, 300_000), ("active", .checking, 0),
            ],
            rows: [
                ("current", "2026-03-15", -1_000, "SHOP", "Food:Groceries"),
                ("saver", "2026-01-10", 100, "INTEREST", "Income:Interest"),
                ("empty", "2026-01-20", -10_000, "WITHDRAWAL", "Other"),
                ("active", "2026-04-30", 5_000, "ACME", "Income:Salary"),
            ])
        let (card, _) = try ledger.card("accountDormancy", "2026-04")
        let entry = try #require(card)
        #expect(entry.severity == "warning")
        #expect(entry.metric == InsightMetric(value: "2991.00", unit: "GBP"))
        #expect(
            entry.message
                == "2 accounts have been inactive for 30 days or more with £2,991.00 idle: Saver (110 days, "
                + "£2,001.00), Current (46 days, £990.00).")
        #expect(
            entry.detail == [InsightPoint(label: "Saver", value: "110"), InsightPoint(label: "Current", value: "46")])
    }
}

/// An empty ledger: no card of the recurring, cash-flow, wealth or forecasting groups fires.
@Suite("Insight cards: an empty ledger")
struct EmptyLedgerCardsTests {
    @Test(arguments: [
        ("totalRecurringCost", "no recurring payments detected"), ("subscriptionGrowth", "needs 4 months of history"),
        ("priceIncrease", "no transactions this month"), ("missedPayment", nil),
        ("netCashFlow", "no transactions this month"), ("bestMonth", "needs 2 months of history"),
        ("worstMonth", "needs 2 months of history"), ("projectedBalance", "no liquid account balance known"),
        ("totalWealth", "no account balance known"), ("wealthGrowth", "needs 2 months of history"),
        ("accountDormancy", "no account balance known"), ("spendingForecast", "no spending in the last 30 days"),
        ("balanceRunway", "needs 3 months of history"), ("yearOverYear", "no transactions this month"),
        ("incomeSeasonality", "needs 13 months of history to test a season"),
    ])
    func nothingFires(type: String, reason: String?) throws {
        let ledger = MultiAccountLedger(
            first: YearMonth(year: 2026, month: 1)!, holdings: [("current", .checking, 100_000)], rows: [])
        let (card, got) = try ledger.card(type, "2026-01")
        #expect(card == nil)
        #expect(got == reason)
    }
}
