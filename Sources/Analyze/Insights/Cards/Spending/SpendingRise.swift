/// "Spending rose": one fact that three cards read (`monthOverMonthChange`, `spendingVelocity`,
/// `yearOverYear`), so that a rise is said once, by the reading that sees it most strongly, and
/// only when it is in proportion to the household.
///
/// - Strength: how far a reading is past its own warning threshold, as a multiple of it: the change
///   over +20% for `monthOverMonthChange`, the ratio's excess over 1.2 − 1 for `spendingVelocity`,
///   the change over +15% for `yearOverYear`. The strongest reading past its threshold speaks (a
///   tie goes to the first in that order); the others read neutral and say which one spoke.
/// - Materiality: a rise is a warning only while the household's savings rate is at or under
///   `healthyRate` (20%, where `savingsRate` turns positive; the rate of the last 12 months when
///   income comes in lumps, `IncomeRhythm`). A household still saving 40% of its income after a
///   rise has nothing to act on. With no income to weigh against, the rise speaks.
/// - Known payments are not a rise: the month's payments that active series of a longer cadence
///   than monthly (quarterly, half-yearly, yearly) expected, within their usual amounts
///   (`ExpectedPayments`), are left out of the month's expenses for every reading. A July with its
///   half-yearly tax reads as a rise only when the rest of its spending rose too; the card's figures
///   stay the month's, and its message says how much was expected.
enum SpendingRise {
    enum Reading: String, CaseIterable {
        case monthOverMonthChange, spendingVelocity, yearOverYear

        /// The card's title, as the page shows it.
        var title: String {
            switch self {
            case .monthOverMonthChange: "Spending vs last month"
            case .spendingVelocity: "Spending pace"
            case .yearOverYear: "Year over year"
            }
        }
    }

    /// The savings rate above which a rise is no warning (as `savingsMomentum`).
    static let healthyRate = SavingsMomentumCard.healthyRate

    /// Past-threshold strength of each reading of `facts` (1 = at its threshold), nil when the
    /// reading cannot be made or is not past it.
    static func strength(_ reading: Reading, _ facts: InsightFacts) -> Double? {
        guard facts.hasTransactions else { return nil }
        let expenses = facts.current.expenses
        let unknown = expenses - knownPayments(facts)
        let value: Double?
        switch reading {
        case .monthOverMonthChange:
            value = facts.previous.flatMap { previous in
                previous.expenses > 0 ? InsightFacts.ratio(unknown - previous.expenses, previous.expenses) / 0.20 : nil
            }
        case .spendingVelocity:
            // The ratio is in proportion to the month's expenses.
            value = SpendingVelocityCard.ratio(facts).map {
                expenses > 0 ? ($0 * Double(unknown) / Double(expenses) - 1) / 0.2 : 0
            }
        case .yearOverYear:
            value = facts.flows(-12).flatMap { then in
                then.expenses > 0 ? InsightFacts.ratio(unknown - then.expenses, then.expenses) / 0.15 : nil
            }
        }
        guard let value, value > 1 else { return nil }
        return value
    }

    /// The household's savings rate that weighs a rise: the month's, or the last 12 months' when
    /// income comes in lumps; nil without income.
    static func savingsRate(_ facts: InsightFacts) -> Double? {
        let rhythm = IncomeRhythm(facts)
        return rhythm.isLumpy ? rhythm.savingsRate : InsightFacts.savingsRate(facts.current)
    }

    /// Money out this month (positive minor units of base) that active series of a cadence longer
    /// than monthly expected, within their usual amounts.
    static func knownPayments(_ facts: InsightFacts) -> Int128 {
        let longer = facts.inputs.recurring.filter { ($0.series.cadence.stepMonths ?? 0) > 1 }
        guard !longer.isEmpty else { return 0 }
        return ExpectedPayments.spending(longer, history: facts.history, month: facts.month).values.reduce(0) {
            $0 + Int128($1)
        }
    }

    /// Why `reading`, past its threshold, is no warning: the clause its message ends with; nil when
    /// it is the reading that speaks.
    static func quietReason(_ reading: Reading, _ facts: InsightFacts) -> String? {
        if strength(reading, facts) == nil {
            let known = Int64(clamping: knownPayments(facts))
            return
                "\(facts.money(known)) of it was quarterly, half-yearly or yearly payments the recurring list expected"
        }
        if let rate = savingsRate(facts), rate > healthyRate {
            return "you still saved \(InsightFacts.percent(rate)) of your income"
        }
        var speaker = reading
        var strongest = strength(reading, facts) ?? 0
        for other in Reading.allCases where other != reading {
            guard let value = strength(other, facts) else { continue }
            let before = Reading.allCases.firstIndex(of: other)! < Reading.allCases.firstIndex(of: reading)!
            if value > strongest || (value == strongest && before) {
                speaker = other
                strongest = value
            }
        }
        return speaker == reading ? nil : "the rise is told under \(speaker.title)"
    }

    /// `insight` of `reading` in proportion: a warning that is not the one to speak reads neutral,
    /// its message ending with why.
    static func weigh(_ reading: Reading, _ facts: InsightFacts, _ insight: Insight) -> Insight {
        guard insight.severity == .warning, let reason = quietReason(reading, facts) else { return insight }
        var weighed = insight
        weighed.severity = .neutral
        weighed.message = String(insight.message.dropLast()) + "; \(reason)."
        return weighed
    }
}
