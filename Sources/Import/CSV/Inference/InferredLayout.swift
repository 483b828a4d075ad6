/// A CSV layout worked out from a file itself, when no profile matches it: the profile (the same
/// value `CSVProfile.parse` makes from TOML), where the header is, and how sure the inference is.
public struct InferredLayout: Sendable {
    public enum Confidence: String, Sendable {
        /// Header names and contents agree, or a balance column proves the amounts.
        case high
        /// Contents alone decided: no header, or names the vocabulary does not know.
        case medium
        /// A decision rests on a default (the decimal mark of amounts like `1.500`).
        case low
    }

    public var profile: CSVProfile
    /// The index among the file's non-empty records of the header line; nil when headerless.
    var headerRecord: Int?
    public var confidence: Confidence
    /// Why, in sentences: what proved what.
    public var reasons: [String]
    /// Set when the file does not say its currency and the workspace's was taken: the warning
    /// for the import report (`currency assumed: GBP, from base_currency ...`).
    public var assumedCurrency: String?

    /// The profile as TOML, ready to save under `importers/`, with comments saying it was
    /// inferred and how sure the inference is.
    public var toml: String { InferredProfileTOML.render(self) }
}

extension InferredLayout.Confidence: Comparable {
    private var rank: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .high: 2
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
