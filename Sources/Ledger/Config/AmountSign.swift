/// Which way an account's CSV amounts run, set as `sign` on its `[[accounts]]` entry: the one
/// decision a file with amounts that all lack a minus cannot make for itself (money in, or a
/// card's charges written as positive numbers).
///
/// It settles the sign of a file whose layout is inferred; a bank profile says its own `sign`.
public enum AmountSign: String, Sendable, CaseIterable {
    /// Amounts mean what they say: no minus is money in.
    case asWritten = "as-written"
    /// Amounts run the other way: no minus is money out (a card export's charges).
    case inverted
}
