import AnalysisFile

/// `wealthGrowth` (seed 003): net worth at this month's end against the end of the month before.
/// Positive when it grew, neutral when unchanged; when it fell, critical if the fall is material
/// (`Materiality`: at least 5% of the month's larger side of income and expenses, and at least 5%
/// of the earlier net worth when that is positive), else a warning. The metric is the change,
/// and the message gives it as a percent of the earlier net worth when that is not 0.
///
/// Lumpy income (`IncomeRhythm`): a fall is neutral while net worth is still at or above where it
/// stood at the start of the last 12 months (the month spent an earlier lump of income).
///
/// Said once (`SavingsShortfall`): a fall no larger than the month's shortfall is the low savings
/// rate's fact, told by the strongest of the cards that read it.
///
/// A month end at which no open account had a known balance has no net worth to compare (it would
/// read as 0), so the card is omitted then rather than reporting the whole balance as growth.
struct WealthGrowthCard: InsightCard {
    let type = "wealthGrowth"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.wealth

    /// Critical when a fall of `fall` from `before` is material, else warning.
    func fallSeverity(_ facts: InsightFacts, _ fall: Int128, _ before: Int128) -> InsightSeverity {
        let scale = Materiality.scale(income: facts.current.income, expenses: facts.current.expenses)
        let ofMonth = Materiality.shortfallSeverity(Double(fall), scale: scale)
        guard before > 0 else { return ofMonth }
        return Double(fall) / Double(before) >= Materiality.criticalShareOfWealth ? ofMonth : .warning
    }

    /// How far net worth fell from the end of last month to this month's end (positive), nil when
    /// it did not fall or either end has no known balance.
    static func fall(_ facts: InsightFacts) -> Int128? {
        guard let offset = facts.offset, offset > 0, !facts.knownBalances(atOffset: offset).isEmpty,
            !facts.knownBalances(atOffset: offset - 1).isEmpty
        else { return nil }
        let totals = facts.inputs.netWorth.totals
        return totals[offset] < totals[offset - 1] ? totals[offset - 1] - totals[offset] : nil
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        SavingsShortfall.weigh(.wealthGrowth, facts, reading(facts))
    }

    /// The card's own reading, before `SavingsShortfall` weighs it.
    func reading(_ facts: InsightFacts) -> InsightOutcome {
        guard let offset = facts.offset, offset > 0 else { return .omitted("needs 2 months of history") }
        guard !facts.knownBalances(atOffset: offset).isEmpty else { return .omitted("no account balance known") }
        guard !facts.knownBalances(atOffset: offset - 1).isEmpty else {
            return .omitted("no account balance known last month")
        }
        let totals = facts.inputs.netWorth.totals
        let now = totals[offset]
        let before = totals[offset - 1]
        let change = Int64(clamping: now - before)
        var severity: InsightSeverity =
            now > before ? .positive : now < before ? fallSeverity(facts, before - now, before) : .neutral
        let rhythm = IncomeRhythm(facts)
        let start = max(offset - rhythm.months, 0)
        let aboveTheYear = now < before && rhythm.isLumpy && now >= totals[start]
        if aboveTheYear { severity = .neutral }
        let previous = facts.month.adding(months: -1)
        var message: String
        if now == before {
            message =
                "Your net worth stayed at \(facts.money(Int64(clamping: now))) since the end of "
                + previous.displayName
        } else {
            let amount = MoneyPhrase(currency: facts.base).magnitude(change)
            message = "Your net worth \(change > 0 ? "grew" : "fell") by \(amount)"
            if before != 0 {
                let magnitude = before < 0 ? -before : before
                message += " (\(InsightFacts.percent(Double(now - before).magnitude / Double(magnitude))))"
            }
            message += " since the end of \(previous.displayName), to \(facts.money(Int64(clamping: now)))"
            if aboveTheYear {
                message +=
                    ", above the \(facts.money(Int64(clamping: totals[start]))) of \(offset - start) months "
                    + "before (your income comes in lumps)"
            }
        }
        return .fired(
            Insight(
                title: "Wealth growth", message: message + ".", metric: facts.moneyMetric(change), severity: severity,
                detail: [
                    InsightPoint(label: previous.description, value: facts.decimal(Int64(clamping: before))),
                    InsightPoint(label: facts.month.description, value: facts.decimal(Int64(clamping: now))),
                ]))
    }
}
