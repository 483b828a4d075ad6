import AnalysisFile
import Ledger

/// Seed 003's Financial Health Score: five components, each scored 0...100, weighted and summed.
///
/// - savings rate (0.30): min(rate ÷ 20% × 100, 100), never below 0; no income, no data;
/// - budget adherence (0.25): budgets kept (spent ≤ budget) ÷ budgets × 100; no budgets, no data;
/// - recurring ratio (0.20): (1 − recurring outgoings per month ÷ income) × 100, kept in 0...100;
///   no income, no data;
/// - emergency fund (0.15): min(months covered ÷ `[plan] emergency_months` × 100, 100), with months
///   covered as `EmergencyFund` counts them for the card and the plan (liquid balances less what
///   goals hold, ÷ 3-month average spending; full marks when nothing was spent and the fund is
///   positive); no liquid balance, no data;
/// - cash flow (0.10): 100 when the month's net is positive, else 0; no transactions, no data.
///
/// A component without data has weight 0, and the others share its weight in proportion to their
/// own. The score is the weighted sum of the unrounded component scores, rounded half up to an
/// integer. Grades: 80-100 Excellent, 60-79 Good, 40-59 Fair, 0-39 Needs Attention.
public struct HealthScore: Sendable {
    public init() {}

    static func components(_ facts: InsightFacts) -> [HealthComponent] {
        let income = facts.current.income
        let net = facts.current.net
        var savings = HealthComponent(name: "savingsRate", weight: 0.30, unit: "percent")
        var recurring = HealthComponent(name: "recurringRatio", weight: 0.20, unit: "percent")
        if income > 0 {
            let rate = Double(net) / Double(income)
            savings.measured = (rate * 100, min(max(rate / 0.20 * 100, 0), 100))
            let ratio = Double(facts.recurringExpenses) / Double(income)
            recurring.measured = (ratio * 100, min(max((1 - ratio) * 100, 0), 100))
        } else {
            savings.reason = "no income this month"
            recurring.reason = "no income this month"
        }
        var budget = HealthComponent(name: "budgetAdherence", weight: 0.25, unit: "percent")
        let budgets = facts.budgetsToDate()
        if budgets.isEmpty {
            budget.reason = "no budgets set"
        } else {
            let kept = budgets.filter { $0.spent <= $0.budget }.count
            let share = Double(kept) / Double(budgets.count) * 100
            budget.measured = (share, share)
        }
        var emergency = HealthComponent(name: "emergencyFund", weight: 0.15, unit: "months")
        let fund = facts.emergencyFund
        if fund.liquid != nil {
            let target = Double(max(fund.targetMonths, 1))
            if let months = fund.monthsCovered {
                emergency.measured = (months, min(max(months / target * 100, 0), 100))
            } else {
                emergency.measured = fund.balance > 0 ? (target, 100) : (0, 0)
            }
        } else {
            emergency.reason = "no liquid account balance known"
        }
        var cashFlow = HealthComponent(name: "cashFlow", weight: 0.10, unit: facts.base.code)
        if facts.hasTransactions {
            cashFlow.measured = (HealthScore.units(Int64(clamping: net), facts.base), net > 0 ? 100 : 0)
        } else {
            cashFlow.reason = "no transactions this month"
        }
        return [savings, budget, recurring, emergency, cashFlow]
    }

    static func grade(_ score: Int) -> String {
        switch score {
        case 80...: "Excellent"
        case 60..<80: "Good"
        case 40..<60: "Fair"
        default: "Needs Attention"
        }
    }

    /// The month's score; nil for a month without transactions, or when no component has data.
    public func score(_ facts: InsightFacts) -> HealthScoreSection? {
        guard facts.hasTransactions else { return nil }
        let components = HealthScore.components(facts)
        let present = components.filter { $0.measured != nil }.reduce(0) { $0 + $1.weight }
        guard present > 0 else { return nil }
        var total = 0.0
        var entries: [HealthComponentEntry] = []
        for component in components {
            let weight = component.measured == nil ? 0 : component.weight / present
            if let measured = component.measured { total += measured.score * weight }
            entries.append(
                HealthComponentEntry(
                    name: component.name, value: component.measured.map { HealthScore.round($0.value, 4) },
                    unit: component.unit, score: component.measured.map { HealthScore.round($0.score, 2) },
                    weight: HealthScore.round(weight, 4), reason: component.reason))
        }
        // Half up; the tiny nudge keeps a sum such as 79.5, computed as 79.4999…, rounding up.
        let score = min(max(Int((total + 1e-9).rounded(.toNearestOrAwayFromZero)), 0), 100)
        let missing = components.filter { $0.measured == nil }.map(\.name)
        let note =
            missing.isEmpty
            ? nil
            : "No data for \(missing.joined(separator: ", ")); their weight is shared out over the other components in proportion."
        return HealthScoreSection(score: score, grade: HealthScore.grade(score), components: entries, note: note)
    }

    /// Minor units as a number of whole units: 1234.5 for 123450 pence.
    static func units(_ minorUnits: Int64, _ currency: Currency) -> Double {
        var scale = 1.0
        for _ in 0..<currency.exponent { scale *= 10 }
        return Double(minorUnits) / scale
    }

    static func round(_ value: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
