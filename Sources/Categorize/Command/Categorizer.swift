import Ledger

/// The categorisation stage as a function: journal in, ledger out.
///
/// Order of precedence for each transaction: `overrides.csv`, then user rules (file-name order,
/// first match wins), then bank profile rules, then the starter pack, then the learned classifier. Transfer pairing runs
/// after rules and overrides and before learning, so a paired leg is never guessed at.
public struct Categorizer {
    public var matcher: RuleMatcher
    public var overrides: OverrideTable
    public var settings: CategorizeSettings
    public var normaliser = PayeeNormaliser()
    /// The workspace's `rates.csv`: with it, transfers between accounts in two currencies pair
    /// (`CrossCurrencyPairer`); without it only same-currency legs do.
    public var rates: RateTable?
    /// Accounts valued in `valuations.csv`: a leg a rule marks `transfer pension` (one of them, with
    /// no rows of its own) is a transfer to or from it, complete without a partner.
    public var valuedAccounts: Set<AccountID> = []
    /// Leave the run's working memory (every distinct text, folded and scanned) to the process's
    /// exit instead of freeing it text by text: set by the command, which exits right after.
    var keepsWorkingMemoryUntilExit = false

    public init(
        rules: [Rule], overrides: OverrideTable = OverrideTable(), settings: CategorizeSettings = CategorizeSettings()
    ) {
        self.matcher = RuleMatcher(rules: rules)
        self.overrides = overrides
        self.settings = settings
    }

    /// What rules decided for one transaction, before overrides.
    struct RuleDecision {
        var category: CategoryPath?
        var source: CategorySource = .none
        var rename: String?
        var tags: [String] = []
        var transfer = false
        var ignore = false
        var note: String?
        var split: SplitPlan?
        var splitRule: Int?
        var matched: [Int] = []
    }

    /// Applies the actions of the matched rules, in order: the first rule to set a field wins it,
    /// tags accumulate.
    func decide(matched: [Int]) -> RuleDecision {
        var decision = RuleDecision()
        decision.matched = matched
        for index in matched {
            let rule = matcher.rules[index]
            let source: CategorySource =
                switch rule.origin {
                case .user: .rule(file: rule.id.file, line: rule.id.line)
                case .profile: .profileRule(file: rule.id.file, line: rule.id.line)
                case .starter:
                    rule.mapsExportCategory
                        ? .exportCategory(file: rule.id.file, line: rule.id.line)
                        : .starterRule(file: rule.id.file, line: rule.id.line)
                }
            for action in rule.actions {
                switch action {
                case .category(let path):
                    if decision.category == nil {
                        decision.category = path
                        decision.source = source
                    }
                case .rename(let name): if decision.rename == nil { decision.rename = name }
                case .tag(let tags): for tag in tags where !decision.tags.contains(tag) { decision.tags.append(tag) }
                case .transfer, .transferWith: decision.transfer = true
                case .ignore: decision.ignore = true
                case .note(let text): if decision.note == nil { decision.note = text }
                case .split(let plan):
                    if decision.split == nil {
                        decision.split = plan
                        decision.splitRule = index
                    }
                case .continue: break
                }
            }
            if decision.category == nil, let plan = decision.split, decision.splitRule == index,
                let first = plan.parts.first
            {
                decision.category = first.category
                decision.source = source
            }
        }
        return decision
    }

    /// Categorises every transaction of `journal`. Errors are problems of `overrides.csv` that only
    /// the journal reveals (a split that does not add up to its transaction's amount).
    public func run(_ journal: consuming Journal) -> CategorizeOutcome {
        var rows = LedgerRows(journal: journal)
        let result = categorize(&rows)
        var ledger = rows.header
        ledger.stage = "ledger"
        ledger.transactions = rows.layout.indices.map { result.finished(rows, $0) }
        ledger.sortCanonically()
        let entries = result.order.map { position in
            let row = result.uncategorized[Int(position)]
            return UncategorizedEntry(
                transaction: result.finished(rows, row.index), prediction: result.guesses[Int(row.guess)],
                rawPayee: rows.texts[Int(rows.payee[row.index])])
        }
        return CategorizeOutcome(ledger: ledger, uncategorized: entries, report: result.report, errors: result.errors)
    }

    /// Categorises `rows` in place: rules and overrides, transfer pairing, then the classifier.
    ///
    /// Written for journals of millions of rows: each distinct text is worked on once
    /// (`DistinctTexts`), each distinct combination of matched rules is decided once, the classifier
    /// counts feature ids, and per-row work is a few lookups in arrays of numbers.
    func categorize(_ rows: inout LedgerRows) -> Categorization {
        var report = CategorizeReport()
        report.transactions = rows.count
        var texts = DistinctTexts(textCount: rows.texts.count)
        var facts = RowFacts(count: rows.count)
        var decisions = Decisions()
        let errors = applyRulesAndOverrides(&rows, texts: &texts, facts: &facts, decisions: &decisions, report: &report)
        pairTransfers(&rows, facts: facts, report: &report)
        let learned = learn(&rows, texts: &texts, facts: facts, report: &report)
        let uncategorized = learned.rows
        let order = Categorizer.sortUncategorized(uncategorized, rows)
        var perSource = [Int](repeating: 0, count: rows.sources.count)
        for row in 0..<rows.count {
            perSource[Int(rows.source[row])] += 1
            if rows.isIgnored[row] { report.ignored += 1 }
        }
        for (number, count) in perSource.enumerated() where count > 0 {
            switch rows.sources[number] {
            case .rule: report.bySource.rule += count
            case .profileRule: report.bySource.profileRule += count
            case .starterRule: report.bySource.starterRule += count
            case .exportCategory: report.bySource.exportCategory += count
            case .override: report.bySource.override += count
            case .learned: report.bySource.learned += count
            case .transfer: report.bySource.transfer += count
            case .none: report.bySource.none += count
            }
        }
        report.uncategorized = uncategorized.count
        // The payee each row shows in the ledger: a rename, else the normalised payee.
        var displayText = [Int32](repeating: -2, count: texts.payees.count)
        var renameText: [String: Int32] = [:]
        func textNumber(_ text: String) -> Int32 {
            if let known = renameText[text] { return known }
            rows.texts.append(text)
            renameText[text] = Int32(rows.texts.count - 1)
            return Int32(rows.texts.count - 1)
        }
        let decisionRename = decisions.all.map { $0.rename.map(textNumber) ?? -1 }
        rows.newPayee = [Int32](repeating: -1, count: rows.count)
        for row in 0..<rows.count {
            let decision = rows.decision[row]
            if decision >= 0, decisionRename[Int(decision)] >= 0 {
                rows.newPayee[row] = decisionRename[Int(decision)]
                continue
            }
            let payee = Int(facts.payee[row])
            if displayText[payee] == -2 {
                let display = texts.payees[payee].display
                displayText[payee] = display.isEmpty ? -1 : textNumber(display)
            }
            rows.newPayee[row] = displayText[payee]
        }
        if keepsWorkingMemoryUntilExit { KeptUntilExit.keep(texts) }
        return Categorization(
            report: report, uncategorized: uncategorized, order: order, guesses: learned.guesses, errors: errors,
            decisions: decisions.all)
    }

    /// What the phases of a run keep per row, by row index.
    struct RowFacts {
        /// Index into `DistinctTexts.payees` of the payee as exported.
        var payee: [Int32]
        /// Index into `DistinctTexts.memos`.
        var memo: [Int32]
        var ruleMarked: [Bool]
        /// The rule that marked the row `transfer`, if one did.
        var transferRule: [Int32]

        init(count: Int) {
            payee = [Int32](repeating: 0, count: count)
            memo = [Int32](repeating: 0, count: count)
            ruleMarked = [Bool](repeating: false, count: count)
            transferRule = [Int32](repeating: -1, count: count)
        }
    }

    /// The distinct decisions of a run, numbered, with what each sets worked out once.
    struct Decisions {
        var all: [RuleDecision] = []
        /// Index into `LedgerRows.categories`, or -1: the category the decision sets.
        var category: [Int32] = []
        /// Index into `LedgerRows.sources`.
        var source: [Int32] = []
        /// The first matched rule that marks `transfer`, or -1.
        var transferRule: [Int32] = []
        /// Whether the decision marks `transfer` (read per row: a flag, not the whole decision).
        var isTransfer: [Bool] = []
        var isIgnored: [Bool] = []
        var hasSplit: [Bool] = []
        /// Rows decided, for the rules' match counts.
        var rowCount: [Int] = []
        var byMatched: [[Int]: Int32] = [:]

        mutating func add(_ decision: RuleDecision, rows: inout LedgerRows, rules: [Rule]) -> Int32 {
            all.append(decision)
            category.append(decision.category.map { rows.categoryNumber($0) } ?? -1)
            source.append(rows.sourceNumber(decision.source))
            let rule =
                decision.transfer
                ? decision.matched.first(where: { rules[$0].actions.contains(where: \.marksTransfer) }) : nil
            transferRule.append(rule.map(Int32.init) ?? -1)
            isTransfer.append(decision.transfer)
            isIgnored.append(decision.ignore)
            hasSplit.append(decision.split != nil)
            rowCount.append(0)
            return Int32(all.count - 1)
        }
    }

    /// Rules, then overrides, applied to each row in place.
    func applyRulesAndOverrides(
        _ rows: inout LedgerRows, texts: inout DistinctTexts, facts: inout RowFacts, decisions: inout Decisions,
        report: inout CategorizeReport
    ) -> [CategorizeError] {
        var errors: [CategorizeError] = []
        var input = MatchInput()
        var scratch = matcher.makeScratch()
        var matched: [Int] = []
        // Decisions by the rules matched: few distinct ones, however many rows.
        func decisionNumber(_ matched: [Int], rows: inout LedgerRows) -> Int32 {
            if let known = decisions.byMatched[matched] { return known }
            let number = decisions.add(
                matched.isEmpty ? RuleDecision() : decide(matched: matched), rows: &rows, rules: matcher.rules)
            decisions.byMatched[matched] = number
            return number
        }
        var overridesFound = Set<TransactionID>()
        // The texts of a row and what rules make of them, once per distinct combination of texts:
        // found through the row's payee (a merchant's rows usually share the other fields), else
        // through a table that is dropped when combinations hardly repeat.
        var known: [RowTexts] = []
        var byPayee = [Int32](repeating: -1, count: rows.texts.count)
        var byKey: [RowTextsKey: Int32] = [:]
        var byKeyUse = CacheUse()
        for index in 0..<rows.count {
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
                    var row = RowTexts(
                        key: key,
                        payee: texts.payee(
                            key.payee, rows.texts[Int(key.payee)], normaliser: normaliser, matcher: matcher),
                        memo: texts.memo(key.memo, rows.texts[Int(key.memo)], matcher: matcher),
                        plan: MatchPlan(), decision: -1)
                    let payee = texts.payees[Int(row.payee)]
                    input.texts[MatchInput.Slot.rawPayee] = payee.raw
                    input.texts[MatchInput.Slot.cleanPayee] = payee.clean
                    input.texts[MatchInput.Slot.memo] = texts.memos[Int(row.memo)]
                    input.texts[MatchInput.Slot.bankType] = texts.field(
                        key.bankType, rows.texts[Int(max(key.bankType, 0))], matcher: matcher)
                    input.texts[MatchInput.Slot.bankCategory] = texts.field(
                        key.bankCategory, rows.texts[Int(max(key.bankCategory, 0))], matcher: matcher)
                    // Rows whose texts settle every rule (the usual case) skip the matcher altogether.
                    row.plan = matcher.plan(input, scratch: &scratch)
                    if row.plan.isFixed {
                        matched.removeAll(keepingCapacity: true)
                        matcher.match(input, plan: row.plan, scratch: &scratch, into: &matched)
                        row.decision = decisionNumber(matched, rows: &rows)
                        // Settled: the plan is not read again, and nearly every text is distinct.
                        row.plan = MatchPlan()
                    }
                    known.append(row)
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
                matcher.match(input, plan: known[Int(number)].plan, scratch: &scratch, into: &matched)
                // Rows of one merchant mostly fall on the same side of an amount condition: compare
                // with what this text's last such row matched before hashing the list.
                if known[Int(number)].lastDecision >= 0, known[Int(number)].lastMatched == matched {
                    decision = known[Int(number)].lastDecision
                } else {
                    decision = decisionNumber(matched, rows: &rows)
                    known[Int(number)].lastMatched = matched
                    known[Int(number)].lastDecision = decision
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
        if keepsWorkingMemoryUntilExit { KeptUntilExit.keep((known, byKey)) }
        return errors
    }

    /// The texts of a row, by number in `LedgerRows.texts`: the key of `RowTexts`.
    struct RowTextsKey: Hashable {
        var payee: Int32
        var memo: Int32
        var bankType: Int32
        var bankCategory: Int32
    }

    /// What `DistinctTexts` holds for a row's texts, and what rules make of them.
    struct RowTexts {
        var key: RowTextsKey
        var payee: Int32
        var memo: Int32
        /// The rules left to evaluate per row.
        var plan: MatchPlan
        /// Index into the decisions when the texts settle every rule, else -1.
        var decision: Int32
        /// When they do not: the rules the last row with these texts matched, and their decision.
        var lastMatched: [Int] = []
        var lastDecision: Int32 = -1
    }

    /// Transfers: legs a rule marked, and legs nothing categorised.
    func pairTransfers(_ rows: inout LedgerRows, facts: RowFacts, report: inout CategorizeReport) {
        let declared = pairDeclared(&rows, report: &report)
        var legs: [TransferPairer.LegFacts] = []
        for index in 0..<rows.count where !rows.isIgnored[index] {
            let marked = rows.isTransfer[index]
            let eligible = marked || rows.category[index] < 0
            guard eligible, rows.peer[index] == -1 else { continue }
            legs.append(
                TransferPairer.LegFacts(
                    index: index, day: rows.date[index].dayNumber, account: rows.account[index],
                    currency: Int32(rows.currency[index]), minorUnits: rows.minorUnits[index], marked: marked))
        }
        var pairs = TransferPairer(windowDays: settings.transferWindowDays).pair(legs) { lhs, rhs in
            rows.idPrecedes(legs[lhs].index, legs[rhs].index)
        }
        if let rates {
            var paired = Set<Int>()
            for (out, incoming) in pairs {
                paired.insert(out)
                paired.insert(incoming)
            }
            let left = legs.filter { !paired.contains($0.index) }
            pairs += CrossCurrencyPairer(windowDays: settings.transferWindowDays, rates: rates).pair(
                left, currencies: rows.currencies
            ) { lhs, rhs in rows.idPrecedes(left[lhs].index, left[rhs].index) }
        }
        let transfer = rows.sourceNumber(.transfer)
        pairs += declared
        for (out, incoming) in pairs {
            rows.isTransfer[out] = true
            rows.peer[out] = Int32(incoming)
            rows.source[out] = transfer
            rows.isTransfer[incoming] = true
            rows.peer[incoming] = Int32(out)
            rows.source[incoming] = transfer
        }
        report.transferPairs = pairs.count
        let valuedWithoutRows = valuedAccountsWithoutRows(rows)
        for index in 0..<rows.count where rows.isTransfer[index] && rows.peer[index] == -1 {
            let rule = facts.transferRule[index]
            if rule >= 0, !valuedWithoutRows.isEmpty,
                matcher.rules[Int(rule)].actions.contains(where: {
                    if case .transferWith(let account) = $0 { valuedWithoutRows.contains(account) } else { false }
                })
            {
                continue
            }
            let amount = rows.amount(index)
            report.unpairedTransfers.append(
                CategorizeReport.UnpairedLeg(
                    id: rows.id(index).rawValue, date: rows.date[index].isoString,
                    account: rows.accountID(index).rawValue, amount: amount.decimalString,
                    currency: amount.currency.code,
                    rule: rule >= 0
                        ? matcher.rules[Int(rule)].id.description : (facts.ruleMarked[index] ? "rule" : nil))
            )
        }
    }

    /// The pairs `[categorize] transfer_pairs` declares, as (outgoing, incoming) row indices (the
    /// leg with money out first): paired before any other, whatever rules said of the legs. A pair
    /// whose id is not in the journal, or whose legs are in one account, is a warning.
    func pairDeclared(_ rows: inout LedgerRows, report: inout CategorizeReport) -> [(out: Int, in: Int)] {
        guard !settings.transferPairs.isEmpty else { return [] }
        let wanted = Set(settings.transferPairs.joined())
        var rowOf: [TransactionID: Int] = [:]
        for index in 0..<rows.count {
            let id = rows.id(index)
            if wanted.contains(id) { rowOf[id] = index }
        }
        var pairs: [(out: Int, in: Int)] = []
        for pair in settings.transferPairs {
            let (a, b) = (pair[0], pair[1])
            guard let first = rowOf[a], let second = rowOf[b] else {
                let missing = [a, b].filter { rowOf[$0] == nil }.map { "'\($0)'" }.joined(separator: " and ")
                report.warnings.append(
                    "closebook.toml: [categorize] transfer_pairs: \(missing) \(missing.contains(" and ") ? "are" : "is") "
                        + "not in the journal; the pair \(a) / \(b) is not made")
                continue
            }
            guard rows.account[first] != rows.account[second], rows.peer[first] == -1, rows.peer[second] == -1
            else {
                report.warnings.append(
                    "closebook.toml: [categorize] transfer_pairs: \(a) / \(b) are in one account or already "
                        + "paired; the pair is not made")
                continue
            }
            let outFirst = rows.minorUnits[first] <= rows.minorUnits[second]
            let (out, incoming) = outFirst ? (first, second) : (second, first)
            rows.peer[out] = Int32(incoming)
            rows.peer[incoming] = Int32(out)
            pairs.append((out, incoming))
        }
        return pairs
    }

    /// `valuedAccounts` that have no rows in the journal: their transfers have one leg only.
    func valuedAccountsWithoutRows(_ rows: LedgerRows) -> Set<AccountID> {
        guard !valuedAccounts.isEmpty else { return [] }
        var hasRows = [Bool](repeating: false, count: rows.accounts.count)
        for account in rows.account { hasRows[Int(account)] = true }
        var result = valuedAccounts
        for (number, account) in rows.accounts.enumerated() where hasRows[number] { result.remove(account) }
        return result
    }

    /// A row left without a category, with the classifier's guess and, gathered in row order, what
    /// `uncategorized.csv` shows of it: the file lists rows by amount, and reaching into a dozen
    /// columns in that order would miss the cache at every one.
    struct UncategorizedRow {
        var index: Int
        /// Index into `Categorization.guesses`.
        var guess: Int32
        var minorUnits: Int64
        var currency: Int16
        var date: CivilDate
        var account: Int32
        /// Indices into `LedgerRows.texts`.
        var payee: Int32
        var memo: Int32
    }

    /// The learned fallback, trained on what rules and overrides decided; returns the rows it could
    /// not categorise either, in row order.
    func learn(
        _ rows: inout LedgerRows, texts: inout DistinctTexts, facts: RowFacts, report: inout CategorizeReport
    ) -> (rows: [UncategorizedRow], guesses: [NaiveBayesClassifier.Prediction?]) {
        // The same features `FeatureExtractor.features` gives, as ids, in the same order.
        let amountFeatures = (0...30).map { texts.vocabulary.id(FeatureExtractor.amountFeature($0)) }
        let debitFeature = texts.vocabulary.id("s:-")
        let creditFeature = texts.vocabulary.id("s:+")
        let accountFeatures = rows.accounts.map { texts.vocabulary.id(FeatureExtractor.accountFeature($0)) }
        /// What decides a row's features: equal keys, equal features.
        struct FeatureKey: Hashable {
            var payeeKey: Int32
            var memo: Int32
            var bucket: Int32
            var debit: Bool
            var account: Int32

            /// Two words rather than five fields: hashed for every row.
            func hash(into hasher: inout Hasher) {
                hasher.combine(UInt64(UInt32(bitPattern: payeeKey)) << 32 | UInt64(UInt32(bitPattern: memo)))
                hasher.combine(
                    UInt64(UInt32(bitPattern: account)) << 32 | UInt64(UInt32(bitPattern: bucket)) << 1
                        | (debit ? 1 : 0))
            }
        }
        let scales = rows.currencies.map(\.scale)
        func featureKey(_ index: Int) -> FeatureKey {
            FeatureKey(
                payeeKey: texts.payees[Int(facts.payee[index])].key, memo: facts.memo[index],
                bucket: Int32(
                    FeatureExtractor.bucket(
                        magnitude: rows.minorUnits[index].magnitude, scale: scales[Int(rows.currency[index])])),
                debit: rows.minorUnits[index] < 0,
                account: rows.account[index])
        }
        func features(_ key: FeatureKey, into features: inout [Int32]) {
            features.removeAll(keepingCapacity: true)
            features += texts.keyFeatures[Int(key.payeeKey)]
            features += texts.memoFeatures[Int(key.memo)]
            features.append(amountFeatures[Int(key.bucket)])
            features.append(key.debit ? debitFeature : creditFeature)
            features.append(accountFeatures[Int(key.account)])
        }
        // Examples with the same features and category are counted together.
        struct ExampleKey: Hashable {
            var features: FeatureKey
            var category: Int32
        }
        let trains = rows.sources.map { source -> Bool in
            switch source {
            case .rule, .profileRule, .override: true
            default: false
            }
        }
        var exampleCounts: [ExampleKey: Int] = [:]
        var exampleCount = 0
        var usedCategories = Set<Int32>()
        for index in 0..<rows.count where !rows.isTransfer[index] {
            let category = rows.category[index]
            guard category >= 0, trains[Int(rows.source[index])] else { continue }
            usedCategories.insert(category)
            exampleCounts[ExampleKey(features: featureKey(index), category: category), default: 0] += 1
            exampleCount += 1
        }
        // Categories in path order, as the classifier numbers them.
        let numbers = usedCategories.sorted { rows.categories[Int($0)] < rows.categories[Int($1)] }
        let categories = numbers.map { rows.categories[Int($0)] }
        var position = [Int](repeating: 0, count: rows.categories.count)
        for (sorted, number) in numbers.enumerated() { position[Int(number)] = sorted }
        var trainer = NaiveBayesClassifier.Trainer(categoryCount: categories.count)
        var buffer: [Int32] = []
        for (example, count) in exampleCounts {
            features(example.features, into: &buffer)
            trainer.add(buffer, category: position[Int(example.category)], examples: count)
        }
        let classifier = NaiveBayesClassifier(trainer: trainer, categories: categories)
        report.learnedTrainedOn = exampleCount

        /// A prediction (index into `predictions`), with the category and source numbers it gives a
        /// row when confident enough.
        struct Guess {
            var prediction: Int32
            var category: Int32
            var source: Int32
        }
        var predictions: [NaiveBayesClassifier.Prediction?] = []
        var uncategorized: [UncategorizedRow] = []
        var guesses: [FeatureKey: Guess] = [:]
        var known: [Int32] = []
        for index in 0..<rows.count
        where rows.category[index] < 0 && !rows.isTransfer[index] && !rows.isIgnored[index] {
            let key = featureKey(index)
            let guess: Guess
            if let cached = guesses[key] {
                guess = cached
            } else {
                features(key, into: &buffer)
                known.removeAll(keepingCapacity: true)
                var hasEvidence = false
                var words = 0
                var knownWords = 0
                for feature in buffer {
                    let isWord = texts.vocabulary.isPayeeWord[Int(feature)]
                    if isWord { words += 1 }
                    guard classifier.knows(feature) else { continue }
                    known.append(feature)
                    if isWord { knownWords += 1 }
                    if texts.vocabulary.isPayee[Int(feature)] { hasEvidence = true }
                }
                let coverage = NaiveBayesClassifier.evidenceCoverage(knownWords: knownWords, words: words)
                let prediction = classifier.predict(known: known, hasEvidence: hasEvidence, coverage: coverage)
                predictions.append(prediction)
                let number = Int32(predictions.count - 1)
                if let prediction, prediction.confidence >= settings.learnedThreshold {
                    guess = Guess(
                        prediction: number, category: rows.categoryNumber(prediction.category),
                        source: rows.sourceNumber(.learned(confidence: prediction.confidence)))
                } else {
                    guess = Guess(prediction: number, category: -1, source: -1)
                }
                guesses[key] = guess
            }
            if guess.category >= 0 {
                rows.category[index] = guess.category
                rows.source[index] = guess.source
                report.learnedApplied += 1
                continue
            }
            uncategorized.append(
                UncategorizedRow(
                    index: index, guess: guess.prediction, minorUnits: rows.minorUnits[index],
                    currency: rows.currency[index], date: rows.date[index], account: rows.account[index],
                    payee: rows.payee[index], memo: rows.memo[index]))
        }
        return (uncategorized, predictions)
    }

    /// Most money first, then oldest, then by id.
    ///
    /// Sorts packed numeric keys (contiguous, no closure reaching into the rows), then orders each
    /// run of equal amount and date by id: the same order as one stable sort by all three.
    /// Returns positions in `uncategorized` (which is in row order) in the order of the file.
    static func sortUncategorized(_ uncategorized: [UncategorizedRow], _ rows: LedgerRows) -> [Int32] {
        // One number per row: how far the magnitude is below the largest (largest first) above the
        // day's offset from the first day above the position. Comparing plain integers sorts
        // several times faster than comparing tuples through a closure, and the position keeps keys
        // distinct. 64 bits hold all three unless amounts or dates are far apart; else 128 do.
        let days = uncategorized.map { $0.date.dayNumber }
        let largest = uncategorized.lazy.map(\.minorUnits.magnitude).max() ?? 0
        let firstDay = days.min() ?? 0
        let lastDay = days.max() ?? 0
        func bits(_ value: UInt64) -> Int { UInt64.bitWidth - value.leadingZeroBitCount }
        let positionBits = bits(UInt64(uncategorized.count))
        let dayBits = bits(UInt64(lastDay - firstDay))
        if bits(largest) + dayBits + positionBits <= 64 {
            let keys = uncategorized.indices.map { position in
                (largest - uncategorized[position].minorUnits.magnitude) << (dayBits + positionBits)
                    | UInt64(days[position] - firstDay) << positionBits | UInt64(position)
            }
            return sortUncategorized(keys, positionBits: positionBits, uncategorized, rows)
        }
        let keys = uncategorized.indices.map { position in
            UInt128(largest - uncategorized[position].minorUnits.magnitude) << 64
                | UInt128(UInt64(days[position] - firstDay)) << 32 | UInt128(position)
        }
        return sortUncategorized(keys, positionBits: 32, uncategorized, rows)
    }

    /// Sorts `keys` (ending in `positionBits` bits of position in `uncategorized`), then orders each
    /// run of equal amount and date by id.
    static func sortUncategorized<Key: FixedWidthInteger & UnsignedInteger>(
        _ keys: [Key], positionBits: Int, _ uncategorized: [UncategorizedRow], _ rows: LedgerRows
    ) -> [Int32] {
        var keys = keys
        keys.sort()
        let positionMask = (Key(1) << positionBits) &- 1
        func position(_ key: Key) -> Int { Int(truncatingIfNeeded: key & positionMask) }
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end] >> positionBits == keys[start] >> positionBits { end += 1 }
            if end - start > 1 {
                keys[start..<end].sort { lhs, rhs in
                    let left = uncategorized[position(lhs)].index
                    let right = uncategorized[position(rhs)].index
                    if rows.idPrecedes(left, right) { return true }
                    if rows.idPrecedes(right, left) { return false }
                    return lhs < rhs
                }
            }
            start = end
        }
        return keys.map { Int32(position($0)) }
    }
}

/// What `Categorizer.categorize` found besides the rows' new state.
struct Categorization {
    var report: CategorizeReport
    /// Rows left without a category, in row order.
    var uncategorized: [Categorizer.UncategorizedRow]
    /// Positions in `uncategorized` in the order of `uncategorized.csv` (most money first).
    var order: [Int32]
    /// The classifier's guesses, by `UncategorizedRow.guess`.
    var guesses: [NaiveBayesClassifier.Prediction?]
    var errors: [CategorizeError]
    /// By `LedgerRows.decision`: what rules and overrides set on the row.
    var decisions: [Categorizer.RuleDecision]

    /// Row `row` as a transaction, with everything categorisation settled.
    func finished(_ rows: LedgerRows, _ row: Int) -> Transaction {
        var t: Transaction
        let place = rows.layout[row]
        if place.decoded >= 0 {
            t = rows.decoded[Int(place.decoded)]
        } else {
            t = rows.decodedInPlace(row)
        }
        apply(rows, row, to: &t)
        return t
    }

    /// Sets on `t` (row `row` as the journal has it) what categorisation settled.
    func apply(_ rows: LedgerRows, _ row: Int, to t: inout Transaction) {
        t.category = rows.categoryPath(row)
        t.categorySource = rows.categorySource(row)
        if rows.newPayee[row] >= 0 { t.payee = rows.texts[Int(rows.newPayee[row])] }
        let number = rows.decision[row]
        if number >= 0 {
            let decision = decisions[Int(number)]
            for tag in decision.tags where !t.tags.contains(tag) { t.tags.append(tag) }
            if let note = decision.note { t.note = note }
        }
        if !rows.splits.isEmpty, let splits = rows.splits[row] { t.splits = splits }
        t.isTransfer = rows.isTransfer[row]
        t.isIgnored = rows.isIgnored[row]
        if rows.peer[row] >= 0 { t.transferPeer = rows.id(Int(rows.peer[row])) }
    }
}

/// Everything one run produces.
public struct CategorizeOutcome {
    public var ledger: Journal
    public var uncategorized: [UncategorizedEntry]
    public var report: CategorizeReport
    /// Problems that stop the ledger from being written.
    public var errors: [CategorizeError]
}

/// A transaction left without a category, with the classifier's best guess below the threshold.
public struct UncategorizedEntry: Sendable {
    public var transaction: Transaction
    public var prediction: NaiveBayesClassifier.Prediction?
    /// The payee as the bank exported it (the ledger shows the clean one).
    public var rawPayee: String
}
