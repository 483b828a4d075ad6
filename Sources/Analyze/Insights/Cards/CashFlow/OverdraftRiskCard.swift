import AnalysisFile
import Ledger

/// `overdraftRisk`: a current or cash account heading below zero in the month ahead, even when the
/// liquid total is healthy (the savings are in another account). The projection is
/// `AccountProjection`'s (balance at the month end, the recurring payments and income expected on
/// the account, its usual other spending spread over the month).
///
/// Fires for the accounts whose dip is material (`AccountProjection.isMaterial`: below 0 by at
/// least 5% of the money expected to leave the account over the month ahead); quiet when none is.
/// Critical when the account is still below 0 at the month ahead's end (the income expected does
/// not bring it back), else a warning. The metric is the deepest dip in base; the message speaks of
/// that account, says whether the other liquid accounts hold enough to cover it, and counts the
/// other accounts that dip.
struct OverdraftRiskCard: InsightCard {
    let type = "overdraftRisk"
    let category = InsightCategory.cashFlow

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let history = facts.history
        let projections = AccountProjection.projections(facts.inputs)
        guard !projections.isEmpty else { return .omitted("no current or cash account with a known balance") }
        let day = facts.month.lastDay.dayNumber
        var material: [(projection: AccountProjection, inBase: Int64)] = []
        for projection in projections where projection.isMaterial {
            let currency = history.accounts[projection.account].currency
            guard let inBase = history.rates.toBase(projection.overdraft, currency, onDay: day) else { continue }
            material.append((projection, inBase))
        }
        guard let worst = material.max(by: { $0.inBase < $1.inBase }) else { return .quiet }
        let account = history.accounts[worst.projection.account]
        guard var message = worst.projection.warning(name: account.name, currency: account.currency) else {
            return .quiet
        }
        // The other liquid accounts (the saver): enough there, and moving money in avoids the overdraft.
        if let liquid = facts.liquidBalance,
            let own = history.rates.toBase(worst.projection.balance, account.currency, onDay: day),
            liquid - own >= worst.inBase
        {
            message +=
                " Your other liquid accounts hold \(facts.money(liquid - own)): moving some of it in before then "
                + "avoids the overdraft."
        }
        if material.count > 1 {
            message += " \(material.count - 1) more account\(material.count == 2 ? "" : "s") may dip below zero too."
        }
        return .fired(
            Insight(
                title: "Overdraft risk", message: message, metric: facts.moneyMetric(worst.inBase),
                severity: worst.projection.projected < 0 ? .critical : .warning))
    }
}
