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
    /// The month before's and the year before's scores, `—` where the data has none.
    public var previousScore: String = "—"
    public var yearAgoScore: String = "—"

    /// `68 last month, 61 a year ago`, or empty when neither is known.
    public var comparison: String {
        var parts: [String] = []
        if previousScore != "—" { parts.append("\(previousScore) last month") }
        if yearAgoScore != "—" { parts.append("\(yearAgoScore) a year ago") }
        return parts.joined(separator: ", ")
    }

    public func child(named name: String) -> Any? {
        switch name {
        case "score": score
        case "grade": grade
        case "tone": tone
        case "components": components
        case "note": note
        case "previousScore": previousScore
        case "yearAgoScore": yearAgoScore
        case "comparison": comparison
        case "hasComparison": !comparison.isEmpty
        case "hasNote": !note.isEmpty
        default: nil
        }
    }
}
