import Ledger

/// The text `--explain` prints: the transaction, each rule tried and why it did or did not match,
/// the override, transfer pairing and learned guess, and the final result.
struct ExplainReport {
    let categorizer: Categorizer
    let journal: Journal
    let outcome: CategorizeOutcome

    func explain(_ subject: String) -> String {
        let id = TransactionID(subject)
        if let original = journal.transactions.first(where: { $0.id == id }) {
            let final = outcome.ledger.transactions.first { $0.id == id } ?? original
            return explain(original, final: final, freeText: false)
        }
        let probe = Transaction(
            id: TransactionID("(text)"), account: AccountID(""), date: CivilDate(year: 2000, month: 1, day: 1)!,
            amount: Money.zero(journal.baseCurrency), payee: subject, source: SourceLocation(file: "", line: 0))
        return explain(probe, final: nil, freeText: true)
    }

    func explain(_ transaction: Transaction, final: Transaction?, freeText: Bool) -> String {
        let clean = categorizer.normaliser.normalise(transaction.payee)
        var input = MatchInput()
        input.load(transaction, cleanKey: clean.key)
        var text = ""
        if freeText {
            text += "payee text \"\(transaction.payee)\" (not a transaction id in the journal)\n"
            text += "  amount, account and date are not known: conditions on them are shown as not met\n"
        } else {
            text += "transaction \(transaction.id)\n"
            text += "  date     \(transaction.date.isoString)\n"
            text += "  account  \(transaction.account)\n"
            text += "  amount   \(transaction.amount.decimalString) \(transaction.amount.currency.code)\n"
        }
        text += "  payee    \(transaction.payee)\n"
        text += "  cleaned  \(clean.display) (matched as \"\(clean.key)\")\n"
        if !transaction.memo.isEmpty { text += "  memo     \(transaction.memo)\n" }
        if let value = transaction.bankType { text += "  bankType \(value)\n" }
        if let value = transaction.bankCategory { text += "  bankCategory \(value)\n" }
        let rules = categorizer.matcher.rules
        text += "rules, in order (the first match wins):\n"
        if rules.isEmpty { text += "  (no rules)\n" }
        let explainer = RuleExplainer(input: input)
        var matchedRules: [Int] = []
        var stoppedAt: Int?
        var starterTried = 0
        var starterMatched = false
        for (index, rule) in rules.enumerated() {
            let (holds, reason) = explainer.explain(rule.condition)
            // The starter pack holds hundreds of rules: only the one that matches is worth a line.
            if rule.origin == .starter {
                starterTried += 1
                if !holds { continue }
                starterMatched = true
            }
            let origin =
                switch rule.origin {
                case .user: ""
                case .profile: " [profile]"
                case .starter: " [starter]"
                }
            text += "  \(rule.id)\(origin)  \(holds ? "MATCH" : "no")  \(reason)\n"
            if holds {
                matchedRules.append(index)
                text += "      actions: \(rule.actions.map(\.description).joined(separator: "; "))\n"
                if !rule.continues {
                    stoppedAt = index
                    break
                }
                text += "      (continue: later rules still apply)\n"
            }
        }
        if starterTried > 0, !starterMatched {
            text += "  (\(starterTried) starter rule\(starterTried == 1 ? "" : "s") tried: none matched)\n"
        }
        if let stoppedAt, stoppedAt + 1 < rules.count {
            text +=
                "  (\(rules.count - stoppedAt - 1) later rule\(rules.count - stoppedAt - 1 == 1 ? "" : "s") not tried)\n"
        }
        if matchedRules.isEmpty { text += "  no rule matched\n" }
        if !freeText {
            if let override = categorizer.overrides[transaction.id] {
                text += "override: \(categorizer.overrides.path):\(override.line) \(override.sourceLine)\n"
            } else {
                text += "override: none\n"
            }
        }
        if let final {
            if let peer = final.transferPeer {
                text += "transfer: paired with \(peer)\n"
            } else if final.isTransfer {
                text += "transfer: marked transfer, but no partner found in another account\n"
            }
            text += "result:\n"
            text += "  category \(final.category?.description ?? "(none)")  [\(final.categorySource)]\n"
            text += "  payee    \(final.payee)\n"
            if !final.tags.isEmpty { text += "  tags     \(final.tags.joined(separator: " "))\n" }
            if let note = final.note { text += "  note     \(note)\n" }
            if !final.splits.isEmpty {
                text += "  split    "
                text += final.splits.map { "\($0.category) \($0.amount.decimalString)" }.joined(separator: ", ") + "\n"
            }
            if final.isIgnored { text += "  ignored  (left out of the figures)\n" }
            if case .learned = final.categorySource {
                text +=
                    "  (learned from what rules and overrides decided up to the end of \(final.date.yearMonth), never later)\n"
            } else if final.category == nil, !final.isTransfer,
                let entry = outcome.uncategorized.first(where: { $0.transaction.id == final.id }),
                let prediction = entry.prediction
            {
                text +=
                    "  learned guess \(prediction.category) at \(CategorizeFormat.twoDecimals(prediction.confidence)), below the threshold \(CategorizeFormat.twoDecimals(categorizer.settings.learnedThreshold))\n"
            }
        } else {
            let decision = RuleDecider(rules: categorizer.matcher.rules).decide(matched: matchedRules)
            text += "result:\n"
            text += "  category \(decision.category?.description ?? "(none)")  [\(decision.source)]\n"
            text += "  payee    \(decision.rename ?? clean.display)\n"
        }
        return text
    }
}
