import Ledger
import StageCommand

/// The categorisation stage as a function: journal in, ledger out.
///
/// Order of precedence for each transaction: `overrides.csv`, then user rules (file-name order,
/// first match wins), then bank profile rules, then the starter pack, then the learned classifier. Transfer pairing runs
/// after rules and overrides and before learning, so a paired leg is never guessed at.
///
/// `categorize` runs the steps in that order, each a type of its own in `Steps/`: rules then
/// overrides on every row (`RulesAndOverrides`, deciding each set of matched rules once with
/// `RuleDecider`), transfer pairing (`TransferPairing`, declared pairs first with
/// `DeclaredTransferPairs`), the learned fallback (`LearnedFallback`), the order of
/// `uncategorized.csv` (`UncategorizedOrder`), the report's counts (`SourceTally`) and the payee
/// each row shows (`PayeeDisplays`).
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
    /// What the last run made of the texts it met (`TextCache`), made under these rules.
    var textCache: TextCache?
    /// With a fingerprint (`CacheFingerprint`), the run also makes the next text cache.
    var textCacheFingerprint: [UInt8]?
    /// What the learned fallback guessed last time (`GuessCache`), month by month.
    var guessCache: GuessCache?
    /// With a seed (`GuessDigests.seed`), the run also makes the next guess cache.
    var guessSeed: [UInt8]?
    /// The cores the learned fallback guesses on (`LearnedFallback.learn`): the same guesses on any.
    var cores = Cores.available

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
        var timings = StageTimings()
        return categorize(&rows, timings: &timings)
    }

    /// `categorize(_:)`, adding where the time went to `timings`, step by step.
    func categorize(_ rows: inout LedgerRows, timings: inout StageTimings) -> Categorization {
        var report = CategorizeReport()
        report.transactions = rows.count
        var texts = DistinctTexts(textCount: rows.texts.count)
        var facts = RowFacts(count: rows.count)
        var decisions = Decisions()
        var rowTexts: [RowTexts] = []
        var cacheEntries: [Int32] = []
        let errors = timings.time("rules and overrides") {
            RulesAndOverrides(
                matcher: matcher, overrides: overrides, normaliser: normaliser,
                keepsWorkingMemoryUntilExit: keepsWorkingMemoryUntilExit, cache: textCache
            ).apply(
                &rows, texts: &texts, facts: &facts, decisions: &decisions, report: &report, rowTexts: &rowTexts,
                cacheEntries: &cacheEntries)
        }
        timings.time("transfer pairing") {
            TransferPairing(rules: matcher.rules, settings: settings, rates: rates, valuedAccounts: valuedAccounts)
                .pair(&rows, facts: facts, report: &report)
        }
        let learned = timings.time("learned fallback") {
            LearnedFallback(learnedThreshold: settings.learnedThreshold).learn(
                &rows, texts: &texts, facts: facts, report: &report, cores: cores, cache: guessCache, seed: guessSeed)
        }
        let order = timings.time("uncategorised order") {
            UncategorizedOrder(uncategorized: learned.rows).positions(rows)
        }
        timings.time("counts and payees") {
            SourceTally(uncategorized: learned.rows.count).count(rows, into: &report)
            PayeeDisplays(decisions: decisions.all).show(&rows, texts: texts, facts: facts)
        }
        if keepsWorkingMemoryUntilExit { KeptUntilExit.keep((texts, rowTexts)) }
        return Categorization(
            report: report, uncategorized: learned.rows, order: order, guesses: learned.guesses, errors: errors,
            decisions: decisions.all,
            textCache: textCacheFingerprint.map {
                TextCacheContent(
                    fingerprint: $0, rowTexts: rowTexts, texts: texts, decisions: decisions.all, cache: textCache,
                    cacheEntries: cacheEntries)
            }, guessCache: learned.made)
    }
}
