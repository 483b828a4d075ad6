import AnalysisFile
import Ledger
import StageCommand

/// Answers for any month of a ledger: its figures, net worth, recurring payments, anomalies,
/// forecast and history, each a view into one `LedgerHistory`.
///
/// Every section of month M reads only data dated on or before M's last day, so adding later
/// months never changes an earlier month's file.
public struct MonthAnalyzer: Sendable {
    public let history: LedgerHistory
    public let settings: AnalysisSettings
    public let netWorth: NetWorthBook
    public let stories: AccountStoryBook
    public let recurring: RecurringBook
    public let anomalies: AnomalyBook
    public let oneOffs: OneOffPurchases
    public let planner: Planner
    public let engine: InsightEngine

    /// The books read the history alone, each its own: they are built side by side (net worth and
    /// the account stories made from it; the recurring series; the anomalies' histories; the
    /// one-off purchases and the planner), one piece of work each on every core.
    ///
    /// With `analysing`, the analyzer is for those months only: the recurring book holds what
    /// their analyses read (`RecurringBook.monthsRead(analysing:)`), and another month's analysis
    /// stops the program.
    public init(history: LedgerHistory, settings: AnalysisSettings = AnalysisSettings(), analysing: [YearMonth]? = nil)
    {
        self.history = history
        self.settings = settings
        let worth = Slots<(NetWorthBook, AccountStoryBook)>(count: 1)
        let recurring = Slots<RecurringBook>(count: 1)
        let anomalies = Slots<AnomalyBook>(count: 1)
        let rest = Slots<(OneOffPurchases, Planner)>(count: 1)
        Cores.forEach(4) { book in
            switch book {
            case 0:
                let netWorth = NetWorthBook(history: history, settings: settings)
                worth.set(0, (netWorth, AccountStoryBook(netWorth: netWorth)))
            case 1: recurring.set(0, RecurringBook(history: history, analysing: analysing))
            case 2: anomalies.set(0, AnomalyBook(history: history))
            default: rest.set(0, (OneOffPurchases(history: history), Planner(history: history, settings: settings)))
            }
        }
        (self.netWorth, self.stories) = worth[0]!
        self.recurring = recurring[0]!
        self.anomalies = anomalies[0]!
        (self.oneOffs, self.planner) = rest[0]!
        self.engine = InsightEngine()
    }

    public func analysis(for month: YearMonth) throws(AnalyzeError) -> MonthAnalysis {
        var timings = StageTimings()
        return try analysis(for: month, timings: &timings)
    }

    /// The month's analysis, adding the time each section took to `timings`.
    public func analysis(for month: YearMonth, timings: inout StageTimings) throws(AnalyzeError) -> MonthAnalysis {
        let context = MonthContext(history: history, month: month, settings: settings)
        let figures = try timings.time("figures") { () throws(AnalyzeError) in try MonthFigures(context) }
        var notices = figures.notices
        var analysis = MonthAnalysis(
            month: month.description, monthName: month.displayName, currency: history.base.code,
            periodStart: month.firstDay.isoString, periodEnd: month.lastDay.isoString, summary: figures.summary,
            categories: figures.categories, topCategories: figures.topCategories,
            incomeCategories: figures.incomeCategories, accounts: figures.accounts,
            largestExpenses: figures.largestExpenses, trend: figures.trend, notices: [])
        analysis.categorization = try timings.time("categorization") { () throws(AnalyzeError) in
            try MonthCategorization.section(context)
        }
        if let (section, worthNotices) = try timings.time(
            "net worth",
            { () throws(AnalyzeError) in
                try netWorth.section(for: month)
            })
        {
            analysis.netWorth = section
            notices += worthNotices
        }
        analysis.accountStories = try timings.time("account stories") { () throws(AnalyzeError) in
            try stories.stories(for: month)
        }
        if let stories = analysis.accountStories, var section = analysis.netWorth {
            for index in section.accounts.indices {
                section.accounts[index].growth = stories.first { $0.id == section.accounts[index].id }?.growth
            }
            analysis.netWorth = section
        }
        analysis.history = try timings.time("history series") { () throws(AnalyzeError) in
            try HistorySeries.section(context)
        }
        let series = recurring.entries(for: month, in: history)
        let (recurringEntries, recurringIncome, recurringExpenses, recurringTotals) = timings.time("recurring") {
            MonthSections.recurring(series, context: context)
        }
        analysis.recurring = recurringEntries
        analysis.recurringTotals = recurringTotals
        let found = timings.time("anomalies") {
            AnomalyDetector().detect(anomalies.input(for: month, recurring: series))
        }
        analysis.anomalies = MonthSections.anomalies(found, base: history.base)
        let flows = MonthSections.flows(context, oneOffs: oneOffs)
        let forecast = timings.time("forecast") {
            Forecaster().forecast(flows, recurringIncome: recurringIncome, recurringExpenses: recurringExpenses)
        }
        analysis.forecast = MonthSections.forecast(forecast, base: history.base)
        if let offset = history.offset(of: month) {
            analysis.cashFlow = MonthSections.cashFlow(
                context, liquid: netWorth.liquidTotals[offset], forecast: forecast, flows: flows)
        }
        // What the insight cards and the plan read (see `InsightInputs`).
        let inputs = InsightInputs(
            context: context, netWorth: netWorth, recurring: series, anomalies: found, forecast: forecast,
            emergencyMonths: settings.plan.emergencyMonths, recurringBook: recurring)
        analysis.plan = timings.time("plan") { planner.plan(inputs) }
        analysis.cashFlow?.accounts = timings.time("account projections") {
            MonthSections.accountProjections(inputs)
        }
        timings.time("insight cards") {
            let facts = InsightFacts(inputs)
            let (insights, omitted) = engine.evaluate(facts)
            analysis.insights = insights
            analysis.insightsOmitted = omitted
            analysis.healthScore = HealthScore().score(facts)
            analysis.healthScore?.previousScore = healthScore(of: month.adding(months: -Self.scoreMonthsBack.previous))
            analysis.healthScore?.yearAgoScore = healthScore(of: month.adding(months: -Self.scoreMonthsBack.yearAgo))
            analysis.recommendations = RecommendationList().entries(facts)
        }
        let references = TransactionReferences(
            history: history, month: month,
            naming: (analysis.insights ?? []).map(\.transactionIds)
                + (analysis.recommendations ?? []).map(\.transactionIds))
        analysis.insights = analysis.insights?.map { entry in
            var entry = entry
            entry.transactions = references.references(entry.transactionIds)
            return entry
        }
        analysis.recommendations = analysis.recommendations?.map { entry in
            var entry = entry
            entry.transactions = references.references(entry.transactionIds)
            return entry
        }
        analysis.notices = notices
        return analysis
    }

    /// How many months back the health scores a month's score is compared with are.
    static let scoreMonthsBack = (previous: 1, yearAgo: 12)

    /// The health score of an earlier month, for comparison: it reads only the month's flows,
    /// budgets, recurring series and balances, so no anomalies or forecast are worked out for it.
    func healthScore(of month: YearMonth) -> Int? {
        guard history.offset(of: month) != nil else { return nil }
        let context = MonthContext(history: history, month: month, settings: settings)
        let inputs = InsightInputs(
            context: context, netWorth: netWorth, recurring: recurring.entries(for: month, in: history), anomalies: [],
            forecast: Forecast(
                method: "none", incomeMethod: .none, expensesMethod: .none, months: [], backtest: nil, note: nil),
            emergencyMonths: settings.plan.emergencyMonths, recurringBook: recurring)
        return HealthScore().score(InsightFacts(inputs))?.score
    }
}
