/// A payee with the bank's noise removed: the merchant as a person would name it.
public struct CleanPayee: Hashable, Sendable {
    /// For display: `Tesco`, `Trader Joe's`.
    public var display: String
    /// The folded form rules match and the classifier learns from: `tesco`, `trader joe's`.
    public var key: String

    public init(display: String, key: String) {
        self.display = display
        self.key = key
    }
}
