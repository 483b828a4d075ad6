/// A file-name pattern from an account's `inbox` list in `closebook.toml`: `*` matches any run of
/// characters (also none), `?` exactly one, everything else itself. Matched against names inside `inbox/`.
public struct InboxGlob: Sendable, Hashable {
    public let pattern: String
    private let characters: [Character]

    public init(_ pattern: String) {
        // Patterns written relative to the workspace (`inbox/x-*.csv`) mean the same as without the folder.
        let trimmed = pattern.hasPrefix("inbox/") ? String(pattern.dropFirst(6)) : pattern
        self.pattern = pattern
        self.characters = Array(trimmed)
    }

    /// True when `name` matches the whole pattern.
    public func matches(_ name: String) -> Bool {
        let text = Array(name)
        var p = 0
        var t = 0
        var starP = -1
        var starT = 0
        while t < text.count {
            if p < characters.count, characters[p] == "?" || characters[p] == text[t] && characters[p] != "*" {
                p += 1
                t += 1
            } else if p < characters.count, characters[p] == "*" {
                starP = p
                starT = t
                p += 1
            } else if starP >= 0 {
                p = starP + 1
                starT += 1
                t = starT
            } else {
                return false
            }
        }
        while p < characters.count, characters[p] == "*" { p += 1 }
        return p == characters.count
    }
}
