import AnalysisFile

/// `savingsRate` (seed 003): (income − expenses) ÷ income. Critical under 10%, warning from 10% to
/// 20% (both included), positive over 20%.
///
/// Materiality: under 10% is critical only when more went out than came in by a material amount
/// (`Materiality`: a shortfall of at least 5% of the larger of income and expenses, a rate of
/// −5.3% or less); saving 2.3% of the income, or spending 135.67 more than 3,050.00 came in
/// (4.4%), is a warning: too little saved, not yet money running out. The detail is the rate of the last four months of the
/// data (this one included, months without income left out); the message compares it with the
/// average of the three months before.
///
/// Lumpy income (`IncomeRhythm`): the rate and its band are those of the last 12 months, net ÷
/// income over the window, so a month between two lumps is not read as a crisis.
///
/// Said once (`SavingsShortfall`): a warning or critical reading that another card of the shortfall
/// tells more strongly reads neutral.
struct SavingsRateCard: InsightCard {
    let type = "savingsRate"
    let detailUnit: InsightDetailUnit? = .percent
    let category = InsightCategory.savings

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        SavingsShortfall.weigh(.savingsRate, facts, reading(facts))
    }

    /// The card's own reading, before `SavingsShortfall` weighs it.
    func reading(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        let rhythm = IncomeRhythm(facts)
        if rhythm.isLumpy, let rate = rhythm.savingsRate {
            return lumpy(facts, rhythm, rate)
        }
        guard let rate = InsightFacts.savingsRate(facts.current) else { return .omitted("no income this month") }
        let severity = SavingsRateCard.severity(
            rate, income: facts.current.income, expenses: facts.current.expenses)
        var detail: [InsightPoint] = []
        var earlier: [Double] = []
        for month in facts.window(4) {
            guard let flows = facts.context.flows(of: month), let r = InsightFacts.savingsRate(flows) else { continue }
            detail.append(InsightPoint(label: month.description, value: InsightFacts.number(r * 100)))
            if month != facts.month { earlier.append(r) }
        }
        let net = Int64(clamping: facts.current.net)
        var message =
            net >= 0
            ? "You saved \(InsightFacts.percent(rate)) of your income, \(facts.money(net))"
            : "You spent \(facts.money(-net)) more than you earned, a savings rate of \(InsightFacts.percent(rate))"
        if !earlier.isEmpty {
            let average = earlier.reduce(0, +) / Double(earlier.count)
            message += ", against \(InsightFacts.percent(average)) on average over the \(earlier.count) months before"
        }
        return .fired(
            Insight(
                title: "Savings rate", message: message + ".", metric: InsightFacts.percentMetric(rate),
                severity: severity, detail: detail))
    }

    /// Critical under 10% when the shortfall (expenses over income) is material, warning under 10%
    /// otherwise and from 10% to 20%, positive over.
    static func severity(_ rate: Double, income: Int128, expenses: Int128) -> InsightSeverity {
        guard rate < 0.10 else { return rate <= 0.20 ? .warning : .positive }
        guard expenses > income else { return .warning }
        return Materiality.shortfallSeverity(
            Double(expenses - income), scale: Materiality.scale(income: income, expenses: expenses))
    }

    /// The card of a household whose income comes in lumps: the window's rate.
    func lumpy(_ facts: InsightFacts, _ rhythm: IncomeRhythm, _ rate: Double) -> InsightOutcome {
        let net = Int64(clamping: rhythm.net)
        let head =
            net >= 0
            ? "You saved \(InsightFacts.percent(rate)) of your income, \(facts.money(net)),"
            : "You spent \(facts.money(-net)) more than you earned, a savings rate of \(InsightFacts.percent(rate)),"
        let month = InsightFacts.savingsRate(facts.current).map { ", \(InsightFacts.percent($0)) this month" } ?? ""
        return .fired(
            Insight(
                title: "Savings rate", message: "\(head) \(rhythm.phrase)\(month).",
                metric: InsightFacts.percentMetric(rate),
                severity: SavingsRateCard.severity(rate, income: rhythm.income, expenses: rhythm.expenses)))
    }
}
