import Ledger

/// The categorisation stage as a function: journal in, ledger out.
///
/// Order of precedence for each transaction: `overrides.csv`, then user rules (file-name order,
/// first match wins), then bank profile rules, then the starter pack, then the learned classifier. Transfer pairing runs
/// after rules and overrides and before learning, so a paired leg is never guessed at.
///
/// `categorize` runs the steps in that order, each in a file of its own: the decision a set of
/// matched rules makes (`Categorizer+RuleDecision`), rules then overrides on every row
/// (`+RulesAndOverrides`), transfer pairing (`+Transfers`), the learned fallback (`+Learning`) and
/// the order of `uncategorized.csv` (`+UncategorizedOrder`).
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
        var displayText = [Int32](repeating: -2, count: texts.displays.count)
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
            let number = Int(texts.payees[Int(facts.payee[row])].display)
            if displayText[number] == -2 {
                let display = texts.displays[number]
                displayText[number] = display.isEmpty ? -1 : textNumber(display)
            }
            rows.newPayee[row] = displayText[number]
        }
        if keepsWorkingMemoryUntilExit { KeptUntilExit.keep(texts) }
        return Categorization(
            report: report, uncategorized: uncategorized, order: order, guesses: learned.guesses, errors: errors,
            decisions: decisions.all)
    }
}
