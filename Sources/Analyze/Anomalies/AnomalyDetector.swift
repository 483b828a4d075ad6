import Ledger

/// Runs every anomaly detector over one month and ranks what they find.
///
/// Each detector is its own value with its own thresholds; this only feeds them and merges their
/// findings. When a new payee's amount is flagged both as unusual for its category and as a large
/// first payment, only the stronger of the two is kept (the new-payee one on a tie, as it says more).
/// The result is sorted by risk, highest first, then by date, then by first transaction id; an
/// anomaly of risk 0 is left out.
public struct AnomalyDetector: Sendable, Equatable {
    public var statistical = StatisticalDetector()
    public var doubleCharge = DoubleChargeDetector()
    public var newPayee = NewPayeeDetector()
    public var newCurrency = NewCurrencyDetector()
    public var priceChange = PriceChangeDetector()
    public var categorySpike = CategorySpikeDetector()
    public var cardTesting = CardTestingDetector()

    public init() {}

    public func detect(_ input: AnomalyInput) -> [Anomaly] {
        let money = MoneyPhrase(currency: input.currency)
        let month = input.month
        let inMonth = input.candidates.filter { month.contains($0.date) }
        var found: [Anomaly] = []
        for candidate in inMonth {
            guard let history = input.histories[candidate.id] else { continue }
            let unusual = statistical.evaluate(
                candidate, payeeHistory: history.payeeAmounts,
                categoryHistory: history.categoryIsBroad ? [] : history.categoryAmounts, money: money,
                yardstick: history.categoryLabel)
            let large = newPayee.evaluate(
                candidate, payeeHistory: history.payeeAmounts, categoryHistory: history.categoryAmounts, money: money,
                yardstick: history.categoryLabel)
            switch (unusual, large) {
            case (let unusual?, let large?): found.append(unusual.risk > large.risk ? unusual : large)
            case (let unusual?, nil): found.append(unusual)
            case (nil, let large?): found.append(large)
            case (nil, nil): break
            }
        }
        found += doubleCharge.detect(input.candidates, in: month, money: money)
        found += newCurrency.detect(inMonth, seen: input.accountCurrencies, money: money)
        found += cardTesting.detect(
            inMonth, isNew: { input.histories[$0.id]?.payeeAmounts.isEmpty == true }, money: money,
            seen: input.accountCurrencies)
        for recurring in input.recurring {
            if let anomaly = priceChange.evaluate(
                recurring.series, payee: recurring.payee, category: recurring.category,
                latestID: recurring.latestID, month: month, money: money)
            {
                found.append(anomaly)
            }
        }
        for category in input.categories {
            if let anomaly = categorySpike.evaluate(category, month: month, money: money) { found.append(anomaly) }
        }
        return AnomalyDetector.ranked(found)
    }

    /// `found` in rank order, without those of risk 0: a risk of 0 says the detector's evidence
    /// came to nothing, so it is not an anomaly, neither listed nor counted.
    static func ranked(_ found: [Anomaly]) -> [Anomaly] {
        found.filter { $0.risk > 0 }.sorted(by: AnomalyDetector.ranksBefore)
    }

    /// Risk descending, then date, first transaction id, kind and reason, so the order never depends on
    /// dictionary order.
    static func ranksBefore(_ a: Anomaly, _ b: Anomaly) -> Bool {
        if a.risk != b.risk { return a.risk > b.risk }
        if a.date != b.date { return a.date < b.date }
        let firstA = a.transactionIDs.first ?? ""
        let firstB = b.transactionIDs.first ?? ""
        if firstA != firstB { return firstA < firstB }
        if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
        return a.reason < b.reason
    }
}
