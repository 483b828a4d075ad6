import Categorize
import Ledger

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
