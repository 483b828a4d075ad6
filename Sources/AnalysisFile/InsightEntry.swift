/// One insight card as the analysis file carries it: a judgement about the month with its number.
public struct InsightEntry: Codable, Sendable, Equatable {
    /// `savingsRate`, `monthOverMonthChange`, … (see the README's table of cards).
    public var type: String
    /// `spending`, `income`, `budget`, `recurring`, `cashFlow`, `wealth`, `savings` or `forecasting`.
    public var category: String
    public var title: String
    /// One sentence with its numbers, money in the base currency.
    public var message: String
    public var metric: InsightMetric
    /// `positive`, `neutral`, `warning` or `critical`.
    public var severity: String
    /// The series behind the card (a 6-month trend, a breakdown), where it has one.
    public var detail: [InsightPoint]?
    /// The unit of `detail`'s values when it is not `metric`'s: the base currency's code for money,
    /// else `percent`, `days`, `date` (an ISO date) or `text`.
    public var detailUnit: String?
    /// The transactions the card is about, where it is about some.
    public var transactionIds: [String]?
    /// The same transactions as references, in the same order: what a page labels them with.
    public var transactions: [TransactionReference]?

    public init(
        type: String, category: String, title: String, message: String, metric: InsightMetric, severity: String,
        detail: [InsightPoint]? = nil, detailUnit: String? = nil, transactionIds: [String]? = nil
    ) {
        self.type = type
        self.category = category
        self.title = title
        self.message = message
        self.metric = metric
        self.severity = severity
        self.detail = detail
        self.detailUnit = detailUnit
        self.transactionIds = transactionIds
    }
}

/// A card's headline number. Money is a decimal string in the base currency (`unit` is its code);
/// everything else is a number: `percent` (12.5 means 12.5%), `ratio`, `months`, `days` or `count`.
public struct InsightMetric: Codable, Sendable, Equatable {
    public var value: String
    public var unit: String

    public init(value: String, unit: String) {
        self.value = value
        self.unit = unit
    }
}

/// One point of a card's detail series: a month or a name, and its value in the card's unit.
public struct InsightPoint: Codable, Sendable, Equatable {
    public var label: String
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// A card that could not be computed for the month, and why (`needs 3 months of history`).
public struct OmittedInsight: Codable, Sendable, Equatable {
    public var type: String
    public var category: String
    public var reason: String

    public init(type: String, category: String, reason: String) {
        self.type = type
        self.category = category
        self.reason = reason
    }
}
