/// The analysis engine's sections of a month: net worth, recurring payments, anomalies, forecast,
/// history, cash flow, plan, insight cards, health score and recommendations, with where the month
/// stands (complete, closed).
///
/// Declared once, here: `MonthAnalysis` writes them, the report carries them as the analysis wrote
/// them (`MonthReport.sections`) and `report.json` repeats them. In both files they sit at the top
/// level beside the month's own figures (see `MonthAnalysis.encode(to:)`), so a section added here
/// reaches the analysis file, the report and report.json with no other line.
public struct AnalysisSections: Codable, Sendable, Equatable {
    /// False when the inbox does not cover the whole month for every active account.
    public var complete: Bool?
    /// The month's close: nil while it was never closed.
    public var close: CloseStatus?
    /// Net worth at the month end; nil for a ledger with no transactions.
    public var netWorth: NetWorthSection?
    /// Recurring payments and income as of the month end, largest monthly amount first.
    public var recurring: [RecurringEntry]?
    /// The month's anomalies, riskiest first.
    public var anomalies: [AnomalyEntry]?
    /// The next 12 months of income, expenses and net, with its back-test.
    public var forecast: ForecastSection?
    /// Per-category and per-calendar-month series, for cards that need trends and seasons.
    public var history: HistorySection?
    /// Liquid balances projected to the next month end, and the runway when money runs down.
    public var cashFlow: CashFlowSection?
    /// Income divided into allocation buckets, savings goals and budget suggestions.
    public var plan: PlanSection?
    /// The insight cards that fired, by category, then severity (critical first), then type.
    public var insights: [InsightEntry]?
    /// The cards whose data is missing this month, with the reason.
    public var insightsOmitted: [OmittedInsight]?
    /// Seed 003's Financial Health Score; nil when no component has data.
    public var healthScore: HealthScoreSection?
    /// Concrete advice with its monthly saving, largest saving first.
    public var recommendations: [RecommendationEntry]?

    public init(
        complete: Bool? = nil, close: CloseStatus? = nil, netWorth: NetWorthSection? = nil,
        recurring: [RecurringEntry]? = nil, anomalies: [AnomalyEntry]? = nil, forecast: ForecastSection? = nil,
        history: HistorySection? = nil, cashFlow: CashFlowSection? = nil, plan: PlanSection? = nil,
        insights: [InsightEntry]? = nil, insightsOmitted: [OmittedInsight]? = nil,
        healthScore: HealthScoreSection? = nil, recommendations: [RecommendationEntry]? = nil
    ) {
        self.complete = complete
        self.close = close
        self.netWorth = netWorth
        self.recurring = recurring
        self.anomalies = anomalies
        self.forecast = forecast
        self.history = history
        self.cashFlow = cashFlow
        self.plan = plan
        self.insights = insights
        self.insightsOmitted = insightsOmitted
        self.healthScore = healthScore
        self.recommendations = recommendations
    }
}
