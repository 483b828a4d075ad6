import AnalysisFile

/// `emergencyFund` (seed 003): months of spending the emergency fund covers, the fund and its target
/// as `EmergencyFund` defines them once for the plan, the health score and the advice (liquid
/// balances less what goals hold, against `[plan] emergency_months` × the 3-month average
/// spending). Critical under 1 month, warning from 1 to under 3, positive from 3 (seed 003's bands).
struct EmergencyFundCard: InsightCard {
    let type = "emergencyFund"
    let category = InsightCategory.savings

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let fund = facts.emergencyFund
        guard fund.liquid != nil else { return .omitted("no liquid account balance known") }
        guard let months = fund.monthsCovered, let average = fund.averageSpending else {
            return .omitted("no spending in the last 3 months")
        }
        let severity: InsightSeverity = months < 1 ? .critical : months < 3 ? .warning : .positive
        let held =
            fund.heldForGoals > 0
            ? " (liquid balances of \(facts.money(fund.liquid ?? 0)) less \(facts.money(fund.heldForGoals)) "
                + "held for goals)" : ""
        let targetText =
            fund.target == Int64.max
            ? "" : ", against a \(fund.targetMonths)-month target of \(facts.money(fund.target))"
        let count = facts.window(EmergencyFund.averageMonths).count
        return .fired(
            Insight(
                title: "Emergency fund",
                message:
                    "Your emergency fund of \(facts.money(fund.balance))\(held) covers "
                    + "\(InsightFacts.number(months)) months of spending at the average of the last \(count) "
                    + "month\(count == 1 ? "" : "s") (\(facts.money(average)))\(targetText).",
                metric: InsightMetric(value: InsightFacts.number(months), unit: "months"), severity: severity))
    }
}
