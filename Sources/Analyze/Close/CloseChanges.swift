/// What changed between two versions of a closed month, and why: written into the later version,
/// so the page can say it on every run without the earlier version's transactions.
public struct CloseChanges: Codable, Sendable, Equatable {
    /// One transaction whose amount or category changed.
    public struct Changed: Codable, Sendable, Equatable {
        public var id: String
        public var payee: String
        public var date: String
        public var before: String
        public var after: String
        /// What made it so now: `rule rules/20-food.rules:12`, `override overrides.csv:7`, `inbox/x.csv:14`.
        public var cause: String?

        public init(id: String, payee: String, date: String, before: String, after: String, cause: String? = nil) {
            self.cause = cause
            self.id = id
            self.payee = payee
            self.date = date
            self.before = before
            self.after = after
        }
    }

    /// The version it is compared with.
    public var since: Int
    public var added: [ClosedTransaction]
    public var removed: [ClosedTransaction]
    /// `before` and `after` are categories.
    public var recategorised: [Changed]
    /// `before` and `after` are amounts with their currency, `-12.50 GBP`.
    public var amountChanged: [Changed]
    /// The inputs that differ: `inbox/late.csv is new`, `rules/20-food.rules changed`.
    public var causes: [String]

    public init(
        since: Int, added: [ClosedTransaction], removed: [ClosedTransaction], recategorised: [Changed],
        amountChanged: [Changed], causes: [String]
    ) {
        self.since = since
        self.added = added
        self.removed = removed
        self.recategorised = recategorised
        self.amountChanged = amountChanged
        self.causes = causes
    }

    /// The differences between `old` and `new` transactions (each sorted by id), and the causes.
    init(since: Int, old: [ClosedTransaction], new: [ClosedTransaction], causes: [String]) {
        var oldByID: [String: ClosedTransaction] = [:]
        for transaction in old { oldByID[transaction.id] = transaction }
        var newIDs: Set<String> = []
        var added: [ClosedTransaction] = []
        var recategorised: [Changed] = []
        var amountChanged: [Changed] = []
        for transaction in new {
            newIDs.insert(transaction.id)
            guard let before = oldByID[transaction.id] else {
                added.append(transaction)
                continue
            }
            if before.amount != transaction.amount || before.currency != transaction.currency {
                amountChanged.append(
                    Changed(
                        id: transaction.id, payee: transaction.payee, date: transaction.date,
                        before: "\(before.amount) \(before.currency)",
                        after: "\(transaction.amount) \(transaction.currency)"))
            }
            if before.category != transaction.category {
                recategorised.append(
                    Changed(
                        id: transaction.id, payee: transaction.payee, date: transaction.date, before: before.category,
                        after: transaction.category))
            }
        }
        self.init(
            since: since, added: added, removed: old.filter { !newIDs.contains($0.id) }, recategorised: recategorised,
            amountChanged: amountChanged, causes: causes)
    }

    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && recategorised.isEmpty && amountChanged.isEmpty
    }

    /// `2 transactions added, 1 re-categorised`; nil when no transaction changed (a rate did).
    public var summary: String? {
        var parts: [String] = []
        func count(_ n: Int, _ what: String) {
            if n > 0 { parts.append("\(n) transaction\(n == 1 ? "" : "s") \(what)") }
        }
        count(added.count, "added")
        count(removed.count, "removed")
        count(recategorised.count, "re-categorised")
        count(amountChanged.count, "with a new amount")
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The changes with each one's cause: `explain` gives, for transaction ids, the category's
    /// source (`rule rules/20-food.rules:12`, `override overrides.csv:7`) and the row's place (`inbox/x.csv:14`).
    func explained(by explain: ([String]) -> [String: (category: String, row: String)]) -> CloseChanges {
        let ids = added.map(\.id) + recategorised.map(\.id) + amountChanged.map(\.id)
        guard !ids.isEmpty else { return self }
        let known = explain(ids)
        var result = self
        result.added = added.map { transaction in
            var named = transaction
            named.source = known[transaction.id]?.row
            return named
        }
        result.recategorised = recategorised.map { change in
            var named = change
            named.cause = known[change.id]?.category
            return named
        }
        result.amountChanged = amountChanged.map { change in
            var named = change
            named.cause = known[change.id]?.row
            return named
        }
        return result
    }
}
