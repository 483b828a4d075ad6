import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// A calm month reads calm: on generated households of four shapes, each of the last months of two
/// steady years has at most one item in "What needs attention".
@Suite("A calm month reads calm")
struct CalmMonthTests {
    /// The most "What needs attention" may hold on a steady month.
    static let mostItems = 1
    static let seeds: [UInt64] = [1, 2, 3]
    /// The months looked at: the last six of the two years.
    static let months = 18..<GeneratedHousehold.monthCount

    /// What the page lists under "What needs attention" (`MonthView.attention` in the report):
    /// critical and warning cards, the three riskiest anomalies whose transactions no such card
    /// names (a category spike, which has none, not when the `anomaly` card lists it), and price
    /// rises in the month when no `priceIncrease` card speaks of them.
    static func attention(_ analysis: MonthAnalysis) -> [String] {
        var items: [String] = []
        var named: Set<String> = []
        var types: Set<String> = []
        for card in analysis.insights ?? [] where card.severity == "critical" || card.severity == "warning" {
            items.append("\(card.severity) \(card.type): \(card.message)")
            named.formUnion(card.transactionIds ?? [])
            types.insert(card.type)
        }
        for anomaly in (analysis.anomalies ?? []).prefix(3)
        where anomaly.transactionIds.isEmpty
            ? !types.contains("anomaly") : named.isDisjoint(with: anomaly.transactionIds)
        {
            items.append("anomaly \(anomaly.kind): \(anomaly.reason)")
        }
        guard let start = YearMonth(analysis.month) else { return items }
        for entry in analysis.recurring ?? [] where named.isDisjoint(with: entry.transactionIds) {
            for change in entry.priceChanges where !types.contains("priceIncrease") {
                guard let date = CivilDate(iso: change.date), date.yearMonth == start,
                    let from = Double(change.from), let to = Double(change.to), abs(to) > abs(from)
                else { continue }
                items.append("price rise \(entry.payee): \(change.from) to \(change.to)")
            }
        }
        return items
    }

    static func check(_ shape: GeneratedHousehold.Shape) throws {
        for seed in Self.seeds {
            let household = GeneratedHousehold(shape: shape, seed: seed)
            let analyzer = MonthAnalyzer(history: LedgerHistory(household.journal))
            for offset in Self.months {
                let month = GeneratedHousehold.first.adding(months: offset)
                let items = Self.attention(try analyzer.analysis(for: month))
                #expect(
                    items.count <= Self.mostItems,
                    "\(shape.rawValue), seed \(seed), \(month): \(items.joined(separator: " | "))")
            }
        }
    }

    @Test(arguments: GeneratedHousehold.Shape.allCases)
    func aSteadyMonthHoldsAtMostOneItem(shape: GeneratedHousehold.Shape) throws {
        try Self.check(shape)
    }
}
