import Mustache

/// One component of the health score: what was measured, its score and its weight.
public struct HealthComponentView: MustacheParent, Sendable, Equatable {
    /// `Savings rate`.
    public var name: String
    /// `24.3%`, `4.2 months`, `+£837.65`, or `—` without data.
    public var value: String
    /// `85.5 / 100`, or `—`.
    public var score: String
    /// `30%`.
    public var weight: String
    /// Why there is no data, or empty.
    public var reason: String

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        case "score": score
        case "weight": weight
        case "reason": reason
        case "hasReason": !reason.isEmpty
        default: nil
        }
    }
}
