/// What made a transaction, or a category's month, stand out.
public enum AnomalyKind: String, Sendable, Equatable, CaseIterable {
    /// An expense far from the payee's (or, for a new payee, the category's) usual amounts.
    case unusualAmount
    /// The same amount at the same payee on the same account twice within two days.
    case doubleCharge
    /// A first payment to a payee, larger than nearly everything else in its category.
    case newPayeeLargeAmount
    /// A currency the account has never seen: a card used abroad, or someone else using it.
    case newCurrency
    /// A recurring payment whose amount has changed.
    case priceChange
    /// A category's month total far above its recent months.
    case categorySpike
    /// Tiny charges then a larger one, or a burst of charges, at merchants never seen before on one
    /// day: a stolen card number being tried.
    case cardTesting
}
