import Ledger

/// What `closebook.toml` says about a file whose layout is inferred: what the file alone cannot
/// prove. The day/month order of ambiguous dates; the account's type, since a balance column
/// proves the amounts' arithmetic but not which way a card's balance runs; and the currencies,
/// so that one the file does not state is never assumed in silence.
struct InferenceContext {
    var dateOrder: DateOrder?
    var accountKind: AccountKind?
    /// The account's id, for the `[[accounts]]` entry a refusal offers.
    var accountID: String?
    /// The account's `sign`: which way amounts without a minus go.
    var accountSign: AmountSign?
    var accountCurrency: Currency?
    var baseCurrency: Currency?
    var workspaceCurrencies: [Currency] = []
    /// The currency taken when neither the file nor the account says one.
    var defaultCurrency: Currency = .eur

    init(dateOrder: DateOrder? = nil) {
        self.dateOrder = dateOrder
    }

    init(_ context: ReadContext) {
        dateOrder = context.account?.dateOrder
        accountKind = context.account?.kind
        accountSign = context.account?.sign
        accountID = context.account.map { $0.id.rawValue }
        accountCurrency = context.account?.currency
        baseCurrency = context.baseCurrency
        workspaceCurrencies = context.workspaceCurrencies
        defaultCurrency = context.defaultCurrency
    }
}
