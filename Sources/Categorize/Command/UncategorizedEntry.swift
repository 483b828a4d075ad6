import Ledger

/// A transaction left without a category, with the classifier's best guess below the threshold.
public struct UncategorizedEntry: Sendable {
    public var transaction: Transaction
    public var prediction: NaiveBayesClassifier.Prediction?
    /// The payee as the bank exported it (the ledger shows the clean one).
    public var rawPayee: String
}
