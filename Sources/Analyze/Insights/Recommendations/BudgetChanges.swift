import Ledger

/// Budgets to change. A budget spent over in each of the last 3 months is not being believed:
/// suggest its 6-month median (saving nothing, but a plan that holds). A budget used under 60% in
/// each of the last 3 months holds money back: suggest its 6-month median, and the difference is
/// freed each month. The 6 months are the last six of the data, this one included; a budget whose
/// categories had under 2 transactions in those 3 months gets no advice. Only monthly budgets: a
/// quarterly or yearly one is a pot for its period, and a month over or under it says nothing.
struct BudgetChanges: Recommender {
    func recommend(_ facts: InsightFacts) -> [Recommendation] {
        let last3 = facts.window(3)
        guard last3.count == 3 else { return [] }
        let last6 = facts.window(6)
        let history = facts.history
        var perMonth: [[(category: String, budget: Int64, spent: Int64)]] = []
        var counts: [String: Int] = [:]
        for month in last6 {
            let flows = facts.context.flows(of: month) ?? MonthFlows()
            perMonth.append(facts.budgets(flows))
            guard last3.contains(month) else { continue }
            for (budget, _) in facts.context.settings.budgets {
                let key = budget.description
                for (index, entry) in flows.byCategory where !history.categories[index].isIncome {
                    let name = history.categories[index].name
                    if name == key || name.hasPrefix(key + ":") { counts[key, default: 0] += entry.count }
                }
            }
        }
        var result: [Recommendation] = []
        let periods = facts.context.settings.budgetPeriods
        for (position, row) in (perMonth.last ?? []).enumerated() {
            guard row.budget > 0, counts[row.category, default: 0] >= 2 else { continue }
            guard CategoryPath(row.category).flatMap({ periods[$0] }) == nil else { continue }
            let spends = perMonth.map { $0[position].spent }
            let recent = Array(spends.suffix(3))
            guard let median = MedianSpending.median(spends) else { continue }
            let evidence = zip(last3, recent).map { month, spent in
                "\(month.displayName): \(facts.money(spent)) spent against \(facts.money(row.budget))."
            }
            let medianText = "its median over the last \(spends.count) months, \(facts.money(median))"
            if recent.allSatisfy({ $0 > row.budget }), median > row.budget {
                result.append(
                    Recommendation(
                        kind: "raiseBudget",
                        message:
                            "\(row.category) went over its \(facts.money(row.budget)) budget in each of the last 3 "
                            + "months: set it to \(medianText), or plan the cuts that would keep it.",
                        saving: 0, evidence: evidence))
            } else if recent.allSatisfy({ $0 * 10 < row.budget * 6 }), median < row.budget {
                result.append(
                    Recommendation(
                        kind: "lowerBudget",
                        message:
                            "\(row.category) used under 60% of its \(facts.money(row.budget)) budget in each of the "
                            + "last 3 months: lower it to \(medianText), and \(facts.money(row.budget - median)) a "
                            + "month is free for savings or goals.",
                        saving: row.budget - median, evidence: evidence))
            }
        }
        return result
    }
}
