import AnalysisFile
import Ledger

/// The emergency fund tracked as a goal over time (seed 004): the one `EmergencyFund` figure and
/// target worked out at each of the last 12 month ends, and its months to target at the pace it
/// actually moved (`FundPace`), where the plan's bucket says how long it takes if the allotment is saved.
extension Planner {
    /// The month ends shown.
    static let fundTrackMonths = 12

    func fundTrack(_ inputs: InsightInputs, fund: EmergencyFund) -> EmergencyFundTrack {
        let context = inputs.context
        let base = context.base
        func text(_ value: Int64) -> String { MoneyText.format(value, base) }
        // The fund at each month end it is worked out for: the same rule as this month's, each month
        // with its own balances, goals' holdings and 3-month average spending.
        let months = (0..<Planner.fundTrackMonths).reversed().map { context.month.adding(months: -$0) }.filter(
            context.hasData)
        let funds = months.map { month -> EmergencyFund in
            guard month != context.month else { return fund }
            return EmergencyFund(
                InsightInputs(
                    context: MonthContext(history: context.history, month: month, settings: settings),
                    netWorth: inputs.netWorth, recurring: [], anomalies: [], forecast: inputs.forecast,
                    emergencyMonths: inputs.emergencyMonths),
                holdings: holdings)
        }
        let pace = FundPace(balances: funds.map(\.balance), target: fund.target)
        return EmergencyFundTrack(
            balance: text(fund.balance), target: text(fund.target),
            progress: fund.target > 0 ? (Double(fund.balance) / Double(fund.target) * 10_000).rounded() / 10_000 : nil,
            months: zip(months, funds).map {
                EmergencyFundPoint(month: $0.description, balance: text($1.balance), target: text($1.target))
            },
            pace: pace.pace.map(text), paceMonths: pace.paceMonths, monthsToTarget: pace.monthsToTarget,
            targetMonth: pace.monthsToTarget.map { context.month.adding(months: $0).description })
    }
}
