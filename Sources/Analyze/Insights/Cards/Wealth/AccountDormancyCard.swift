import AnalysisFile

/// `accountDormancy` (seed 003): open accounts with money in them (a known balance above 0 in
/// base) and transactions in their history, but none in the 30 days ending at the month end:
/// "inactive for N days with X idle", N the days since the account's latest transaction. Warning
/// when one has been idle 90 days or more, else neutral; quiet when every account is in use. The
/// metric is the money idle in those accounts; the detail gives each one's days.
///
/// An account's transactions are the posted ones from its opening date on, as its balance counts
/// them (`LedgerHistory.lastPostedDays(of:through:)`).
struct AccountDormancyCard: InsightCard {
    let type = "accountDormancy"
    let detailUnit: InsightDetailUnit? = .days
    let category = InsightCategory.wealth

    static let quietDays = 30
    static let warningDays = 90

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard let offset = facts.offset else { return .omitted("no account balance known") }
        let history = facts.history
        var idle: [Int: Int64] = [:]
        for (account, inBase) in facts.knownBalances(atOffset: offset) where inBase > 0 { idle[account] = inBase }
        let latest = history.lastPostedDays(of: Set(idle.keys), through: offset)
        let endDay = facts.month.lastDay.dayNumber
        let dormant = latest.compactMap { account, day -> (account: Int, days: Int, idle: Int64)? in
            let days = endDay - day
            return days >= AccountDormancyCard.quietDays ? (account, days, idle[account] ?? 0) : nil
        }.sorted { $0.days != $1.days ? $0.days > $1.days : $0.account < $1.account }
        guard !dormant.isEmpty else { return .quiet }
        let total = dormant.reduce(Int64(0)) { $0.addingReportingOverflow($1.idle).partialValue }
        let name = { (account: Int) in history.accounts[account].name }
        let message =
            dormant.count == 1
            ? "\(name(dormant[0].account)) has been inactive for \(dormant[0].days) days with "
                + "\(facts.money(total)) idle."
            : "\(dormant.count) accounts have been inactive for 30 days or more with \(facts.money(total)) idle: "
                + dormant.map { "\(name($0.account)) (\($0.days) days, \(facts.money($0.idle)))" }
                .joined(separator: ", ") + "."
        let severity: InsightSeverity =
            dormant.contains { $0.days >= AccountDormancyCard.warningDays } ? .warning : .neutral
        return .fired(
            Insight(
                title: "Dormant accounts", message: message, metric: facts.moneyMetric(total), severity: severity,
                detail: dormant.map { InsightPoint(label: name($0.account), value: String($0.days)) }))
    }
}
