import AnalysisFile
import Ledger

/// The month's `CategorizationSection`: money out by the kind of source that categorised it, and
/// the uncategorised money by payee, most first.
///
/// The shares come from the sums the history gathered in its one pass
/// (`MonthFlows.spendingBySource`); the payees from one walk over the month's rows.
enum MonthCategorization {
    /// How many uncategorised payees the page lists: enough for a first evening of rules.
    static let listedPayees = 10

    /// The sources in the order the page lists them, with their labels. Transfers are not spending.
    static let sources: [(kind: CategorySource.Kind, key: String, label: String)] = [
        (.rule, "rule", "your rules"),
        (.override, "override", "overrides.csv"),
        (.profileRule, "profileRule", "bank profile rules"),
        (.exportCategory, "exportCategory", "the export's own categories"),
        (.starterRule, "starterRule", "starter rules"),
        (.learned, "learned", "learned from your rules"),
        (.none, "none", "no category"),
    ]

    static func section(_ context: MonthContext) throws(AnalyzeError) -> CategorizationSection {
        let current = context.current
        let currency = context.base
        let label = "the spending of \(context.month)"
        let spending = current.spendingBySource.reduce(Int128(0)) { $0 + $1.amount }
        var sources: [CategorizationSection.Source] = []
        for source in Self.sources {
            let sum = current.spendingBySource[Int(source.kind.rawValue)]
            guard sum.count > 0 else { continue }
            sources.append(
                CategorizationSection.Source(
                    source: source.key, label: source.label, amount: try MoneyText.format(sum.amount, currency, label),
                    share: MoneyText.ratio(sum.amount, spending) ?? 0, transactionCount: sum.count))
        }
        let none = current.spendingBySource[Int(CategorySource.Kind.none.rawValue)].amount
        let payees = uncategorizedPayees(context)
        var listed: [CategorizationSection.UncategorizedPayee] = []
        for payee in payees.prefix(listedPayees) {
            listed.append(
                CategorizationSection.UncategorizedPayee(
                    payee: payee.payee, amount: try MoneyText.format(payee.sum, currency, label),
                    transactionCount: payee.count))
        }
        return CategorizationSection(
            spending: try MoneyText.format(spending, currency, label),
            categorizedShare: MoneyText.ratio(spending - none, spending), sources: sources, uncategorized: listed,
            moreUncategorized: max(0, payees.count - listedPayees))
    }

    /// The month's uncategorised rows that count in the figures, summed by payee and direction in
    /// the base currency: most money first, then by payee, money out before money in.
    static func uncategorizedPayees(_ context: MonthContext) -> [(payee: String, sum: Int128, count: Int)] {
        let history = context.history
        struct Key: Hashable {
            var payee: String
            var isOut: Bool
        }
        var sums: [Key: (sum: Int128, count: Int)] = [:]
        let range = history.range(of: context.month)
        // At most a key per row; each row's key is hashed once (`add` changes the entry in place).
        sums.reserveCapacity(range.count)
        func add(_ amount: Int64, to entry: inout (sum: Int128, count: Int)) {
            entry.sum += Int128(amount)
            entry.count += 1
        }
        history.transactions.withUnsafeBufferPointer { rows in
            for index in range where history.countsInFigures(index) {
                guard rows[index].category == nil, rows[index].splits.isEmpty,
                    let amount = history.baseAmounts[index]
                else { continue }
                add(amount, to: &sums[Key(payee: rows[index].payee, isOut: amount < 0), default: (0, 0)])
            }
        }
        return sums.sorted { lhs, rhs in
            let (l, r) = (lhs.value.sum.magnitude, rhs.value.sum.magnitude)
            if l != r { return l > r }
            if lhs.key.payee != rhs.key.payee { return lhs.key.payee < rhs.key.payee }
            return lhs.key.isOut && !rhs.key.isOut
        }.map { ($0.key.payee, $0.value.sum, $0.value.count) }
    }
}
