/// Why a month cannot be analysed.
public struct AnalyzeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// True for errors in what the user asked for (a month outside the data): exit status 2.
    public let isUsage: Bool
    public init(_ message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }
    public var description: String { "error: \(message)" }
}
