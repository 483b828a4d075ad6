import AnalysisFile
import Ledger

/// `balanceRunway` (seed 003): the average net (income − expenses) of the last 3 months of the data,
/// this one included. When money goes out on average, the runway is the liquid balances ÷ the
/// average monthly shortfall: critical under 1 month, warning from 1 to 3 months (both included),
/// positive over 3. When it does not, the card is positive: savings are building at that average.
/// The thresholds are compared exactly (liquid × 3 against the 3 months' total), before rounding.
struct BalanceRunwayCard: InsightCard {
    let type = "balanceRunway"
    let category = InsightCategory.forecasting

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let months = facts.window(3)
        guard months.count == 3 else { return .omitted("needs 3 months of history") }
        guard let liquid = facts.liquidBalance else { return .omitted("no liquid account balance known") }
        let sum = months.reduce(Int128(0)) { $0 + (facts.context.flows(of: $1)?.net ?? 0) }
        let average = Int64(clamping: ExchangeRate.dividedRoundingHalfToEven(sum, 3))
        guard sum < 0 else {
            return .fired(
                Insight(
                    title: "Balance runway",
                    message:
                        "You are building savings at \(facts.money(average)) a month on average over the last 3 "
                        + "months, with \(facts.money(liquid)) in liquid balances.",
                    metric: facts.moneyMetric(average), severity: .positive))
        }
        // runway = liquid ÷ (|sum| ÷ 3) = 3 × liquid ÷ |sum|.
        let shortfall = -sum
        let scaled = Int128(liquid) * 3
        let severity: InsightSeverity = scaled < shortfall ? .critical : scaled <= shortfall * 3 ? .warning : .positive
        let runway = max(Double(scaled) / Double(shortfall), 0)
        let covered = InsightFacts.number(runway)
        return .fired(
            Insight(
                title: "Balance runway",
                message:
                    "At the last 3 months' average of \(MoneyPhrase(currency: facts.base).magnitude(average)) a month "
                    + "more going out than coming in, your liquid balances of \(facts.money(liquid)) last "
                    + "\(covered) month\(covered == "1" ? "" : "s").",
                metric: InsightMetric(value: covered, unit: "months"), severity: severity))
    }
}
