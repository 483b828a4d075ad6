import Ledger

/// The first step of a run: rules, then `overrides.csv`, applied to each row in place.
///
/// Each distinct combination of a row's texts is folded and matched once (`RowTexts`), each
/// distinct set of matched rules is decided once (`Decisions`); per row it is a few lookups.
struct RulesAndOverrides {
    var matcher: RuleMatcher
    var overrides: OverrideTable
    var normaliser: PayeeNormaliser
    /// As `Categorizer.keepsWorkingMemoryUntilExit`: the texts' table is left to the exit.
    var keepsWorkingMemoryUntilExit: Bool
    /// What the last run made of the texts it met, under these rules (`TextCache`), if anything.
    var cache: TextCache? = nil

    /// How many rows' new payees are normalised together (`DistinctTexts.prepare`: on the other
    /// core while the rows before them are read): enough that handing a batch over costs little,
    /// few enough that the normalised payees waiting take little memory.
    static let rowsAhead = 1 << 12

    /// Applies rules then overrides to every row; returns the overrides' errors.
    ///
    /// `rowTexts` is set to each distinct combination of texts met, in the order met, with what
    /// rules made of it, and `cacheEntries` to where each was found in `cache` (-1 where it was
    /// not): what the next text cache holds (`TextCacheContent`).
    func apply(
        _ rows: inout LedgerRows, texts: inout DistinctTexts, facts: inout RowFacts, decisions: inout Decisions,
        report: inout CategorizeReport, rowTexts: inout [RowTexts], cacheEntries: inout [Int32]
    ) -> [CategorizeError] {
        var entries: [Int32] = []
        if cache != nil { entries.reserveCapacity(rows.count) }
        var errors: [CategorizeError] = []
        var input = MatchInput()
        var scratch = matcher.makeScratch()
        var matched: [Int] = []
        // Decisions by the rules matched: few distinct ones, however many rows. Nearly every
        // distinct text matches no rule or one: those are found by the rule's number (0 for none,
        // else the rule's plus one), not by hashing the list.
        var byOneRule = [Int32](repeating: -1, count: matcher.rules.count + 1)
        func decisionNumber(_ matched: [Int], rows: inout LedgerRows) -> Int32 {
            let one = matched.count <= 1 ? (matched.first ?? -1) + 1 : -1
            if one >= 0, byOneRule[one] >= 0 { return byOneRule[one] }
            if let known = decisions.byMatched[matched] { return known }
            let number = decisions.add(
                matched.isEmpty ? RuleDecision() : RuleDecider(rules: matcher.rules).decide(matched: matched),
                rows: &rows, rules: matcher.rules)
            decisions.byMatched[matched] = number
            if one >= 0 { byOneRule[one] = number }
            return number
        }
        var overridesFound = Set<TransactionID>()
        // The texts of a row and what rules make of them, once per distinct combination of texts:
        // found through the row's payee (a merchant's rows usually share the other fields), else
        // through a table that is dropped when combinations hardly repeat.
        var known: [RowTexts] = []
        // At most one per row: reserved at once rather than grown (each doubling briefly holds two
        // copies, and pages never reached cost no memory).
        known.reserveCapacity(rows.count)
        var byPayee = [Int32](repeating: -1, count: rows.texts.count)
        var byKey: [RowTextsKey: Int32] = [:]
        var pending: [PendingTexts] = []
        var byKeyUse = CacheUse()
        // Read through a reader, which retains nothing (`TextCache.Reader`); `cache` holds it.
        let reader = cache?.reader
        for index in 0..<rows.count {
            if index % Self.rowsAhead == 0 {
                texts.prepare(
                    rows: rows, range: index..<min(index + Self.rowsAhead, rows.count), normaliser: normaliser,
                    matcher: matcher, cache: cache)
            }
            let key = RowTextsKey(
                payee: rows.payee[index], memo: rows.memo[index], bankType: rows.bankType[index],
                bankCategory: rows.bankCategory[index])
            var number = byPayee[Int(key.payee)]
            if number < 0 || known[Int(number)].key != key {
                let cached = byKeyUse.isWorthwhile ? byKey[key] : nil
                if byKeyUse.isWorthwhile { byKeyUse.record(hit: cached != nil) }
                if let cached {
                    number = cached
                } else {
                    let entry = reader.flatMap { texts.cachedEntry(key, rows: rows, row: index, in: $0) }
                    var row = RowTexts(
                        key: key,
                        payee: texts.payee(
                            key.payee, rows.texts[Int(key.payee)], normaliser: normaliser, matcher: matcher,
                            cached: entry, in: reader),
                        memo: texts.memo(key.memo, rows.texts[Int(key.memo)], matcher: matcher),
                        decision: -1)
                    var settled = false
                    if let entry, let reader {
                        // Met in the last run, under the same rules: what they matched then.
                        matched.removeAll(keepingCapacity: true)
                        settled = reader.matched(entry, into: &matched)
                        if settled { row.decision = decisionNumber(matched, rows: &rows) }
                    }
                    if !settled {
                        let payee = texts.payees[Int(row.payee)]
                        texts.rawText(
                            payee, rows.texts[Int(key.payee)], matcher: matcher,
                            into: &input.texts[MatchInput.Slot.rawPayee])
                        input.texts[MatchInput.Slot.cleanPayee] = texts.clean(payee, matcher: matcher)
                        input.texts[MatchInput.Slot.memo] = texts.memos[Int(row.memo)]
                        input.texts[MatchInput.Slot.bankType] = texts.field(
                            key.bankType, rows.texts[Int(max(key.bankType, 0))], matcher: matcher)
                        input.texts[MatchInput.Slot.bankCategory] = texts.field(
                            key.bankCategory, rows.texts[Int(max(key.bankCategory, 0))], matcher: matcher)
                        // Rows whose texts settle every rule (the usual case) skip the matcher altogether.
                        matched.removeAll(keepingCapacity: true)
                        var plan = MatchPlan()
                        if matcher.matchTexts(input, scratch: &scratch, into: &matched, plan: &plan) {
                            row.decision = decisionNumber(matched, rows: &rows)
                        } else if plan.isFixed {
                            // Settled: the plan is not kept, and nearly every text is distinct.
                            matched.removeAll(keepingCapacity: true)
                            matcher.match(input, plan: plan, scratch: &scratch, into: &matched)
                            row.decision = decisionNumber(matched, rows: &rows)
                        } else {
                            pending.append(PendingTexts(plan: plan))
                            row.pending = Int32(pending.count - 1)
                        }
                    }
                    known.append(row)
                    if cache != nil { entries.append(entry.map { Int32($0.offset) } ?? -1) }
                    number = Int32(known.count - 1)
                    if byKeyUse.isWorthwhile { byKey[key] = number }
                }
                byPayee[Int(key.payee)] = number
            }
            facts.payee[index] = known[Int(number)].payee
            facts.memo[index] = known[Int(number)].memo
            var decision = known[Int(number)].decision
            if decision < 0 {
                // Some rule also looks at this row's amount, date or account: what is left of it
                // after the texts is in the plan.
                input.amount = rows.amount(index)
                input.date = rows.date[index]
                input.account = rows.accountID(index)
                matched.removeAll(keepingCapacity: true)
                let waiting = Int(known[Int(number)].pending)
                matcher.match(input, plan: pending[waiting].plan, scratch: &scratch, into: &matched)
                // Rows of one merchant mostly fall on the same side of an amount condition: compare
                // with what this text's last such row matched before hashing the list.
                if pending[waiting].lastDecision >= 0, pending[waiting].lastMatched == matched {
                    decision = pending[waiting].lastDecision
                } else {
                    decision = decisionNumber(matched, rows: &rows)
                    pending[waiting].lastMatched = matched
                    pending[waiting].lastDecision = decision
                }
            }
            decisions.rowCount[Int(decision)] += 1
            if decisions.isTransfer[Int(decision)] {
                facts.ruleMarked[index] = true
                facts.transferRule[index] = decisions.transferRule[Int(decision)]
            }
            var splitFromOverride = false
            if !overrides.overrides.isEmpty {
                let id = rows.id(index)
                if let override = overrides[id] {
                    overridesFound.insert(id)
                    report.overridesApplied += 1
                    var changed = decisions.all[Int(decision)]
                    if let category = override.category {
                        changed.category = category
                        changed.source = .override(file: overrides.path, line: override.line)
                    }
                    if let payee = override.payee { changed.rename = payee }
                    if let note = override.note { changed.note = note }
                    if let plan = override.split {
                        changed.split = plan
                        splitFromOverride = true
                        if override.category == nil { changed.category = plan.parts.first?.category }
                        changed.source = .override(file: overrides.path, line: override.line)
                    }
                    // Its own number, so no other row shares it; its rules were counted above.
                    decision = decisions.add(changed, rows: &rows, rules: matcher.rules)
                }
            }
            rows.decision[index] = decision
            let category = decisions.category[Int(decision)]
            if category >= 0 {
                rows.category[index] = category
                rows.source[index] = decisions.source[Int(decision)]
            }
            if decisions.isTransfer[Int(decision)] { rows.isTransfer[index] = true }
            if decisions.isIgnored[Int(decision)] { rows.isIgnored[index] = true }
            if decisions.hasSplit[Int(decision)], let plan = decisions.all[Int(decision)].split {
                let amount = rows.amount(index)
                switch plan.allocate(amount) {
                case .success(let splits):
                    rows.splits[index] = splits
                case .failure(let mismatch):
                    let id = rows.id(index)
                    if splitFromOverride, let override = overrides[id] {
                        errors.append(
                            CategorizeError(
                                path: overrides.path, line: override.line, column: override.splitColumn,
                                message:
                                    "split of transaction '\(id)' does not fit its amount \(amount.decimalString): \(mismatch.message)",
                                sourceLine: override.sourceLine, length: 1))
                    } else if let rule = decisions.all[Int(decision)].splitRule {
                        report.warnings.append(
                            "\(matcher.rules[rule].id): split not applied to \(id) (\(amount.decimalString) \(amount.currency.code)): \(mismatch.message)"
                        )
                    }
                }
            }
        }
        for id in overrides.overrides.keys.sorted() where !overridesFound.contains(id) {
            report.unknownOverrideIDs.append(id.rawValue)
        }
        var ruleCounts = [Int](repeating: 0, count: matcher.rules.count)
        for (number, decision) in decisions.byMatched.values.map({ ($0, decisions.all[Int($0)]) }) {
            for rule in decision.matched { ruleCounts[rule] += decisions.rowCount[Int(number)] }
        }
        report.rules = matcher.rules.indices.map {
            CategorizeReport.RuleUse(rule: matcher.rules[$0].id.description, matched: ruleCounts[$0])
        }
        if keepsWorkingMemoryUntilExit { KeptUntilExit.keep((byKey, pending)) }
        rowTexts = known
        cacheEntries = entries
        return errors
    }
}
