import Mustache

/// How a figure moved against an earlier month, in words and signs as well as colour.
public struct ComparisonView: MustacheParent, Sendable {
    /// `▲`, `▼` or `=`.
    public var arrow: String
    /// `up`, `down` or `unchanged`.
    public var word: String
    /// `+£120.00`, `−£45.10`, `+2.1 pts`.
    public var change: String
    /// `+3.9%`, or empty where the earlier figure was zero.
    public var ratio: String
    /// `September 2026`.
    public var against: String
    /// `good`, `bad` or `flat`: whether the move helps the household.
    public var tone: String

    /// `▲ +£120.00 (+3.9%)`.
    public var summary: String {
        ratio.isEmpty ? "\(arrow) \(change)" : "\(arrow) \(change) (\(ratio))"
    }

    public func child(named name: String) -> Any? {
        switch name {
        case "arrow": arrow
        case "word": word
        case "change": change
        case "ratio": ratio
        case "hasRatio": !ratio.isEmpty
        case "against": against
        case "tone": tone
        case "summary": summary
        default: nil
        }
    }
}
