import Categorize
import Ledger
import Testing

/// Small builders shared by the tests.
enum Fixture {
    static func transaction(
        _ id: String, account: String = "current", date: String = "2026-10-01", amount: String, payee: String,
        memo: String = "", bankType: String? = nil, bankCategory: String? = nil, currency: Currency = .gbp
    ) -> Transaction {
        Transaction(
            id: TransactionID(id), account: AccountID(account), date: CivilDate(iso: date)!,
            amount: (try? Money.parse(amount, currency: currency))!, payee: payee, memo: memo, bankType: bankType,
            bankCategory: bankCategory, source: SourceLocation(file: "inbox/test.csv", line: 1))
    }

    static func journal(_ transactions: [Transaction]) -> Journal {
        Journal(
            stage: "journal", baseCurrency: .gbp,
            accounts: [
                Account(id: "current", name: "Current", kind: .checking, currency: .gbp),
                Account(id: "savings", name: "Savings", kind: .savings, currency: .gbp),
                Account(id: "card", name: "Card", kind: .creditCard, currency: .gbp),
                Account(id: "euro", name: "Euro", kind: .checking, currency: .eur),
            ], transactions: transactions)
    }

    /// Writes `transactions` as the journal of the workspace `folder` (`build/journal.jsonl`).
    static func writeJournal(_ transactions: [Transaction], to folder: String) throws {
        try FileOutput.write(JournalCodec.encode(journal(transactions)), to: folder + "/build/journal.jsonl")
    }

    /// Runs the stage on the workspace `folder` as `make report` does, with the text cache, the
    /// guess cache and the rows cache at the paths given (none for nil); returns the bytes of the
    /// ledger, `uncategorized.csv` and the report.
    static func runStage(
        _ folder: String, textCache: String? = nil, guessCache: String? = nil, rowsCache: String? = nil
    ) throws -> [[UInt8]] {
        var run = CategorizeRun(
            workspace: folder, journalPath: folder + "/build/journal.jsonl",
            mode: .write(
                ledger: folder + "/build/ledger.jsonl", uncategorized: folder + "/build/uncategorized.csv",
                report: folder + "/build/categorize-report.json"))
        run.textCachePath = textCache
        run.guessCachePath = guessCache
        run.rowsCachePath = rowsCache
        let result = run.execute()
        #expect(result.exitCode == 0, "\(result.standardError)")
        return try ["ledger.jsonl", "uncategorized.csv", "categorize-report.json"].map {
            try FileOutput.read(folder + "/build/" + $0)
        }
    }

    /// Parses rule text that must be valid.
    static func rules(_ text: String, path: String = "rules/test.rules", origin: RuleOrigin = .user) -> [Rule] {
        let parsed = RuleParser.parse(text, path: path, origin: origin)
        precondition(parsed.errors.isEmpty, "\(parsed.errors)")
        return parsed.rules
    }

    /// Runs the stage on transactions with the given rules; the ledger keyed by id.
    static func categorize(
        _ rules: String, _ transactions: [Transaction], overrides: OverrideTable = OverrideTable(),
        profile: String? = nil, settings: CategorizeSettings = CategorizeSettings(), rates: RateTable? = nil,
        valuedAccounts: Set<AccountID> = []
    ) -> (ledger: [String: Transaction], outcome: CategorizeOutcome) {
        var all = Fixture.rules(rules)
        if let profile { all += Fixture.rules(profile, path: "Importers/bank.rules", origin: .profile) }
        var categorizer = Categorizer(rules: all, overrides: overrides, settings: settings)
        categorizer.rates = rates
        categorizer.valuedAccounts = valuedAccounts
        let outcome = categorizer.run(journal(transactions))
        var byID: [String: Transaction] = [:]
        for transaction in outcome.ledger.transactions { byID[transaction.id.rawValue] = transaction }
        return (byID, outcome)
    }

    /// The error messages (full, with source and caret lines) of parsing `text`.
    static func errors(_ text: String, path: String = "rules/food.rules") -> [String] {
        RuleParser.parse(text, path: path).errors.map(\.description)
    }
}
