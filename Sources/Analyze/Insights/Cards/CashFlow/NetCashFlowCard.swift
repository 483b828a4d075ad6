import Ledger

/// `netCashFlow` (seed 003): this month's income minus expenses, against the average net of the last
/// 12 months of the data (this one included; the average rounded half to even to the minor unit).
/// Positive when money came in net, neutral at exactly 0; when more went out, critical if the
/// shortfall is material (`Materiality`: at least 5% of the month's larger side), else a warning.
///
/// Lumpy income (`IncomeRhythm`): a month that spent more than came in is judged by the last 12
/// months' net instead: neutral when they took in at least what they spent (the month spent an
/// earlier lump), else as above with the window's shortfall against the window's larger side.
///
/// Said once (`SavingsShortfall`): a warning or critical reading that another card of the shortfall
/// tells more strongly reads neutral.
struct NetCashFlowCard: InsightCard {
    let type = "netCashFlow"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.cashFlow

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        SavingsShortfall.weigh(.netCashFlow, facts, reading(facts))
    }

    /// The card's own reading, before `SavingsShortfall` weighs it.
    func reading(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let net = Int64(clamping: facts.current.net)
        let nets = facts.monthlyNets(12)
        let sum = nets.reduce(Int128(0)) { $0 + Int128($1.net) }
        let average = Int64(clamping: ExchangeRate.dividedRoundingHalfToEven(sum, Int128(max(nets.count, 1))))
        let scale = Materiality.scale(income: facts.current.income, expenses: facts.current.expenses)
        var severity: InsightSeverity =
            net > 0 ? .positive : net < 0 ? Materiality.shortfallSeverity(-Double(net), scale: scale) : .neutral
        var window = ""
        let rhythm = IncomeRhythm(facts)
        if net < 0, rhythm.isLumpy {
            let yearNet = Int64(clamping: rhythm.net)
            severity =
                yearNet >= 0
                ? .neutral
                : Materiality.shortfallSeverity(
                    -Double(yearNet), scale: Materiality.scale(income: rhythm.income, expenses: rhythm.expenses))
            window = "; you \(facts.netPhrase(yearNet)) \(rhythm.phrase)"
        }
        let head =
            net == 0
            ? "You spent exactly what you took in this month"
            : "You \(facts.netPhrase(net)) this month"
        let tail =
            nets.count > 1
            ? ", against an average of \(facts.money(average)) a month over the last \(nets.count) months"
            : ""
        return .fired(
            Insight(
                title: "Net cash flow", message: head + tail + window + ".", metric: facts.moneyMetric(net),
                severity: severity, detail: facts.netPoints(nets)))
    }
}
