import AnalysisFile

/// `duplicateSubscriptions`: active recurring series that take money out, grouped by the category
/// of their latest payment (`Uncategorized` left out), and within a category the pairs that are the
/// same thing paid twice: the same merchant, or the same price twice. Warning with the number of
/// such pairs; the detail lists each series involved once (payee, monthly amount). Quiet when no
/// pair matches.
///
/// Seed 003 pairs series whose names are within 3 edits, or whose amounts are within 10% in one
/// category. Read as a person reads a month, that is two different services chosen on purpose:
/// Netflix at 12.99 and Spotify at 11.99 were "duplicates" in 24 of the Samples' 26 months, and
/// two-letter names (`EE`, `O2`) are always within 3 edits. So here:
/// - the same merchant: names equal once lower-cased with only letters and digits kept, or one
///   inside the other (the shorter of at least `minimumContained` characters: `netflix` in
///   `netflixcom`), or within `maximumDistance` edits when both have at least `minimumForEdits`
///   characters (a typo, not two words);
/// - the same price: monthly amounts within 1% of the larger (`samePricePercent`).
struct DuplicateSubscriptionsCard: InsightCard {
    let type = "duplicateSubscriptions"
    let detailUnit: InsightDetailUnit? = .money
    let category = InsightCategory.spending

    static let maximumDistance = 2
    static let minimumForEdits = 6
    static let minimumContained = 4
    static let samePricePercent: Int128 = 1

    /// True when two series look like duplicates (see the type's summary).
    static func isPair(payees: (String, String), monthly: (Int64, Int64)) -> Bool {
        isPair(normalised: (normalised(payees.0), normalised(payees.1)), monthly: monthly)
    }

    /// `isPair(payees:monthly:)` with the names already `normalised`: `pairs` normalises each
    /// series' name once, not once for every other series of its category.
    static func isPair(normalised names: (String, String), monthly: (Int64, Int64)) -> Bool {
        let larger = Int128(max(monthly.0, monthly.1))
        let difference = Int128(monthly.0) - Int128(monthly.1)
        // |a − b| ≤ 1% of the larger, in integers: 100 × |a − b| ≤ larger.
        if difference.magnitude * 100 <= larger.magnitude * UInt128(samePricePercent) { return true }
        let (a, b) = names
        if a == b { return true }
        let (shorter, longer) = a.count <= b.count ? (a, b) : (b, a)
        if shorter.count >= minimumContained, longer.contains(shorter) { return true }
        guard shorter.count >= minimumForEdits, longer.count - shorter.count <= maximumDistance else { return false }
        return Levenshtein.distance(a, b) <= maximumDistance
    }

    /// Lower-cased, letters and digits only: `Netflix.com` is `netflixcom`.
    static func normalised(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The pairs of `facts.recurringOutgoings` (by index) that look alike, with their category,
    /// category by category in name order; pairs the person marked as intended (`[insights]
    /// intended_pairs`, names compared as `normalised`) are left out.
    static func pairs(_ facts: InsightFacts) -> [(category: String, a: Int, b: Int)] {
        let intended = Set(
            facts.context.settings.intendedPairs.filter { $0.count == 2 }.map {
                Set([normalised($0[0]), normalised($0[1])])
            })
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
            let names = members.map { normalised(history.groups[outgoings[$0].entry.group].payee) }
            for (position, a) in members.enumerated() {
                for (offset, b) in members[(position + 1)...].enumerated() {
                    let pair = (names[position], names[position + 1 + offset])
                    if isPair(normalised: pair, monthly: (outgoings[a].monthly, outgoings[b].monthly)),
                        !intended.contains(Set([pair.0, pair.1]))
                    {
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
                id: history.transactionID(at: outgoings[index].entry.latest)
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
