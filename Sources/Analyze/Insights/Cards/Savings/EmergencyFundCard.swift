import AnalysisFile

/// `emergencyFund` (seed 003): liquid balances (checking, savings, cash) ÷ the average monthly
/// expenses of the last 3 months of the data (this one included). Critical under 1 month, warning
/// from 1 to under 3, positive from 3. The health score's component uses the same months against
/// `[plan] emergency_months` (default 6).
struct EmergencyFundCard: InsightCard {
    let type = "emergencyFund"
    let category = InsightCategory.savings

    /// Months of spending the liquid balances cover, nil when either is missing or nothing was spent.
    static func monthsCovered(_ facts: InsightFacts) -> (months: Double, liquid: Int64, average: Int64)? {
        guard let liquid = facts.liquidBalance, let average = facts.averageExpenses(months: 3), average > 0 else {
            return nil
        }
        return (Double(liquid) / Double(average), liquid, average)
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.liquidBalance != nil else { return .omitted("no liquid account balance known") }
        guard let (months, liquid, average) = EmergencyFundCard.monthsCovered(facts) else {
            return .omitted("no spending in the last 3 months")
        }
        let severity: InsightSeverity = months < 1 ? .critical : months < 3 ? .warning : .positive
        let target = average.multipliedReportingOverflow(by: 3)
        let targetText = target.overflow ? "" : ", against a 3-month target of \(facts.money(target.partialValue))"
        let count = facts.window(3).count
        return .fired(
            Insight(
                title: "Emergency fund",
                message:
                    "Your liquid balances of \(facts.money(liquid)) cover \(InsightFacts.number(months)) months of "
                    + "spending at the average of the last \(count) month\(count == 1 ? "" : "s") "
                    + "(\(facts.money(average)))\(targetText).",
                metric: InsightMetric(value: InsightFacts.number(months), unit: "months"), severity: severity))
    }
}
