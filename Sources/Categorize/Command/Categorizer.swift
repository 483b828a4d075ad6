import Ledger

/// The categorisation stage as a function: journal in, ledger out.
///
/// Order of precedence for each transaction: `overrides.csv`, then user rules (file-name order,
/// first match wins), then bank profile rules, then the learned classifier. Transfer pairing runs
/// after rules and overrides and before learning, so a paired leg is never guessed at.
public struct Categorizer {
    public var matcher: RuleMatcher
    public var overrides: OverrideTable
    public var settings: CategorizeSettings
    public var normaliser = PayeeNormaliser()

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
                rule.origin == .user
                ? .rule(file: rule.id.file, line: rule.id.line) : .profileRule(file: rule.id.file, line: rule.id.line)
            for action in rule.actions {
                switch action {
                case .category(let path):
                    if decision.category == nil {
                        decision.category = path
                        decision.source = source
                    }
                case .rename(let name): if decision.rename == nil { decision.rename = name }
                case .tag(let tags): for tag in tags where !decision.tags.contains(tag) { decision.tags.append(tag) }
                case .transfer: decision.transfer = true
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
    ///
    /// Written for journals of millions of rows: transactions are changed in place (taking the
    /// journal's array, not copying it), each distinct text is worked on once (`DistinctTexts`),
    /// the classifier counts feature ids, and per-row work is a few lookups in arrays.
    public func run(_ journal: consuming Journal) -> CategorizeOutcome {
        // Swapped out, not copied: the array must stay uniquely referenced, or the first change
        // would copy a million transactions.
        var transactions: [Transaction] = []
        swap(&transactions, &journal.transactions)
        var report = CategorizeReport()
        report.transactions = transactions.count
        var texts = DistinctTexts(expectedRows: transactions.count)
        var rows = RowFacts(count: transactions.count)
        let errors = applyRulesAndOverrides(&transactions, texts: &texts, rows: &rows, report: &report)
        pairTransfers(&transactions, rows: rows, report: &report)
        var uncategorized = learn(&transactions, texts: &texts, rows: rows, report: &report)
        Categorizer.sortUncategorized(&uncategorized, transactions)
        for index in transactions.indices {
            switch transactions[index].categorySource {
            case .rule: report.bySource.rule += 1
            case .profileRule: report.bySource.profileRule += 1
            case .override: report.bySource.override += 1
            case .learned: report.bySource.learned += 1
            case .transfer: report.bySource.transfer += 1
            case .none: report.bySource.none += 1
            }
            if transactions[index].isIgnored { report.ignored += 1 }
        }
        report.uncategorized = uncategorized.count
        let entries = uncategorized.map { row in
            UncategorizedEntry(
                transaction: transactions[row.index], prediction: row.prediction,
                rawPayee: texts.payees[Int(rows.payee[row.index])].raw.string)
        }
        var ledger = Journal(
            stage: "ledger", baseCurrency: journal.baseCurrency, accounts: journal.accounts, transactions: transactions)
        ledger.sortCanonically()
        return CategorizeOutcome(ledger: ledger, uncategorized: entries, report: report, errors: errors)
    }

    /// What the phases of a run keep per row, by row index.
    struct RowFacts {
        /// Index into `DistinctTexts.payees` of the payee as exported.
        var payee: [Int32]
        /// Index into `DistinctTexts.memos`.
        var memo: [Int32]
        /// Index into `accounts`.
        var account: [Int32]
        /// The accounts rows are in, each once.
        var accounts: [AccountID] = []
        var ruleMarked: [Bool]
        /// The rule that marked the row `transfer`, if one did.
        var transferRule: [Int32]

        init(count: Int) {
            payee = [Int32](repeating: 0, count: count)
            memo = [Int32](repeating: 0, count: count)
            account = [Int32](repeating: 0, count: count)
            ruleMarked = [Bool](repeating: false, count: count)
            transferRule = [Int32](repeating: -1, count: count)
        }
    }

    /// Rules, then overrides, applied to each row in place.
    func applyRulesAndOverrides(
        _ transactions: inout [Transaction], texts: inout DistinctTexts, rows: inout RowFacts,
        report: inout CategorizeReport
    ) -> [CategorizeError] {
        var errors: [CategorizeError] = []
        var ruleCounts = [Int](repeating: 0, count: matcher.rules.count)
        var input = MatchInput()
        var scratch = matcher.makeScratch()
        var matched: [Int] = []
        // Decisions by the rules matched: few distinct ones, however many rows.
        var decisions: [RuleDecision] = []
        var decisionIndex: [[Int]: Int32] = [:]
        func decisionNumber(_ matched: [Int]) -> Int32 {
            if let known = decisionIndex[matched] { return known }
            decisions.append(matched.isEmpty ? RuleDecision() : decide(matched: matched))
            decisionIndex[matched] = Int32(decisions.count - 1)
            return Int32(decisions.count - 1)
        }
        var overridesFound = Set<TransactionID>()
        // The texts of a row, looked up together: one hash per row instead of four.
        var rowTexts: [RowTextsKey: RowTexts] = [:]
        rowTexts.reserveCapacity(transactions.count)
        var rowTextsCache = CacheUse()
        var accountNumbers: [AccountID: Int32] = [:]
        for index in transactions.indices {
            let key = RowTextsKey(
                payee: transactions[index].payee, memo: transactions[index].memo,
                bankType: transactions[index].bankType, bankCategory: transactions[index].bankCategory)
            var row: RowTexts
            let cached = rowTextsCache.isWorthwhile ? rowTexts[key] : nil
            if rowTextsCache.isWorthwhile { rowTextsCache.record(hit: cached != nil) }
            if let cached {
                row = cached
            } else {
                let payee = texts.payee(key.payee, normaliser: normaliser, matcher: matcher)
                row = RowTexts(
                    payee: payee, memo: texts.memo(key.memo, matcher: matcher),
                    bankType: texts.field(key.bankType, matcher: matcher),
                    bankCategory: texts.field(key.bankCategory, matcher: matcher), plan: nil, decision: -1,
                    display: texts.payees[Int(payee)].display)
            }
            rows.payee[index] = row.payee
            rows.memo[index] = row.memo
            let account = transactions[index].account
            if index > 0, account == transactions[index - 1].account {
                rows.account[index] = rows.account[index - 1]
            } else if let known = accountNumbers[account] {
                rows.account[index] = known
            } else {
                rows.account[index] = Int32(rows.accounts.count)
                accountNumbers[account] = rows.account[index]
                rows.accounts.append(account)
            }
            // Rows whose texts settle every rule (the usual case) skip the matcher altogether.
            if row.plan == nil {
                let payee = texts.payees[Int(row.payee)]
                input.texts[MatchInput.Slot.rawPayee] = payee.raw
                input.texts[MatchInput.Slot.cleanPayee] = payee.clean
                input.texts[MatchInput.Slot.memo] = texts.memos[Int(row.memo)]
                input.texts[MatchInput.Slot.bankType] = row.bankType
                input.texts[MatchInput.Slot.bankCategory] = row.bankCategory
                let plan = matcher.plan(input, scratch: &scratch)
                row.plan = plan
                if plan.isFixed {
                    matched.removeAll(keepingCapacity: true)
                    matcher.match(input, plan: plan, scratch: &scratch, into: &matched)
                    row.decision = decisionNumber(matched)
                }
                if rowTextsCache.isWorthwhile { rowTexts[key] = row }
            }
            var decision: RuleDecision
            if row.decision >= 0 {
                decision = decisions[Int(row.decision)]
            } else {
                // Some rule also looks at this row's amount, date or account: what is left of it
                // after the texts is in the plan.
                input.amount = transactions[index].amount
                input.date = transactions[index].date
                input.account = account
                matched.removeAll(keepingCapacity: true)
                matcher.match(input, plan: row.plan ?? MatchPlan(), scratch: &scratch, into: &matched)
                decision = decisions[Int(decisionNumber(matched))]
            }
            let matched = decision.matched
            for rule in matched { ruleCounts[rule] += 1 }
            if decision.transfer {
                rows.ruleMarked[index] = true
                if let rule = matched.first(where: { matcher.rules[$0].actions.contains(.transfer) }) {
                    rows.transferRule[index] = Int32(rule)
                }
            }
            var splitFromOverride = false
            if !overrides.overrides.isEmpty, let override = overrides[transactions[index].id] {
                overridesFound.insert(transactions[index].id)
                report.overridesApplied += 1
                if let category = override.category {
                    decision.category = category
                    decision.source = .override
                }
                if let payee = override.payee { decision.rename = payee }
                if let note = override.note { decision.note = note }
                if let plan = override.split {
                    decision.split = plan
                    splitFromOverride = true
                    if override.category == nil { decision.category = plan.parts.first?.category }
                    decision.source = .override
                }
            }
            if let category = decision.category {
                transactions[index].category = category
                transactions[index].categorySource = decision.source
            }
            if let rename = decision.rename {
                transactions[index].payee = rename
            } else if !row.display.isEmpty {
                transactions[index].payee = row.display
            }
            for tag in decision.tags where !transactions[index].tags.contains(tag) {
                transactions[index].tags.append(tag)
            }
            if let note = decision.note { transactions[index].note = note }
            if decision.transfer { transactions[index].isTransfer = true }
            if decision.ignore { transactions[index].isIgnored = true }
            if let plan = decision.split {
                let transaction = transactions[index]
                switch plan.allocate(transaction.amount) {
                case .success(let splits):
                    transactions[index].splits = splits
                case .failure(let mismatch):
                    if splitFromOverride, let override = overrides[transaction.id] {
                        errors.append(
                            CategorizeError(
                                path: overrides.path, line: override.line, column: override.splitColumn,
                                message:
                                    "split of transaction '\(transaction.id)' does not fit its amount \(transaction.amount.decimalString): \(mismatch.message)",
                                sourceLine: override.sourceLine, length: 1))
                    } else if let rule = decision.splitRule {
                        report.warnings.append(
                            "\(matcher.rules[rule].id): split not applied to \(transaction.id) (\(transaction.amount.decimalString) \(transaction.amount.currency.code)): \(mismatch.message)"
                        )
                    }
                }
            }
        }
        for id in overrides.overrides.keys.sorted() where !overridesFound.contains(id) {
            report.unknownOverrideIDs.append(id.rawValue)
        }
        report.rules = matcher.rules.indices.map {
            CategorizeReport.RuleUse(rule: matcher.rules[$0].id.description, matched: ruleCounts[$0])
        }
        return errors
    }

    /// The texts of a row as exported: the key of `RowTexts`.
    struct RowTextsKey: Hashable {
        var payee: String
        var memo: String
        var bankType: String?
        var bankCategory: String?
    }

    /// What `DistinctTexts` holds for a row's texts.
    struct RowTexts {
        var payee: Int32
        var memo: Int32
        var bankType: FoldedText
        var bankCategory: FoldedText
        /// The rules left to evaluate per row; nil until made.
        var plan: MatchPlan?
        /// Index into the decisions when the texts settle every rule, else -1.
        var decision: Int32
        /// The normalised payee.
        var display: String
    }

    /// Transfers: legs a rule marked, and legs nothing categorised.
    func pairTransfers(_ transactions: inout [Transaction], rows: RowFacts, report: inout CategorizeReport) {
        var legs: [TransferPairer.Leg] = []
        legs.reserveCapacity(
            transactions.indices.reduce(0) { count, index in
                let eligible = transactions[index].isTransfer || transactions[index].category == nil
                return count + (eligible ? 1 : 0)
            })
        for index in transactions.indices where !transactions[index].isIgnored {
            let marked = transactions[index].isTransfer
            let eligible = marked || transactions[index].category == nil
            guard eligible, transactions[index].transferPeer == nil else { continue }
            legs.append(
                TransferPairer.Leg(
                    index: index, id: transactions[index].id, account: transactions[index].account,
                    date: transactions[index].date, amount: transactions[index].amount, marked: marked))
        }
        let pairs = TransferPairer(windowDays: settings.transferWindowDays).pair(legs)
        for (out, incoming) in pairs {
            let outID = transactions[out].id
            transactions[out].isTransfer = true
            transactions[out].transferPeer = transactions[incoming].id
            transactions[out].categorySource = .transfer
            transactions[incoming].isTransfer = true
            transactions[incoming].transferPeer = outID
            transactions[incoming].categorySource = .transfer
        }
        report.transferPairs = pairs.count
        for index in transactions.indices
        where transactions[index].isTransfer && transactions[index].transferPeer == nil {
            let transaction = transactions[index]
            let rule = rows.transferRule[index]
            report.unpairedTransfers.append(
                CategorizeReport.UnpairedLeg(
                    id: transaction.id.rawValue, date: transaction.date.isoString,
                    account: transaction.account.rawValue,
                    amount: transaction.amount.decimalString, currency: transaction.amount.currency.code,
                    rule: rule >= 0 ? matcher.rules[Int(rule)].id.description : (rows.ruleMarked[index] ? "rule" : nil))
            )
        }
    }

    /// A row left without a category, with the classifier's guess.
    struct UncategorizedRow {
        var index: Int
        var prediction: NaiveBayesClassifier.Prediction?
    }

    /// The learned fallback, trained on what rules and overrides decided; returns the rows it could
    /// not categorise either, in row order.
    func learn(
        _ transactions: inout [Transaction], texts: inout DistinctTexts, rows: RowFacts,
        report: inout CategorizeReport
    ) -> [UncategorizedRow] {
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
        }
        func featureKey(_ index: Int) -> FeatureKey {
            let minorUnits = transactions[index].amount.minorUnits
            return FeatureKey(
                payeeKey: texts.payees[Int(rows.payee[index])].key, memo: rows.memo[index],
                bucket: Int32(FeatureExtractor.bucket(transactions[index].amount)), debit: minorUnits < 0,
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
        var exampleCategories: [CategoryPath: Int32] = [:]
        var exampleCounts: [ExampleKey: Int] = [:]
        var exampleCount = 0
        for index in transactions.indices where !transactions[index].isTransfer {
            guard let category = transactions[index].category else { continue }
            switch transactions[index].categorySource {
            case .rule, .profileRule, .override:
                let id: Int32
                if let known = exampleCategories[category] {
                    id = known
                } else {
                    id = Int32(exampleCategories.count)
                    exampleCategories[category] = id
                }
                exampleCounts[ExampleKey(features: featureKey(index), category: id), default: 0] += 1
                exampleCount += 1
            default: continue
            }
        }
        // Categories in path order, as the classifier numbers them.
        let categories = exampleCategories.keys.sorted()
        var position = [Int](repeating: 0, count: categories.count)
        for (sorted, category) in categories.enumerated() { position[Int(exampleCategories[category]!)] = sorted }
        var trainer = NaiveBayesClassifier.Trainer(categoryCount: categories.count)
        var buffer: [Int32] = []
        for (example, count) in exampleCounts {
            features(example.features, into: &buffer)
            trainer.add(buffer, category: position[Int(example.category)], examples: count)
        }
        let classifier = NaiveBayesClassifier(trainer: trainer, categories: categories)
        report.learnedTrainedOn = exampleCount

        var uncategorized: [UncategorizedRow] = []
        var predictions: [FeatureKey: NaiveBayesClassifier.Prediction?] = [:]
        var known: [Int32] = []
        for index in transactions.indices
        where transactions[index].category == nil && !transactions[index].isTransfer
            && !transactions[index].isIgnored
        {
            let key = featureKey(index)
            let prediction: NaiveBayesClassifier.Prediction?
            if let cached = predictions[key] {
                prediction = cached
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
                prediction = classifier.predict(known: known, hasEvidence: hasEvidence, coverage: coverage)
                predictions[key] = prediction
            }
            if let prediction, prediction.confidence >= settings.learnedThreshold {
                transactions[index].category = prediction.category
                transactions[index].categorySource = .learned(confidence: prediction.confidence)
                report.learnedApplied += 1
                continue
            }
            uncategorized.append(UncategorizedRow(index: index, prediction: prediction))
        }
        return uncategorized
    }

    /// Most money first, then oldest, then by id.
    ///
    /// Sorts packed numeric keys (contiguous, no closure reaching into transactions), then orders
    /// each run of equal amount and date by id: the same order as one stable sort by all three.
    static func sortUncategorized(_ rows: inout [UncategorizedRow], _ transactions: [Transaction]) {
        // Largest magnitude first: sort ascending on its complement.
        var keys = rows.indices.map { position in
            let transaction = rows[position].index
            return (
                amount: ~transactions[transaction].amount.minorUnits.magnitude,
                day: transactions[transaction].date.dayNumber, position: position
            )
        }
        keys.sort { lhs, rhs in
            if lhs.amount != rhs.amount { return lhs.amount < rhs.amount }
            if lhs.day != rhs.day { return lhs.day < rhs.day }
            return lhs.position < rhs.position
        }
        var start = 0
        while start < keys.count {
            var end = start + 1
            while end < keys.count, keys[end].amount == keys[start].amount, keys[end].day == keys[start].day {
                end += 1
            }
            if end - start > 1 {
                keys[start..<end].sort { lhs, rhs in
                    let left = transactions[rows[lhs.position].index].id
                    let right = transactions[rows[rhs.position].index].id
                    return left != right ? left < right : lhs.position < rhs.position
                }
            }
            start = end
        }
        rows = keys.map { rows[$0.position] }
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
