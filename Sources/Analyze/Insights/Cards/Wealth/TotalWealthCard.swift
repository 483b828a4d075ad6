import AnalysisFile

/// `totalWealth` (seed 003): net worth at the month end, the total of the open accounts whose
/// balance is known and converts into base (liabilities negative), as the net-worth section counts
/// it. Positive above 0, neutral at 0; below 0 critical when what is owed beyond what is owned is
/// material (`Materiality`: at least 5% of the larger of the month's income and expenses), else a
/// warning (a net worth of −3.00 is a card balance, not a crisis). The detail lists the accounts
/// counted.
struct TotalWealthCard: InsightCard {
    let type = "totalWealth"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.wealth

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard let offset = facts.offset else { return .omitted("no account balance known") }
        let known = facts.knownBalances(atOffset: offset)
        guard !known.isEmpty else { return .omitted("no account balance known") }
        let total = Int64(clamping: facts.inputs.netWorth.totals[offset])
        let scale = Materiality.scale(income: facts.current.income, expenses: facts.current.expenses)
        let severity: InsightSeverity =
            total > 0 ? .positive : total < 0 ? Materiality.shortfallSeverity(-Double(total), scale: scale) : .neutral
        let count = known.count
        return .fired(
            Insight(
                title: "Net worth",
                message:
                    "Your net worth at the end of \(facts.month.displayName) is \(facts.money(total)) across "
                    + "\(count) account\(count == 1 ? "" : "s").",
                metric: facts.moneyMetric(total), severity: severity,
                detail: known.map {
                    InsightPoint(label: facts.history.accounts[$0.account].name, value: facts.decimal($0.inBase))
                }))
    }
}
