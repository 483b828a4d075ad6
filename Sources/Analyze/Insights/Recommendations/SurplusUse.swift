/// What the month's surplus (its positive net) could do: fill the emergency fund first, up to its
/// target (`EmergencyFund`: liquid balances less what goals hold, against `[plan] emergency_months`
/// of the 3-month average spending); once it is full, the goals of
/// `closebook.toml`, or savings and investments when there are none. Moving money saves nothing:
/// the amount is `moves`, and the saving is 0.
struct SurplusUse: Recommender {
    func recommend(_ facts: InsightFacts) -> [Recommendation] {
        let net = Int64(clamping: facts.current.net)
        guard net > 0 else { return [] }
        let fund = facts.emergencyFund
        let months = fund.targetMonths
        if fund.liquid != nil, fund.averageSpending ?? 0 > 0, fund.balance < fund.target {
            let move = min(net, fund.need)
            return [
                Recommendation(
                    kind: "useSurplus",
                    message:
                        "Put \(facts.money(move)) of this month's \(facts.money(net)) surplus into the emergency "
                        + "fund: it holds \(facts.money(fund.balance)) of its \(months)-month target of "
                        + "\(facts.money(fund.target)).",
                    saving: 0, moves: move,
                    evidence: [
                        "Average spending of the last 3 months: \(facts.money(fund.averageSpending ?? 0)) a month.",
                        "Liquid balances at the month end: \(facts.money(fund.liquid ?? 0)), "
                            + "\(facts.money(fund.heldForGoals)) of them held for goals.",
                    ])
            ]
        }
        let goals = facts.context.settings.goals
        let destination =
            goals.isEmpty
            ? "savings or investments"
            : "your goals (\(goals.map(\.name).joined(separator: ", ")))"
        let evidence =
            fund.liquid == nil
            ? ["No liquid balance is known, so the emergency fund cannot be checked."]
            : ["The emergency fund already covers \(months) months of spending."]
        return [
            Recommendation(
                kind: "useSurplus",
                message: "Move this month's \(facts.money(net)) surplus to \(destination).", saving: 0, moves: net,
                evidence: evidence)
        ]
    }
}
