/// "Saving too little": one fact that five cards read (`savingsRate`, `netCashFlow`,
/// `incomeVsExpenseRatio`, `wealthGrowth`, `savingsMomentum`), so that a low savings rate is one
/// item in "What needs attention", not five (as `SpendingRise` is for a rise in spending).
///
/// - Strength: a reading's own severity, critical over warning; a tie goes to the first in the
///   order of `Reading` (the savings rate names the fact most directly). The strongest reading
///   speaks at its severity; the others that would warn or be critical read neutral and say which
///   one spoke.
/// - `wealthGrowth` belongs to the fact only while the fall in net worth is no more than the
///   month's shortfall (expenses − income): a larger fall has another cause (a valuation, a
///   market) and speaks for itself.
enum SavingsShortfall {
    enum Reading: String, CaseIterable {
        case savingsRate, netCashFlow, incomeVsExpenseRatio, wealthGrowth, savingsMomentum

        /// The card's title, as the page shows it.
        var title: String {
            switch self {
            case .savingsRate: "Savings rate"
            case .netCashFlow: "Net cash flow"
            case .incomeVsExpenseRatio: "Income vs expenses"
            case .wealthGrowth: "Wealth growth"
            case .savingsMomentum: "Savings momentum"
            }
        }

        /// The card's own reading, before it is weighed here.
        func outcome(_ facts: InsightFacts) -> InsightOutcome {
            switch self {
            case .savingsRate: SavingsRateCard().reading(facts)
            case .netCashFlow: NetCashFlowCard().reading(facts)
            case .incomeVsExpenseRatio: IncomeVsExpenseRatioCard().reading(facts)
            case .wealthGrowth: WealthGrowthCard().reading(facts)
            case .savingsMomentum: SavingsMomentumCard().reading(facts)
            }
        }
    }

    /// The severity with which `reading` tells of the shortfall: its own when critical or a warning
    /// (and, for `wealthGrowth`, when the shortfall explains the fall), else nil.
    static func severity(_ reading: Reading, _ facts: InsightFacts) -> InsightSeverity? {
        guard case .fired(let insight) = reading.outcome(facts) else { return nil }
        return severity(reading, facts, insight)
    }

    static func severity(_ reading: Reading, _ facts: InsightFacts, _ insight: Insight) -> InsightSeverity? {
        guard insight.severity == .critical || insight.severity == .warning else { return nil }
        if reading == .wealthGrowth {
            let shortfall = facts.current.expenses - facts.current.income
            guard let fall = WealthGrowthCard.fall(facts), fall <= shortfall else { return nil }
        }
        return insight.severity
    }

    /// The reading that speaks for the shortfall when `reading` does not: nil when it does (or when
    /// it is not part of the shortfall).
    static func speaker(instead reading: Reading, _ facts: InsightFacts, own: InsightSeverity) -> Reading? {
        let order = Reading.allCases
        let position = order.firstIndex(of: reading)!
        for (index, other) in order.enumerated() where other != reading {
            guard let theirs = severity(other, facts) else { continue }
            if theirs.rank < own.rank || (theirs == own && index < position) { return other }
        }
        return nil
    }

    /// `outcome` of `reading` said once: a warning or critical card that is not the one to speak
    /// reads neutral, its message ending with which card tells the shortfall.
    static func weigh(_ reading: Reading, _ facts: InsightFacts, _ outcome: InsightOutcome) -> InsightOutcome {
        guard case .fired(let insight) = outcome, let own = severity(reading, facts, insight),
            let other = speaker(instead: reading, facts, own: own)
        else { return outcome }
        var weighed = insight
        weighed.severity = .neutral
        let sentence = insight.message.hasSuffix(".") ? String(insight.message.dropLast()) : insight.message
        weighed.message = sentence + "; the shortfall is told under \(other.title)."
        return .fired(weighed)
    }
}
