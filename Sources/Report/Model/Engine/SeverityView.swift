import Mustache

/// How much something matters, said in a word and an icon as well as a colour.
public struct SeverityView: MustacheParent, Sendable, Equatable {
    /// `Critical`, `Warning`, `Good`, `Note`.
    public var word: String
    /// `‼`, `⚠`, `✓`, `ℹ`: repeats the word for the eye; hidden from screen readers.
    public var icon: String
    /// `critical`, `warning`, `positive`, `neutral`: a CSS class (`sev-critical`).
    public var level: String

    /// The view of an engine severity; anything unknown reads as a note.
    public init(_ severity: String) {
        switch severity {
        case "critical": (word, icon, level) = ("Critical", "‼", "critical")
        case "warning": (word, icon, level) = ("Warning", "⚠", "warning")
        case "positive": (word, icon, level) = ("Good", "✓", "positive")
        default: (word, icon, level) = ("Note", "ℹ", "neutral")
        }
    }

    /// Critical first.
    var rank: Int {
        switch level {
        case "critical": 0
        case "warning": 1
        case "neutral": 2
        default: 3
        }
    }

    public func child(named name: String) -> Any? {
        switch name {
        case "word": word
        case "icon": icon
        case "level": level
        default: nil
        }
    }
}
