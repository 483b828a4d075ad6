import AnalysisFile

/// One kind of insight card: reads a month's `InsightFacts` and either fires (with its figures and
/// severity), stays quiet (the data is there and there is nothing to say, such as no budget over), or
/// is omitted because the data it needs is missing (one month of history, no budgets, no balances).
public protocol InsightCard: Sendable {
    /// The card's `type` in the analysis file.
    var type: String { get }
    var category: InsightCategory { get }
    /// The unit of the card's detail values, when it is not the unit of its metric.
    var detailUnit: InsightDetailUnit? { get }
    func evaluate(_ facts: InsightFacts) -> InsightOutcome
}

extension InsightCard {
    public var detailUnit: InsightDetailUnit? { nil }
}

/// What a card made of a month.
public enum InsightOutcome: Sendable, Equatable {
    case fired(Insight)
    case quiet
    case omitted(String)
}

/// A fired card before it is written: its severity as a value, so cards can be ordered.
public struct Insight: Sendable, Equatable {
    public var title: String
    public var message: String
    public var metric: InsightMetric
    public var severity: InsightSeverity
    public var detail: [InsightPoint]?
    public var transactionIDs: [String]?

    public init(
        title: String, message: String, metric: InsightMetric, severity: InsightSeverity,
        detail: [InsightPoint]? = nil, transactionIDs: [String]? = nil
    ) {
        self.title = title
        self.message = message
        self.metric = metric
        self.severity = severity
        self.detail = detail
        self.transactionIDs = transactionIDs
    }
}
