import AnalysisFile

/// `duplicateSubscriptions` (seed 003): active recurring series that take money out, grouped by the
/// category of their latest payment (`Uncategorized` left out). Two series of one category look like
/// the same thing paid twice when their payee names, lower-cased, are within a Levenshtein distance
/// of 3, or when their monthly amounts differ by less than 10% of the larger. Warning with the number
/// of such pairs; the detail lists each series involved once (payee, monthly amount). Quiet when no
/// pair matches.
struct DuplicateSubscriptionsCard: InsightCard {
    let type = "duplicateSubscriptions"
    let category = InsightCategory.spending

    static let maximumDistance = 3

    /// True when two series look like duplicates (see the type's summary). The amounts are compared
    /// first, and names whose lengths differ by more than 3 cannot be within 3 edits.
    static func isPair(payees: (String, String), monthly: (Int64, Int64)) -> Bool {
        let larger = Int128(max(monthly.0, monthly.1))
        let difference = Int128(monthly.0) - Int128(monthly.1)
        // |a − b| < 10% of the larger, in integers: 10 × |a − b| < larger.
        if difference.magnitude * 10 < larger.magnitude { return true }
        let a = payees.0.lowercased()
        let b = payees.1.lowercased()
        guard abs(a.count - b.count) <= maximumDistance else { return false }
        return Levenshtein.distance(a, b) <= maximumDistance
    }

    /// The pairs of `facts.recurringOutgoings` (by index) that look alike, with their category,
    /// category by category in name order.
    static func pairs(_ facts: InsightFacts) -> [(category: String, a: Int, b: Int)] {
        let history = facts.history
        let outgoings = facts.recurringOutgoings
        var byCategory: [String: [Int]] = [:]
        for (index, outgoing) in outgoings.enumerated() {
            let name = history.categories[Int(history.categoryOf[outgoing.entry.latest])].name
            guard name != LedgerHistory.uncategorized else { continue }
            byCategory[name, default: []].append(index)
        }
        var result: [(category: String, a: Int, b: Int)] = []
        for (category, members) in byCategory.sorted(by: { $0.key < $1.key }) where members.count >= 2 {
            for (position, a) in members.enumerated() {
                for b in members[(position + 1)...] {
                    let payees = (
                        history.groups[outgoings[a].entry.group].payee, history.groups[outgoings[b].entry.group].payee
                    )
                    if isPair(payees: payees, monthly: (outgoings[a].monthly, outgoings[b].monthly)) {
                        result.append((category, a, b))
                    }
                }
            }
        }
        return result
    }

    func evaluate(_ facts: InsightFacts) -> InsightOutcome {
        let outgoings = facts.recurringOutgoings
        guard !outgoings.isEmpty else { return .omitted("no recurring payments detected") }
        let history = facts.history
        let found = DuplicateSubscriptionsCard.pairs(facts)
        let pairs = found.count
        let involved = Set(found.flatMap { [$0.a, $0.b] })
        guard pairs > 0 else { return .quiet }
        let series = involved.map { index in
            (
                payee: history.groups[outgoings[index].entry.group].payee, monthly: outgoings[index].monthly,
                id: history.transactions[outgoings[index].entry.latest].id.rawValue
            )
        }.sorted { $0.payee != $1.payee ? $0.payee < $1.payee : $0.id < $1.id }
        let total = series.reduce(Int64(0)) { $0 + $1.monthly }
        return .fired(
            Insight(
                title: "Possible duplicate subscriptions",
                message:
                    "\(pairs) pair\(pairs == 1 ? "" : "s") of recurring payments in the same category look alike "
                    + "(\(series.map(\.payee).joined(separator: ", "))), \(facts.money(total)) a month between them.",
                metric: InsightMetric(value: String(pairs), unit: "count"), severity: .warning,
                detail: series.map { InsightPoint(label: $0.payee, value: facts.decimal($0.monthly)) },
                transactionIDs: series.map(\.id)))
    }
}
