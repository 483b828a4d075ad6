import AnalysisFile
import Ledger

/// `spendingSpike` (seed 003): per expense category, the daily money out over the 90 days before the
/// month's first day (days without spending count as 0; a day whose refunds outweigh its spending
/// counts as 0) gives a mean μ and a population standard deviation σ. The month's daily rate is its
/// money out in the category ÷ the days of the month. A category spikes when that rate is over
/// μ + 2σ (exactly at it is no spike) and it spent something this month. The card names the category
/// furthest above its μ + 2σ and lists every spiking one. Warning; quiet when none spikes.
///
/// Materiality (beyond the seed): a category with no spending in the 90 days has no usual level to
/// spike from (a first sofa, a one-off cash withdrawal: the anomalies judge those), and a spike must
/// put at least `materialShareOfMonth` (2%) of the month's expenses above μ + 2σ, counted over the
/// month ((rate − (μ + 2σ)) × days): fuel 38.79 over a usual band in a month of 3,000.00 is noise.
///
/// Known things are not news: the payments a recurring series active at the month's end was
/// expecting (`ExpectedPayments`: a yearly insurance, a quarterly bill, within their usual amounts)
/// are left out of the month's spending (the 90 days before keep theirs). A premium that rose beyond
/// its usual range stays in.
///
/// Closed-month adaptation: the seed's "last 90 days" would include the month itself and damp its
/// own spike, so the window is the 90 days before it. Only the transactions of the months those days
/// fall in are read (`LedgerHistory.dailyMoneyOut(days:before:)`), never the whole ledger.
struct SpendingSpikeCard: InsightCard {
    let type = "spendingSpike"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.spending

    static let windowDays = 90
    /// Months of data needed before the month.
    static let monthsBefore = 3
    /// The money above the band, as a share of the month's expenses, from which a spike is news.
    static let materialShareOfMonth = 0.02

    /// One category over its usual level.
    struct Spike: Equatable {
        var category: Int
        /// This month's money out in the category.
        var spent: Int64
        var rate: Double
        var mean: Double
        var threshold: Double
        var excess: Double { rate - threshold }
    }

    /// The month's spiking categories, furthest above their threshold first (ties by name).
    static func spikes(_ facts: InsightFacts) -> [Spike] {
        var spent = facts.spending(facts.current)
        let expected = ExpectedPayments.spending(facts.inputs.recurring, history: facts.history, month: facts.month)
        for (c, amount) in expected { spent[c] = (spent[c] ?? 0) - amount }
        spent = spent.filter { $0.value > 0 }
        guard !spent.isEmpty else { return [] }
        let daily = facts.history.dailyMoneyOut(days: windowDays, before: facts.month)
        let days = Double(windowDays)
        let monthDays = Double(facts.month.dayCount)
        var spikes: [Spike] = []
        for (c, amount) in spent {
            let series = daily[(c * windowDays)..<((c + 1) * windowDays)].map { Double(max($0, 0)) }
            let mean = series.reduce(0, +) / days
            let variance = series.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / days
            let threshold = mean + 2 * variance.squareRoot()
            let rate = Double(amount) / monthDays
            if mean > 0, rate > threshold {
                spikes.append(Spike(category: c, spent: amount, rate: rate, mean: mean, threshold: threshold))
            }
        }
        let names = facts.history.categories
        return spikes.sorted {
            $0.excess != $1.excess ? $0.excess > $1.excess : names[$0.category].name < names[$1.category].name
        }
    }

    /// The spikes that put a material amount above their band (see the type's comment).
    static func materialSpikes(_ facts: InsightFacts) -> [Spike] {
        let material = Double(facts.current.expenses) * materialShareOfMonth
        let days = Double(facts.month.dayCount)
        return spikes(facts).filter { $0.excess * days >= material }
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        guard facts.hasTransactions else { return .omitted("no transactions this month") }
        guard facts.monthsOfHistory > SpendingSpikeCard.monthsBefore else {
            return .omitted("needs 3 months of history")
        }
        let spikes = SpendingSpikeCard.materialSpikes(facts)
        guard let top = spikes.first else { return .quiet }
        let names = facts.history.categories
        let days = facts.month.dayCount
        func money(_ value: Double) -> Int64 { Int64(value.rounded(.toNearestOrEven)) }
        let rate = InsightFacts.scaled(Int128(top.spent), by: 1, over: days)
        let others = spikes.count - 1
        let more = others == 0 ? "" : "; \(others) other categor\(others == 1 ? "y" : "ies") also spiked"
        return .fired(
            Insight(
                title: "Spending spike",
                message:
                    "\(names[top.category].name) ran at \(facts.money(rate)) a day this month, above its usual "
                    + "\(facts.money(money(top.mean))) a day plus two standard deviations "
                    + "(\(facts.money(money(top.threshold)))) over the 90 days before\(more).",
                metric: facts.moneyMetric(rate), severity: .warning,
                detail: spikes.map {
                    InsightPoint(
                        label: names[$0.category].name,
                        value: facts.decimal(InsightFacts.scaled(Int128($0.spent), by: 1, over: days)))
                }))
    }
}
