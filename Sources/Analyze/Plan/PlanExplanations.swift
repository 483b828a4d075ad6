import Ledger

/// The explanation paragraph of each allocation bucket, citing the numbers it came from.
struct PlanExplanations {
    var allocation: AllocationPolicy.Allocation
    var income: Int64
    var averageEssential: Int64
    var averageDiscretionary: Int64
    var averageSpending: Int64
    var debt: Int64
    var emergencyMonths: Int
    var monthsText: String
    var unmappedCount: Int
    var totalRequired: Int64
    var goalsBudget: Int64
    var goalsBudgetConfigured: Bool
    var hasGoals: Bool
    var base: Currency

    /// Money in a sentence, written as the rest of the page writes it (`£1,234.56`, `MoneyPhrase`).
    func text(_ value: Int64) -> String { MoneyPhrase(currency: base).format(value) }

    func text(_ type: AllocationBucketType) -> String {
        let a = allocation
        switch type {
        case .essentialSpending:
            var parts = ["Essential categories averaged \(text(averageEssential)) a month over \(monthsText)."]
            if averageEssential > income {
                parts.append(
                    "Income of \(text(income)) does not cover them: it falls \(text(averageEssential - income)) short of essentials alone, so every other bucket gets 0."
                )
            }
            if a.debtRepayment > 0 {
                parts.append(
                    "It also carries \(text(a.debtRepayment)) of extra repayment towards \(text(debt)) of card and loan debt carried from month to month, which comes before investing."
                )
            }
            return parts.joined(separator: " ")
        case .emergencyFund:
            var parts = [
                "Target: \(emergencyMonths) months × \(text(averageSpending)) average spending = \(text(a.emergencyTarget)); the fund (liquid balances not held for goals) holds \(text(a.emergencyCurrent))."
            ]
            let need = max(a.emergencyTarget - a.emergencyCurrent, 0)
            if need == 0 {
                parts.append("The fund is full, so it gets nothing and the surplus goes on to debt and investments.")
            } else if let months = a.monthsToTarget {
                let capped =
                    a.emergencyFund == need && need < a.surplus / 2 ? ", capped at the \(text(need)) still needed" : ""
                parts.append(
                    "It gets half of the \(text(a.surplus)) surplus\(capped): \(text(a.emergencyFund)) a month closes the \(text(need)) gap in \(months) month\(months == 1 ? "" : "s")."
                )
            } else {
                switch a.noTarget {
                case .deficit:
                    parts.append(
                        "Spending is above income by \(text(a.shortfall)), so it gets nothing and has no months to target."
                    )
                case .surplusTooSmall:
                    parts.append(
                        "The surplus of \(text(a.surplus)) is too small to halve, so it gets nothing and has no months to target."
                    )
                default:
                    parts.append(
                        "Income and spending are equal, so nothing is left for it and it has no months to target.")
                }
            }
            return parts.joined(separator: " ")
        case .discretionarySpending:
            var parts = ["Other categories averaged \(text(averageDiscretionary)) a month over \(monthsText)."]
            if unmappedCount > 0 {
                parts.append(
                    "That includes \(unmappedCount) unmapped categor\(unmappedCount == 1 ? "y" : "ies"), counted here until [plan.buckets] maps them."
                )
            }
            if a.discretionary < averageDiscretionary {
                parts.append("Income leaves only \(text(a.discretionary)) for them.")
            }
            return parts.joined(separator: " ")
        case .investments:
            if a.shortfall > 0 {
                return
                    "Spending averages \(text(averageSpending)) a month against income of \(text(income)): income falls short by \(text(a.shortfall)), so nothing is invested."
            }
            var parts = [
                "What the \(text(a.surplus)) surplus leaves after the emergency fund\(a.debtRepayment > 0 ? " and debt repayment" : ""): \(text(a.investments))."
            ]
            if a.debtRepayment > 0 && a.investments == 0 {
                parts.append("Nothing is invested while \(text(debt)) of card and loan debt is carried.")
            }
            if hasGoals {
                parts.append(
                    goalsBudgetConfigured
                        ? "Goals need \(text(totalRequired)) this month; [plan] goals_budget gives them \(text(goalsBudget))."
                        : "Goals are paid from it first: they need \(text(totalRequired)) this month.")
            }
            return parts.joined(separator: " ")
        }
    }
}
