import Ledger

/// Subscriptions to review: a recurring payment whose price went up in the last 3 months (the
/// saving is the rise, per month), and a recurring payment under a budget that was over this month
/// (the saving is the payment, per month, if it goes). Possible duplicates are found as the
/// `duplicateSubscriptions` card finds them, and the saving is the cheaper of the two.
struct SubscriptionReview: Recommender {
    func recommend(_ facts: InsightFacts) -> [Recommendation] {
        let history = facts.history
        let endDay = facts.month.lastDay.dayNumber
        let since = facts.month.adding(months: -2).firstDay
        var result: [Recommendation] = []
        for (entry, monthly) in facts.recurringOutgoings {
            let currency = history.currency(at: entry.latest)
            let payee = history.payee(at: entry.latest)
            guard let change = entry.series.priceChanges.last, change.date >= since,
                change.to.magnitude > change.from.magnitude
            else { continue }
            let rise = entry.series.cadence.monthlyEquivalent(of: Int64(change.to.magnitude - change.from.magnitude))
            guard let riseInBase = history.rates.toBase(rise, currency, onDay: endDay), riseInBase > 0 else {
                continue
            }
            let phrase = MoneyPhrase(currency: currency)
            result.append(
                Recommendation(
                    kind: "reviewSubscription",
                    message:
                        "\(payee) went up from \(phrase.magnitude(change.from)) to \(phrase.magnitude(change.to)) "
                        + "on \(change.date.isoString): check it is still worth \(facts.money(monthly)) a month, "
                        + "or look for the old price elsewhere.",
                    saving: riseInBase,
                    evidence: [
                        "The rise costs \(facts.money(riseInBase)) a month, "
                            + "\(facts.money(riseInBase.multipliedReportingOverflow(by: 12).partialValue)) a year."
                    ], transactionIDs: [history.transactionID(at: entry.latest)]))
        }
        result += duplicates(facts)
        let over = facts.budgetsToDate().filter { $0.spent > $0.budget }
        for row in over {
            for (entry, monthly) in facts.recurringOutgoings {
                let name = history.categories[Int(history.categoryOf[entry.latest])].name
                guard name == row.category || name.hasPrefix(row.category + ":") else { continue }
                let payee = history.payee(at: entry.latest)
                result.append(
                    Recommendation(
                        kind: "reviewSubscription",
                        message:
                            "\(payee) takes \(facts.money(monthly)) a month from \(row.category), which went "
                            + "over its budget: cancelling or pausing it would bring the category back toward "
                            + "\(facts.money(row.budget)).",
                        saving: monthly,
                        evidence: [
                            "\(row.category): \(facts.money(row.spent)) spent against a budget of "
                                + "\(facts.money(row.budget)) in \(facts.month.displayName)."
                        ], transactionIDs: [history.transactionID(at: entry.latest)]))
            }
        }
        return result
    }

    /// Pairs the `duplicateSubscriptions` card would count: keeping one saves the cheaper one.
    func duplicates(_ facts: InsightFacts) -> [Recommendation] {
        let history = facts.history
        let outgoings = facts.recurringOutgoings
        return DuplicateSubscriptionsCard.pairs(facts).map { category, a, b in
            let payees = (
                history.groups[outgoings[a].entry.group].payee, history.groups[outgoings[b].entry.group].payee
            )
            let monthly = (outgoings[a].monthly, outgoings[b].monthly)
            let cheaper = min(monthly.0, monthly.1)
            return Recommendation(
                kind: "reviewSubscription",
                message:
                    "\(payees.0) and \(payees.1) are both recurring \(category) payments: if one of them "
                    + "does the other's job, cancelling the cheaper saves \(facts.money(cheaper)) a month.",
                saving: cheaper,
                evidence: [
                    "\(payees.0): \(facts.money(monthly.0)) a month; \(payees.1): \(facts.money(monthly.1)) a month."
                ],
                transactionIDs: [
                    history.transactionID(at: outgoings[a].entry.latest),
                    history.transactionID(at: outgoings[b].entry.latest),
                ])
        }
    }
}
