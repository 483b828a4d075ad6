import AnalysisFile

extension MonthReport {
    /// This report as it may be shared: every transaction-level detail left out, every aggregate,
    /// card and chart kept.
    ///
    /// - The largest expenses (single transactions) are dropped, and so are the uncategorised
    ///   payees (their number stays).
    /// - Accounts keep their figures under a neutral name by kind (`Credit card`, `Current account 2`)
    ///   and an id such as `account-1`; masked numbers go.
    /// - Recurring series are named `Recurring payment 1`, `Recurring income 1`, … in the table's order.
    /// - Every sentence the analysis wrote (cards, anomalies, recommendations, notices, plan notes)
    ///   keeps its numbers, with those names, and any other payee the report carries, replaced
    ///   (`a payee`), so a card about a price rise still says what rose by how much.
    /// - Transaction ids become `redacted-1`, `redacted-2`, …: they no longer name a transaction,
    ///   but a card and the anomaly it is about still share one, so the page does not repeat it.
    /// - Inbox files (`inboxFiles`, paths such as `inbox/Statement_4929…_Smithers.csv`) are
    ///   `an inbox file` in every sentence.
    public func redacted(inboxFiles: [String] = []) -> MonthReport {
        var report = self
        report.isRedacted = true
        // An account's page tells its transactions and names it: a shared site has none.
        report.accountStories = []
        var mask = NameMask()
        for file in inboxFiles {
            mask.add(file, as: "an inbox file")
            mask.add(String(file.split(separator: "/").last ?? ""), as: "an inbox file")
        }

        // Accounts, the report's own first, then those only net worth lists.
        var kinds: [(id: String, name: String, kind: String)] = accounts.map { ($0.id, $0.name, $0.kind) }
        for account in sections.netWorth?.accounts ?? [] where !kinds.contains(where: { $0.id == account.id }) {
            kinds.append((account.id, account.name, account.kind))
        }
        var perKind: [String: Int] = [:]
        for entry in kinds { perKind[entry.kind, default: 0] += 1 }
        var seenOfKind: [String: Int] = [:]
        var accountIDs: [String: String] = [:]
        var accountNames: [String: String] = [:]
        for (index, entry) in kinds.enumerated() {
            seenOfKind[entry.kind, default: 0] += 1
            var label = Self.neutralAccountName(entry.kind)
            if perKind[entry.kind, default: 0] > 1 { label += " \(seenOfKind[entry.kind, default: 1])" }
            accountIDs[entry.id] = "account-\(index + 1)"
            accountNames[entry.id] = NameMask.capitalized(label)
            mask.add(entry.name, as: label)
        }
        for account in accounts {
            if let number = account.maskedNumber { mask.add(number, as: "an account number") }
        }

        // Payees: recurring series by number, the others as `a payee`.
        var payments = 0
        var incomes = 0
        var seriesNames: [String] = []
        for entry in sections.recurring ?? [] {
            let label: String
            if entry.amount.hasPrefix("-") {
                payments += 1
                label = "recurring payment \(payments)"
            } else {
                incomes += 1
                label = "recurring income \(incomes)"
            }
            seriesNames.append(NameMask.capitalized(label))
            mask.add(entry.payee, as: label)
        }
        let uncategorizedPayees = categorization?.uncategorized.map(\.payee) ?? []
        for payee in largestExpenses.map(\.payee) + (sections.anomalies ?? []).map(\.payee) + uncategorizedPayees {
            mask.add(payee, as: "a payee")
        }

        var tokens = TransactionTokens()
        let text = mask.apply
        report.largestExpenses = []
        report.categorization?.moreUncategorized += uncategorizedPayees.count
        report.categorization?.uncategorized = []
        report.accounts = accounts.map { account in
            var line = account
            line.id = accountIDs[account.id] ?? account.id
            line.name = accountNames[account.id] ?? text(account.name)
            line.maskedNumber = nil
            return line
        }
        report.notices = notices.map(text)

        var engine = sections
        // What changed in a restated month names transactions: the redacted copy says that it changed.
        if sections.close?.changes != nil { engine.close?.changes = "transactions changed" }
        engine.netWorth?.accounts = (sections.netWorth?.accounts ?? []).map { account in
            var entry = account
            entry.id = accountIDs[account.id] ?? account.id
            entry.name = accountNames[account.id] ?? text(account.name)
            return entry
        }
        engine.recurring = sections.recurring.map { entries in
            entries.enumerated().map { index, entry in
                var redacted = entry
                redacted.payee = seriesNames[index]
                redacted.account = accountIDs[entry.account] ?? "account"
                redacted.transactionIds = entry.transactionIds.map { tokens.token(for: $0) }
                return redacted
            }
        }
        engine.anomalies = sections.anomalies?.map { anomaly in
            var entry = anomaly
            entry.payee = ""
            entry.reason = text(anomaly.reason)
            entry.transactionIds = anomaly.transactionIds.map { tokens.token(for: $0) }
            return entry
        }
        engine.insights = sections.insights?.map { card in
            var entry = card
            entry.title = text(card.title)
            entry.message = text(card.message)
            entry.detail = card.detail?.map { InsightPoint(label: text($0.label), value: text($0.value)) }
            entry.transactionIds = card.transactionIds?.map { tokens.token(for: $0) }
            // A reference is payee, date and amount: a redacted report names no transaction.
            entry.transactions = nil
            return entry
        }
        engine.insightsOmitted = sections.insightsOmitted?.map { omitted in
            var entry = omitted
            entry.reason = text(omitted.reason)
            return entry
        }
        engine.recommendations = sections.recommendations?.map { advice in
            var entry = advice
            entry.message = text(advice.message)
            entry.evidence = advice.evidence.map(text)
            entry.transactionIds = advice.transactionIds?.map { tokens.token(for: $0) }
            entry.transactions = nil
            return entry
        }
        engine.healthScore?.note = sections.healthScore?.note.map(text)
        engine.healthScore?.components = (sections.healthScore?.components ?? []).map { component in
            var entry = component
            entry.reason = component.reason.map(text)
            return entry
        }
        engine.forecast?.note = sections.forecast?.note.map(text)
        engine.cashFlow?.accounts = sections.cashFlow?.accounts?.map { projection in
            var entry = projection
            entry.account = accountIDs[projection.account] ?? "account"
            entry.name = accountNames[projection.account] ?? text(projection.name)
            entry.payments = projection.payments.map { payment in
                var redacted = payment
                redacted.payee = text(payment.payee)
                return redacted
            }
            entry.warning = projection.warning.map(text)
            return entry
        }
        if var plan = sections.plan {
            plan.basedOn.summary = text(plan.basedOn.summary)
            plan.buckets = plan.buckets.map { bucket in
                var entry = bucket
                entry.explanation = text(bucket.explanation)
                return entry
            }
            plan.goals = plan.goals.map { goal in
                var entry = goal
                entry.notes = goal.notes?.map(text)
                return entry
            }
            plan.budgetSuggestions = plan.budgetSuggestions.map { suggestion in
                var entry = suggestion
                entry.note = suggestion.note.map(text)
                return entry
            }
            engine.plan = plan
        }
        report.sections = engine
        return report
    }

    /// `current account`, `credit card`, …: what an account is, without saying whose or where.
    static func neutralAccountName(_ kind: String) -> String {
        switch kind {
        case "checking": "current account"
        case "savings": "savings account"
        case "credit_card": "credit card"
        case "cash": "cash"
        case "investment": "investment account"
        case "loan": "loan"
        default: "account"
        }
    }
}

/// Stands in for transaction ids: the same id always gets the same token, in order of first use.
private struct TransactionTokens {
    private var tokens: [String: String] = [:]

    mutating func token(for id: String) -> String {
        if let token = tokens[id] { return token }
        let token = "redacted-\(tokens.count + 1)"
        tokens[id] = token
        return token
    }
}
