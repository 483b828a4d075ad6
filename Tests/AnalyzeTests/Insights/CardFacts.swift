import AnalysisFile
import Ledger

@testable import Analyze

/// The one way the card tests build what a card reads: the `InsightFacts` of one month of a
/// hand-built ledger, made from the parts the analyzer makes them from (the month's context, the
/// net worth book, the recurring series at the month's end, the forecast from the month's flows)
/// without writing the month's analysis.
///
/// Why: a card's test reads the card's own outcome from the facts the test's ledger gives, and
/// stays a test of that card rather than of the whole analysis file. Anomalies are what the test
/// passes (none by default); the cards that read them are tested with the ones they need.
enum CardFacts {
    /// The facts of `month` over `history` with `settings`; `forecast` replaces the one made from
    /// the month's flows, for a test of what a card says of a given forecast.
    static func facts(
        _ history: LedgerHistory, _ month: YearMonth, settings: AnalysisSettings = AnalysisSettings(),
        anomalies: [Anomaly] = [], forecast given: Forecast? = nil
    ) -> InsightFacts {
        let context = MonthContext(history: history, month: month, settings: settings)
        let book = RecurringBook(history: history)
        let series = book.entries(for: month, in: history)
        let (_, recurringIncome, recurringExpenses, _) = MonthSections.recurring(series, context: context)
        let flows = MonthSections.flows(context, oneOffs: OneOffPurchases(history: history))
        let forecast =
            given
            ?? Forecaster().forecast(flows, recurringIncome: recurringIncome, recurringExpenses: recurringExpenses)
        return InsightFacts(
            InsightInputs(
                context: context, netWorth: NetWorthBook(history: history, settings: settings), recurring: series,
                anomalies: anomalies, forecast: forecast, emergencyMonths: settings.plan.emergencyMonths,
                recurringBook: book))
    }

    /// The outcome of the card `type` over `facts`, as the analysis file has it: its entry, or the
    /// reason it was left out.
    static func card(_ type: String, _ facts: InsightFacts) -> (InsightEntry?, String?) {
        let (insights, omitted) = InsightEngine().evaluate(facts)
        return (insights.first { $0.type == type }, omitted.first { $0.type == type }?.reason)
    }

    /// The outcome of the card `type` over `facts` as its own reading gives it, before
    /// `SavingsShortfall` lets the strongest card of a shortfall tell it: for a test of one card's
    /// thresholds (the weighing has its own tests).
    static func ownCard(_ type: String, _ facts: InsightFacts) -> (InsightEntry?, String?) {
        let cards = InsightEngine.allCards.map { card -> any InsightCard in
            guard let reading = SavingsShortfall.Reading(rawValue: card.type) else { return card }
            return OwnReading(reading: reading, card: card)
        }
        let (insights, omitted) = InsightEngine(cards: cards).evaluate(facts)
        return (insights.first { $0.type == type }, omitted.first { $0.type == type }?.reason)
    }

    /// A card of the shortfall that says its own reading.
    struct OwnReading: InsightCard {
        let reading: SavingsShortfall.Reading
        let card: any InsightCard
        var type: String { card.type }
        var category: InsightCategory { card.category }
        var detailUnit: InsightDetailUnit? { card.detailUnit }
        func evaluate(_ facts: InsightFacts) -> InsightOutcome { reading.outcome(facts) }
    }
}
