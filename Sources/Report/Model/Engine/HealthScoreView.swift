import Mustache

/// The month's health score: the number, its grade in words, and the five components.
public struct HealthScoreView: MustacheParent, Sendable, Equatable {
    /// `72`.
    public var score: String
    /// `Good`.
    public var grade: String
    /// `good`, `flat` or `bad`: a CSS class; the grade says it in words.
    public var tone: String
    public var components: [HealthComponentView]
    /// Which components had no data and how their weight was shared, or empty.
    public var note: String

    public func child(named name: String) -> Any? {
        switch name {
        case "score": score
        case "grade": grade
        case "tone": tone
        case "components": components
        case "note": note
        case "hasNote": !note.isEmpty
        default: nil
        }
    }
}
