import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The plan as the analysis file carries it, over a hand-built ledger shaped like seed 004's example.
@Suite("The month's plan")
struct PlannerTests {
    static func gbp(_ pence: Int64) -> Money { Money(minorUnits: pence, currency: .gbp) }

    /// January to March 2026, each month: salary 5000.00 into the current account; Food:Groceries
    /// 450.00, Housing:Rent 1500.00, Bills:Utilities 150.00, Entertainment:Cinema 200.00, Food:Dining
    /// 300.00 and Miscellaneous 600.00 out of it (3200.00). A saver holding 12000.00 and a card owing
    /// 8000.00, both from opening balances. The current account opens `currentOpening`: by default
    /// 5400.00 overdrawn, so the 3 × 1800.00 saved brings it to 0.00 at the end of March and the
    /// liquid balances are the saver's 12000.00, as in seed 004's example.
    static func history(currentOpening: Int64 = -540_000) -> LedgerHistory {
        let start = CivilDate(iso: "2026-01-01")!
        let accounts = [
            Account(
                id: "current", name: "Current", kind: .checking, currency: .gbp, openingBalance: gbp(currentOpening),
                openingDate: start),
            Account(
                id: "saver", name: "Saver", kind: .savings, currency: .gbp, openingBalance: gbp(1_200_000),
                openingDate: start),
            Account(
                id: "card", name: "Card", kind: .creditCard, currency: .gbp, openingBalance: gbp(-800_000),
                openingDate: start),
        ]
        var rows: [Transaction] = []
        for month in 1...3 {
            for (day, pence, category) in [
                (1, -150_000, "Housing:Rent"), (3, -45_000, "Food:Groceries"), (5, -15_000, "Bills:Utilities"),
                (8, -20_000, "Entertainment:Cinema"), (12, -30_000, "Food:Dining"), (15, -60_000, "Miscellaneous"),
                (28, 500_000, "Income:Salary"),
            ] as [(Int, Int64, String)] {
                rows.append(
                    Transaction(
                        id: TransactionID("t\(rows.count)"), account: "current",
                        date: CivilDate(year: 2026, month: month, day: day)!, amount: gbp(pence),
                        payee: "P\(category)", category: CategoryPath(category),
                        source: SourceLocation(file: "inbox/x.csv", line: rows.count + 1)))
            }
        }
        let rates = RateTable(base: .gbp, rates: [.eur: [(CivilDate(iso: "2025-01-01")!, ExchangeRate("0.85")!)]])
        return LedgerHistory(
            Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: rows), rates: rates)
    }

    static let march = YearMonth(year: 2026, month: 3)!

    static func plan(_ settings: AnalysisSettings = AnalysisSettings()) throws -> PlanSection {
        try #require(try MonthAnalyzer(history: history(), settings: settings).analysis(for: march).plan)
    }

    /// Seed 004's example through the engine: see `AllocationPolicyTests.seed004Example` for the sums.
    @Test func seed004ExampleFromALedger() throws {
        let plan = try Self.plan()
        #expect(plan.monthlyIncome == "5000.00")
        #expect(plan.basedOn.months == ["2026-01", "2026-02", "2026-03"])
        #expect(plan.basedOn.averageSpending == "3200.00")
        #expect(plan.basedOn.averageEssential == "2100.00")
        #expect(plan.basedOn.debt == "8000.00")
        #expect(
            plan.buckets.map(\.type) == ["essentialSpending", "emergencyFund", "discretionarySpending", "investments"])
        #expect(plan.buckets.map(\.amount) == ["3000.00", "900.00", "1100.00", "0.00"])
        #expect(plan.buckets.map(\.percentage) == [60, 18, 22, 0])
        #expect(plan.buckets[0].categories == ["Bills:Utilities", "Food:Groceries", "Housing:Rent"])
        #expect(plan.buckets[2].categories == ["Entertainment:Cinema", "Food:Dining", "Miscellaneous"])
        #expect(plan.buckets[1].targetAmount == "19200.00")
        #expect(plan.buckets[1].currentAmount == "12000.00")
        #expect(plan.buckets[1].monthsToTarget == 8)
        #expect(
            plan.buckets[1].explanation
                == "Target: 6 months × £3,200.00 average spending = £19,200.00; the fund (liquid balances not held for goals) holds £12,000.00. It gets half of the £1,800.00 surplus: £900.00 a month closes the £7,200.00 gap in 8 months."
        )
        #expect(plan.unmappedCategories == ["Miscellaneous"])
        #expect(plan.shortfall == nil)
    }

    /// [plan] monthly_income 3000.00 against 3200.00 of spending: short by 200.00, nothing invested;
    /// essentials 2100.00, discretionary the 900.00 left.
    @Test func aDeficitMonthSaysTheShortfall() throws {
        let plan = try Self.plan(AnalysisSettings(plan: PlanConfig(monthlyIncome: Self.gbp(300_000))))
        #expect(plan.basedOn.incomeSource == "configured")
        #expect(plan.shortfall == "200.00")
        #expect(plan.buckets.map(\.amount) == ["2100.00", "0.00", "900.00", "0.00"])
        #expect(plan.buckets[1].monthsToTarget == nil)
        #expect(
            plan.buckets[3].explanation
                == "Spending averages £3,200.00 a month against income of £3,000.00: income falls short by £200.00, so nothing is invested."
        )
    }

    /// A EUR goal held in 25% of the GBP saver: 12000.00 × 25% = 3000.00 GBP = 3000 ÷ 0.85 =
    /// 3529.411… → 3529.41 EUR; progress 3529.41 ÷ 5000 = 0.7059; 1470.59 left over 3 months (March →
    /// June) → 490.1966… → 490.20 a month, 490.20 × 0.85 = 416.67 GBP. The saver held that 3000.00
    /// since January: growth 0 → behind. A protected GBP goal needs (2000 − 0) ÷ 2 = 1000.00 a month
    /// (March → May) and holds no account.
    /// The fund's current is 12000 − 3000 = 9000.00; the gap 10200.00 at 900.00 → 12 months.
    /// [plan] goals_budget 1000.00: the protected goal takes all of it; the flexible one gets nothing.
    @Test func goalsInAnotherCurrencyAndFlex() throws {
        let goals = [
            GoalConfig(
                name: "Lisbon", target: Money(minorUnits: 500_000, currency: .eur), currency: .eur,
                deadline: CivilDate(iso: "2026-06-30")!, flex: .flexible,
                holdings: [GoalConfig.Holding(account: "saver", percent: 25)]),
            GoalConfig(
                name: "Laptop", target: Self.gbp(200_000), deadline: CivilDate(iso: "2026-05-31")!, flex: .protected),
        ]
        let plan = try Self.plan(AnalysisSettings(plan: PlanConfig(goalsBudget: Self.gbp(100_000)), goals: goals))
        #expect(plan.basedOn.heldForGoals == "3000.00")
        #expect(plan.buckets[1].currentAmount == "9000.00")
        #expect(plan.buckets[1].monthsToTarget == 12)
        let lisbon = plan.goals[0]
        #expect(lisbon.currency == "EUR")
        #expect(lisbon.current == "3529.41")
        #expect(lisbon.progress == 0.7059)
        #expect(lisbon.monthsLeft == 3)
        #expect(lisbon.requiredMonthly == "490.20")
        #expect(lisbon.status == "behind")
        #expect(lisbon.monthlyGrowth == "0.00")
        #expect(lisbon.allotted == "0.00")
        #expect(lisbon.projectedCompletion == nil)
        let laptop = plan.goals[1]
        #expect(laptop.requiredMonthly == "1000.00")
        #expect(laptop.allotted == "1000.00")
        // 2000 at 1000 a month: May, the deadline's month.
        #expect(laptop.projectedCompletion == "2026-05")
        #expect(laptop.slipMonths == 0)
        #expect(plan.totalRequired == "1416.67")
        #expect(plan.goalsBudget == "1000.00")
        // At every flex the protected goal takes the whole 1000.00 first.
        #expect(plan.flexPreview.map(\.flex) == [0.5, 1.0, 1.5])
        #expect(plan.flexPreview.map { $0.allotted.map(\.amount) } == Array(repeating: ["0.00", "1000.00"], count: 3))
    }

    /// A skipped goal needs (600 − 0) ÷ 3 = 200.00 a month (March → June) but gets nothing this
    /// month, so the goals' required total is the protected goal's 1000.00 alone, not 1200.00.
    @Test func aSkippedGoalIsNotInTheRequiredTotal() throws {
        let goals = [
            GoalConfig(
                name: "Laptop", target: Self.gbp(200_000), deadline: CivilDate(iso: "2026-05-31")!, flex: .protected),
            GoalConfig(
                name: "Holiday", target: Self.gbp(60_000), deadline: CivilDate(iso: "2026-06-30")!, flex: .skipped),
        ]
        let plan = try Self.plan(AnalysisSettings(plan: PlanConfig(goalsBudget: Self.gbp(150_000)), goals: goals))
        #expect(plan.goals.map(\.requiredMonthly) == ["1000.00", "200.00"])
        #expect(plan.goals.map(\.allotted) == ["1000.00", "0.00"])
        #expect(plan.totalRequired == "1000.00")
    }

    /// A USD goal with no USD rate (rates.csv has EUR only): its requirement is unknown in GBP, so
    /// it claims and is allotted nothing (it was allotted its whole 1000.00 a month while counting
    /// 0 against the 300.00 budget); the GBP goal (900.00 ÷ 3 = 300.00 a month) takes the budget.
    /// The month's notice says so, and the run's status is 1 (`AnalysisRun`).
    @Test func aGoalWithNoRateIsAllottedNothingAndNoticed() throws {
        let goals = [
            GoalConfig(
                name: "Boston", target: Money(minorUnits: 300_000, currency: .usd), currency: .usd,
                deadline: CivilDate(iso: "2026-06-30")!, flex: .protected),
            GoalConfig(
                name: "Bike", target: Self.gbp(90_000), deadline: CivilDate(iso: "2026-06-30")!, flex: .protected),
        ]
        let plan = try Self.plan(AnalysisSettings(plan: PlanConfig(goalsBudget: Self.gbp(30_000)), goals: goals))
        #expect(plan.goals.map(\.requiredMonthly) == ["1000.00", "300.00"])
        #expect(plan.goals.map(\.allotted) == ["0.00", "300.00"])
        #expect(plan.totalRequired == "300.00")
        let history = Self.history()
        #expect(
            GoalRates.notices(goals: goals, month: Self.march, rates: history.rates, accounts: [:]) == [
                "Goal 'Boston' cannot be counted: rates.csv has no USD rate in force on 2026-03-31, so its progress "
                    + "and required amount are left out of the plan; add the rate to rates.csv."
            ])
        // A EUR goal held in the GBP saver converts: no notice.
        let lisbon = GoalConfig(
            name: "Lisbon", target: Money(minorUnits: 500_000, currency: .eur), currency: .eur,
            deadline: CivilDate(iso: "2026-06-30")!, holdings: [GoalConfig.Holding(account: "saver", percent: 25)])
        #expect(
            GoalRates.notices(goals: [lisbon], month: Self.march, rates: history.rates, accounts: ["saver": .gbp])
                .isEmpty)
    }

    /// With the default goals budget (the investments bucket) and no debt: a flexible goal at flex 0.5
    /// gets half its need. Without the card the surplus of 1800.00 splits 900.00 fund / 900.00
    /// investments; the goal needs (3000 − 0) ÷ 3 = 1000.00 and gets min(900, 1000 × 0.5) = 500.00;
    /// 3000 at 500 a month takes 6 months: September, 3 months after June.
    @Test func theDefaultGoalsBudgetIsTheInvestmentsBucket() throws {
        var history = Self.history()
        let noCard = Journal(
            stage: "ledger", baseCurrency: .gbp, accounts: history.accounts.filter { $0.id != "card" },
            transactions: history.transactions.map(Transaction.init))
        history = LedgerHistory(noCard, rates: history.rates)
        let goal = GoalConfig(
            name: "Bike", target: Self.gbp(300_000), deadline: CivilDate(iso: "2026-06-15")!, flex: .flexible)
        let settings = AnalysisSettings(plan: PlanConfig(flexPercent: 50), goals: [goal])
        let plan = try #require(try MonthAnalyzer(history: history, settings: settings).analysis(for: Self.march).plan)
        #expect(plan.buckets.map(\.amount) == ["2100.00", "900.00", "1100.00", "900.00"])
        #expect(plan.goalsBudget == "900.00")
        #expect(plan.goals[0].requiredMonthly == "1000.00")
        #expect(plan.goals[0].allotted == "500.00")
        #expect(plan.goals[0].projectedCompletion == "2026-09")
        #expect(plan.goals[0].slipMonths == 3)
        #expect(plan.goals[0].daysRemaining == 76)  // 31 March → 15 June: 30 + 31 + 15
        #expect(plan.flexPreview.map(\.total) == ["500.00", "900.00", "900.00"])
        #expect(plan.flexPreview.map(\.unallotted) == ["400.00", "0.00", "0.00"])
    }
}

extension PlannerTests {
    /// A card owing 300.00 on 1 January, paid in full on the 5th of each month and charged 300.00
    /// (Shopping:General) on the 10th: 300.00 is owed at every month end but none of it is carried
    /// after January (owed before 300.00 − paid 300.00 = 0). March: spending 3200 + 300 = 3500,
    /// surplus 1500, fund min(750, 6 × 3500 − 12000 = 9000) = 750, investments the other 750.
    @Test func aCardPaidInFullCarriesNoDebt() throws {
        let base = Self.history()
        var rows = base.transactions.map(Transaction.init)
        for month in 1...3 {
            for (account, day, pence, category, transfer) in [
                ("card", 5, 30_000, nil, true), ("current", 5, -30_000, nil, true),
                ("card", 10, -30_000, "Shopping:General", false),
            ] as [(AccountID, Int, Int64, String?, Bool)] {
                rows.append(
                    Transaction(
                        id: TransactionID("c\(rows.count)"), account: account,
                        date: CivilDate(year: 2026, month: month, day: day)!, amount: Self.gbp(pence), payee: "CARD",
                        category: category.flatMap(CategoryPath.init), isTransfer: transfer,
                        source: SourceLocation(file: "inbox/c.csv", line: rows.count)))
            }
        }
        let accounts = base.accounts.map { account in
            var account = account
            if account.id == "card" { account.openingBalance = Self.gbp(-30_000) }
            return account
        }
        let history = LedgerHistory(
            Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: rows), rates: base.rates)
        let january = try #require(MonthAnalyzer(history: history).analysis(for: YearMonth(year: 2026, month: 1)!).plan)
        #expect(january.basedOn.carriedDebt == "300.00")
        let plan = try #require(MonthAnalyzer(history: history).analysis(for: Self.march).plan)
        #expect(plan.basedOn.debt == "300.00")
        #expect(plan.basedOn.carriedDebt == "0.00")
        #expect(plan.buckets.map(\.amount) == ["2100.00", "750.00", "1400.00", "750.00"])
    }
}

extension PlannerTests {
    /// The saver closed on 15 February: in March it holds nothing for the goal, and the goal says why.
    @Test func aClosedAccountCountsAsZeroWithANote() throws {
        let goal = GoalConfig(
            name: "Car", target: Self.gbp(500_000), deadline: CivilDate(iso: "2026-12-31")!,
            holdings: [GoalConfig.Holding(account: "saver", percent: 50)])
        let settings = AnalysisSettings(
            accounts: ["saver": AccountConfig(id: "saver", name: "Saver", closed: CivilDate(iso: "2026-02-15"))],
            goals: [goal])
        let plan = try Self.plan(settings)
        #expect(plan.goals[0].current == "0.00")
        #expect(plan.goals[0].notes == ["account 'saver' is closed, so it counts as 0"])
        // The data starts in January, when it held 6000.00 (50% of 12000.00): −6000.00 over 2 months.
        #expect(plan.goals[0].monthlyGrowth == "-3000.00")
        #expect(plan.basedOn.liquidBalances == "0.00")
    }
}

extension PlannerTests {
    /// A boiler fund: 2000.00 by 15 May 2026, 10% of the saver (1200.00), a standing order of 150.00.
    /// At the end of March: 45 days to go (near: under 60), 2 months left, requires ⌈800 ÷ 2⌉ = 400.00
    /// but gets its 150.00 first; at 150.00 a month the 800.00 takes ⌈5.33⌉ = 6 months, to September,
    /// 4 months after May. A car, 5000.00 by December with no account, requires ⌈5000 ÷ 9⌉ = 555.56
    /// and gets it out of the 1000.00 − 150.00 = 850.00 left of the goals budget; 275 days away, not
    /// near.
    @Test func aStandingOrderAndANearDeadline() throws {
        let goals = [
            GoalConfig(
                name: "Boiler", target: Self.gbp(200_000), deadline: CivilDate(iso: "2026-05-15")!,
                holdings: [GoalConfig.Holding(account: "saver", percent: 10)], monthly: Self.gbp(15_000)),
            GoalConfig(name: "Car", target: Self.gbp(500_000), deadline: CivilDate(iso: "2026-12-31")!),
        ]
        let plan = try Self.plan(AnalysisSettings(plan: PlanConfig(goalsBudget: Self.gbp(100_000)), goals: goals))
        let boiler = plan.goals[0]
        #expect(boiler.current == "1200.00")
        #expect(boiler.daysRemaining == 45)
        #expect(boiler.deadlineNear == true)
        #expect(boiler.requiredMonthly == "400.00")
        #expect(boiler.standingOrder == "150.00")
        #expect(boiler.allotted == "150.00")
        #expect(boiler.projectedCompletion == "2026-09")
        #expect(boiler.slipMonths == 4)
        let car = plan.goals[1]
        #expect(car.daysRemaining == 275)
        #expect(car.deadlineNear == nil)
        #expect(car.standingOrder == nil)
        #expect(car.allotted == "555.56")
        #expect(plan.totalRequired == "955.56")
        #expect(plan.flexPreview[1].unallotted == "294.44")
    }
}

extension PlannerTests {
    /// March against February's plan. February's plan (January and February averaged): income
    /// 5000.00, essentials 2100.00, discretionary 1100.00; the fund is the current account's −1800.00
    /// and the saver's 12000.00 = 10200.00 of 19200.00, so it gets half the 1800.00 surplus, 900.00,
    /// and the other 900.00 repays the 8000.00 carried on the card: essential 3000.00, investments
    /// 0.00. March spent 2100.00 on essentials and 1100.00 on the rest; the fund grew from 10200.00 to
    /// 12000.00, 1800.00; with no goals, investments have nothing to measure. The data stops on 28
    /// March, so March is in progress: Food:Groceries has 500.00 − 450.00 = 50.00 left (essential),
    /// Entertainment 250.00 − 200.00 = 50.00 (discretionary).
    @Test func planAgainstActual() throws {
        let settings = AnalysisSettings(budgets: [
            CategoryPath("Food:Groceries")!: Self.gbp(50_000), CategoryPath("Entertainment")!: Self.gbp(25_000),
        ])
        let plan = try Self.plan(settings)
        #expect(plan.plannedIn == "2026-02")
        let actual = try #require(plan.actual)
        #expect(actual.map(\.type) == ["essentialSpending", "emergencyFund", "discretionarySpending", "investments"])
        #expect(actual.map(\.planned) == ["3000.00", "900.00", "1100.00", "0.00"])
        #expect(actual.map(\.actual) == ["2100.00", "1800.00", "1100.00", nil])
        #expect(actual.map(\.left) == ["50.00", nil, "50.00", nil])
        // January, the data's first month: no plan was in force.
        let january = try #require(
            try MonthAnalyzer(history: Self.history(), settings: settings).analysis(
                for: YearMonth(year: 2026, month: 1)!
            ).plan)
        #expect(january.plannedIn == nil)
        #expect(january.actual?.map(\.planned) == [nil, nil, nil, nil])
        #expect(january.actual?.map(\.actual) == ["2100.00", nil, "1100.00", nil])
    }
}
