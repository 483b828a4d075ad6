import Ledger

/// Finds rules that do nothing: rules that matched no transaction, and rules that can never match
/// because an earlier rule always matches first.
public struct RuleLinter {
    /// One finding, printed as `rules/food.rules:9: warning: message`.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public var rule: RuleID
        public var message: String
        public var description: String { "\(rule): warning: \(message)" }
    }

    public init() {}

    /// - Parameter matchCounts: how many transactions each rule matched in the journal (rule order),
    ///   or nil to skip the "matched nothing" check.
    public func lint(_ rules: [Rule], matchCounts: [Int]?) -> [Finding] {
        var findings: [Finding] = []
        for (index, rule) in rules.enumerated() where rule.origin == .user {
            var shadowed = false
            for earlier in rules[..<index] where !earlier.continues {
                if let reason = RuleLinter.shadowReason(earlier: earlier.condition, later: rule.condition) {
                    findings.append(
                        Finding(
                            rule: rule.id, message: "this rule can never match: \(earlier.id) matches first (\(reason))"
                        ))
                    shadowed = true
                    break
                }
            }
            if !shadowed, let matchCounts, matchCounts[index] == 0 {
                findings.append(Finding(rule: rule.id, message: "this rule matched no transaction in the journal"))
            }
        }
        return findings
    }

    /// Why every transaction `later` matches is matched by `earlier`, or nil when that is not certain.
    static func shadowReason(earlier: Condition, later: Condition) -> String? {
        if earlier == later { return "the same condition" }
        guard case .text(let wide) = earlier, !wide.negated, !wide.wholeField else { return nil }
        for part in later.conjuncts {
            guard case .text(let narrow) = part, !narrow.negated, !narrow.wholeField else { continue }
            guard Set(MatchInput.slots(narrow.field)).isSubset(of: MatchInput.slots(wide.field)) else { continue }
            let covered = narrow.patterns.allSatisfy { pattern in
                wide.patterns.contains { covers($0, pattern) }
            }
            if covered { return "'\(wide)' covers '\(narrow)'" }
        }
        return nil
    }

    /// True when every text `narrow` occurs in also contains `wide`.
    static func covers(_ wide: TextPattern, _ narrow: TextPattern) -> Bool {
        switch (wide, narrow) {
        case (.substring(let outer), .substring(let inner)), (.substring(let outer), .word(let inner)):
            return TextFold.find(Array(outer.utf8), in: Array(inner.utf8), wholeWord: false)
        case (.word(let outer), .word(let inner)):
            return TextFold.find(Array(outer.utf8), in: Array(inner.utf8), wholeWord: true)
        case (.substring(let outer), .regex(let source)):
            guard let literal = RegexLiteral.required(in: source) else { return false }
            return TextFold.find(Array(outer.utf8), in: literal, wholeWord: false)
        case (.regex(let outer), .regex(let inner)):
            return outer == inner
        default:
            return false
        }
    }
}
