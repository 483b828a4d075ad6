/// A hierarchical category, `Food:Groceries`: components joined by colons, most general first.
public struct CategoryPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let components: [String]

    /// Parses `Food:Groceries`; nil when empty or when a component is blank.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        components = parts
    }

    public init(components: [String]) {
        precondition(!components.isEmpty, "a category path has at least one component")
        self.components = components
    }

    /// The first component: `Food` for `Food:Groceries`.
    public var top: String { components[0] }

    /// The path one level up, nil at the top.
    public var parent: CategoryPath? {
        components.count > 1 ? CategoryPath(components: Array(components.dropLast())) : nil
    }

    /// True when `self` is `other` or lies below it.
    public func isWithin(_ other: CategoryPath) -> Bool {
        components.count >= other.components.count
            && Array(components.prefix(other.components.count)) == other.components
    }

    public var description: String { components.joined(separator: ":") }

    public static func < (lhs: CategoryPath, rhs: CategoryPath) -> Bool { lhs.description < rhs.description }
}

extension String {
    /// Trims characters in `set` from both ends (stdlib-only stand-in for Foundation's).
    func trimmingCharacters(in set: CharacterTrimSet) -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !set.contains($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !set.contains($0) })!
        return String(scalars[start...end])
    }
}

/// The characters `trimmingCharacters(in:)` removes.
enum CharacterTrimSet {
    case whitespaces

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }
}
