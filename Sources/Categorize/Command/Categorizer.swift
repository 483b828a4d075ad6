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
    public func run(_ journal: Journal) -> CategorizeOutcome {
        var transactions = journal.transactions
        var report = CategorizeReport()
        report.transactions = transactions.count
        var ruleCounts = [Int](repeating: 0, count: matcher.rules.count)
        var cleanCache: [String: CleanPayee] = [:]
        var cleanKeys = [String](repeating: "", count: transactions.count)
        var ruleMarked = [Bool](repeating: false, count: transactions.count)
        var transferRule = [Int?](repeating: nil, count: transactions.count)
        var errors: [CategorizeError] = []
        var input = MatchInput()
        var scratch = matcher.makeScratch()
        var matched: [Int] = []
        var knownIDs = Set<TransactionID>()
        cleanCache.reserveCapacity(min(transactions.count, 1 << 16))
        for index in transactions.indices {
            var transaction = transactions[index]
            if !overrides.overrides.isEmpty { knownIDs.insert(transaction.id) }
            let clean: CleanPayee
            if let cached = cleanCache[transaction.payee] {
                clean = cached
            } else {
                clean = normaliser.normalise(transaction.payee)
                cleanCache[transaction.payee] = clean
            }
            cleanKeys[index] = clean.key
            input.load(transaction, cleanKey: clean.key)
            matched.removeAll(keepingCapacity: true)
            matcher.match(input, scratch: &scratch, into: &matched)
            for rule in matched { ruleCounts[rule] += 1 }
            var decision = matched.isEmpty ? RuleDecision() : decide(matched: matched)
            if decision.transfer {
                ruleMarked[index] = true
                transferRule[index] = matched.first { matcher.rules[$0].actions.contains(.transfer) }
            }
            var splitFromOverride = false
            if let override = overrides[transaction.id] {
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
                transaction.category = category
                transaction.categorySource = decision.source
            }
            transaction.payee = decision.rename ?? (clean.display.isEmpty ? transaction.payee : clean.display)
            for tag in decision.tags where !transaction.tags.contains(tag) { transaction.tags.append(tag) }
            if let note = decision.note { transaction.note = note }
            if decision.transfer { transaction.isTransfer = true }
            if decision.ignore { transaction.isIgnored = true }
            if let plan = decision.split {
                switch plan.allocate(transaction.amount) {
                case .success(let splits):
                    transaction.splits = splits
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
            transactions[index] = transaction
        }
        for id in overrides.overrides.keys.sorted() where !knownIDs.contains(id) {
            report.unknownOverrideIDs.append(id.rawValue)
        }

        // Transfers: legs a rule marked, and legs nothing categorised.
        var legs: [TransferPairer.Leg] = []
        for (index, transaction) in transactions.enumerated() where !transaction.isIgnored {
            let eligible = transaction.isTransfer || transaction.category == nil
            guard eligible, transaction.transferPeer == nil else { continue }
            legs.append(
                TransferPairer.Leg(
                    index: index, id: transaction.id, account: transaction.account, date: transaction.date,
                    amount: transaction.amount, marked: transaction.isTransfer))
        }
        let pairs = TransferPairer(windowDays: settings.transferWindowDays).pair(legs)
        for (out, incoming) in pairs {
            for (this, peer) in [(out, incoming), (incoming, out)] {
                transactions[this].isTransfer = true
                transactions[this].transferPeer = transactions[peer].id
                transactions[this].categorySource = .transfer
            }
        }
        report.transferPairs = pairs.count
        for (index, transaction) in transactions.enumerated()
        where transaction.isTransfer && transaction.transferPeer == nil {
            report.unpairedTransfers.append(
                CategorizeReport.UnpairedLeg(
                    id: transaction.id.rawValue, date: transaction.date.isoString,
                    account: transaction.account.rawValue,
                    amount: transaction.amount.decimalString, currency: transaction.amount.currency.code,
                    rule: transferRule[index].map { matcher.rules[$0].id.description }
                        ?? (ruleMarked[index] ? "rule" : nil)))
        }

        // The learned fallback, trained on what rules and overrides decided.
        var examples: [(features: [String], category: CategoryPath)] = []
        for (index, transaction) in transactions.enumerated() where !transaction.isTransfer {
            guard let category = transaction.category else { continue }
            switch transaction.categorySource {
            case .rule, .profileRule, .override:
                examples.append((Categorizer.features(transaction, cleanKey: cleanKeys[index]), category))
            default: continue
            }
        }
        let classifier = NaiveBayesClassifier(examples: examples)
        report.learnedTrainedOn = examples.count
        var uncategorized: [UncategorizedEntry] = []
        var predictionCache: [[String]: NaiveBayesClassifier.Prediction?] = [:]
        for (index, transaction) in transactions.enumerated()
        where transaction.category == nil && !transaction.isTransfer && !transaction.isIgnored {
            let features = Categorizer.features(transaction, cleanKey: cleanKeys[index])
            let prediction: NaiveBayesClassifier.Prediction?
            if let cached = predictionCache[features] {
                prediction = cached
            } else {
                prediction = classifier.predict(features, evidence: FeatureExtractor.isPayeeFeature)
                predictionCache[features] = prediction
            }
            if let prediction, prediction.confidence >= settings.learnedThreshold {
                transactions[index].category = prediction.category
                transactions[index].categorySource = .learned(confidence: prediction.confidence)
                report.learnedApplied += 1
                continue
            }
            uncategorized.append(
                UncategorizedEntry(
                    transaction: transactions[index], prediction: prediction,
                    rawPayee: journal.transactions[index].payee))
        }
        uncategorized.sort { lhs, rhs in
            let left = lhs.transaction.amount.minorUnits.magnitude
            let right = rhs.transaction.amount.minorUnits.magnitude
            if left != right { return left > right }
            if lhs.transaction.date != rhs.transaction.date { return lhs.transaction.date < rhs.transaction.date }
            return lhs.transaction.id < rhs.transaction.id
        }

        for transaction in transactions {
            switch transaction.categorySource {
            case .rule: report.bySource.rule += 1
            case .profileRule: report.bySource.profileRule += 1
            case .override: report.bySource.override += 1
            case .learned: report.bySource.learned += 1
            case .transfer: report.bySource.transfer += 1
            case .none: report.bySource.none += 1
            }
            if transaction.isIgnored { report.ignored += 1 }
        }
        report.uncategorized = uncategorized.count
        report.rules = matcher.rules.indices.map {
            CategorizeReport.RuleUse(rule: matcher.rules[$0].id.description, matched: ruleCounts[$0])
        }
        var ledger = Journal(
            stage: "ledger", baseCurrency: journal.baseCurrency, accounts: journal.accounts, transactions: transactions)
        ledger.sortCanonically()
        return CategorizeOutcome(ledger: ledger, uncategorized: uncategorized, report: report, errors: errors)
    }

    static func features(_ transaction: Transaction, cleanKey: String) -> [String] {
        FeatureExtractor.features(
            cleanKey: cleanKey, memo: transaction.memo, amount: transaction.amount, account: transaction.account)
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
