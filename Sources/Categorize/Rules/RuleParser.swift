import Ledger

/// Reads a rule file into `Rule` values, collecting every error rather than stopping at the first.
///
/// A rule is an unindented `if CONDITION` line, optionally continued by indented lines that start
/// with `and` or `or`, followed by indented action lines. Blank lines and lines whose first
/// non-blank character is `#` are ignored everywhere.
public enum RuleParser {
    /// Parses `text`; `path` names the file in errors and rule ids (`rules/food.rules`).
    public static func parse(
        _ text: String, path: String, origin: RuleOrigin = .user
    ) -> (
        rules: [Rule], errors: [CategorizeError]
    ) {
        let lines = TextLines.split(text).map(String.init)
        var file = FileParser(path: path, lines: lines, origin: origin)
        file.run()
        return (file.rules, file.errors)
    }
}

/// The state of parsing one file.
private struct FileParser {
    let path: String
    let lines: [String]
    let origin: RuleOrigin
    var rules: [Rule] = []
    var errors: [CategorizeError] = []

    init(path: String, lines: [String], origin: RuleOrigin) {
        self.path = path
        self.lines = lines
        self.origin = origin
    }

    func error(line: Int, column: Int, length: Int = 1, _ message: String) -> CategorizeError {
        CategorizeError(
            path: path, line: line, column: column, message: message, sourceLine: lines[line - 1], length: length)
    }

    /// Blank or a comment.
    static func isSkippable(_ scalars: [Unicode.Scalar]) -> Bool {
        guard let first = scalars.firstIndex(where: { !RuleLexer.isSpace($0) }) else { return true }
        return scalars[first] == "#"
    }

    static func isIndented(_ scalars: [Unicode.Scalar]) -> Bool { scalars.first == " " || scalars.first == "\t" }

    /// The first word of the line from `start`: its text and scalar range.
    static func firstWord(_ scalars: [Unicode.Scalar], from start: Int = 0) -> (String, Int, Int)? {
        guard let begin = scalars[start...].firstIndex(where: { !RuleLexer.isSpace($0) }) else { return nil }
        var end = begin
        var word = ""
        while end < scalars.count, !RuleLexer.isSpace(scalars[end]) {
            word.unicodeScalars.append(scalars[end])
            end += 1
        }
        return (word, begin, end)
    }

    mutating func run() {
        let scalarLines = lines.map { Array($0.unicodeScalars) }
        var index = 0
        while index < scalarLines.count {
            let scalars = scalarLines[index]
            let lineNumber = index + 1
            index += 1
            if FileParser.isSkippable(scalars) { continue }
            guard let (word, begin, end) = FileParser.firstWord(scalars) else { continue }
            if FileParser.isIndented(scalars) {
                errors.append(
                    error(
                        line: lineNumber, column: begin + 1, length: end - begin,
                        "this indented line belongs to no rule (start a rule with an unindented 'if' line)"))
                continue
            }
            guard word == "if" else {
                let message: String
                if RuleAction.keywords.contains(word) {
                    message = "action '\(word)' must be indented under an 'if' line"
                } else if let guess = Suggestion.closest(to: word, among: ["if"]) {
                    message = "expected a rule starting with 'if', found '\(word)' (did you mean '\(guess)'?)"
                } else {
                    message = "expected a rule starting with 'if', found '\(word)'"
                }
                errors.append(error(line: lineNumber, column: begin + 1, length: end - begin, message))
                while index < scalarLines.count,
                    FileParser.isIndented(scalarLines[index])
                        || FileParser.isSkippable(
                            scalarLines[index])
                {
                    index += 1
                }
                continue
            }
            // The condition: the rest of the `if` line plus indented `and`/`or` continuation lines.
            var tokens: [RuleToken] = []
            var failed = false
            var lastLine = lineNumber
            do throws(RuleLexer.Failure) {
                tokens += try RuleLexer.tokens(scalars, from: end, line: lineNumber)
            } catch {
                errors.append(self.error(line: lineNumber, column: error.column, length: error.length, error.message))
                failed = true
            }
            while index < scalarLines.count {
                let next = scalarLines[index]
                guard FileParser.isIndented(next), let (nextWord, _, _) = FileParser.firstWord(next),
                    ["and", "or"].contains(nextWord.lowercased())
                else { break }
                do throws(RuleLexer.Failure) {
                    tokens += try RuleLexer.tokens(next, from: 0, line: index + 1)
                } catch {
                    errors.append(
                        self.error(line: index + 1, column: error.column, length: error.length, error.message))
                    failed = true
                }
                lastLine = index + 1
                index += 1
            }
            // The actions: every following indented, blank or comment line.
            var actionLines: [Int] = []
            while index < scalarLines.count,
                FileParser.isIndented(scalarLines[index]) || FileParser.isSkippable(scalarLines[index])
            {
                if !FileParser.isSkippable(scalarLines[index]) { actionLines.append(index) }
                index += 1
            }
            var condition: Condition?
            if !failed {
                let endColumn = scalarLines[lastLine - 1].count + 1
                var parser = ConditionParser(tokens: tokens, endLine: lastLine, endColumn: endColumn)
                do throws(ConditionParser.Failure) {
                    condition = try parser.parseCondition()
                } catch {
                    errors.append(
                        self.error(line: error.line, column: error.column, length: error.length, error.message))
                }
            }
            var actions: [RuleAction] = []
            var seen: [String: Int] = [:]
            for actionIndex in actionLines {
                let actionScalars = scalarLines[actionIndex]
                do throws(CategorizeError) {
                    let action = try parseAction(actionScalars, line: actionIndex + 1)
                    if case .tag(let more) = action, let position = actions.firstIndex(where: { $0.keyword == "tag" }),
                        case .tag(let existing) = actions[position]
                    {
                        actions[position] = .tag(existing + more.filter { !existing.contains($0) })
                        continue
                    }
                    if let previous = seen[action.keyword] {
                        let (_, begin, end) = FileParser.firstWord(actionScalars)!
                        throw error(
                            line: actionIndex + 1, column: begin + 1, length: end - begin,
                            "the rule already has a '\(action.keyword)' action (line \(previous))")
                    }
                    seen[action.keyword] = actionIndex + 1
                    actions.append(action)
                } catch {
                    errors.append(error)
                }
            }
            if actionLines.isEmpty {
                errors.append(
                    error(
                        line: lineNumber, column: 1, length: 2,
                        "the rule has no actions (indent them under the 'if' line, e.g. '    category Food:Groceries')")
                )
                continue
            }
            if let condition {
                rules.append(
                    Rule(
                        id: RuleID(file: path, line: lineNumber), condition: condition, actions: actions, origin: origin
                    ))
            }
        }
        if !errors.isEmpty { rules = [] }
    }

    func parseAction(_ scalars: [Unicode.Scalar], line: Int) throws(CategorizeError) -> RuleAction {
        let (keyword, begin, end) = FileParser.firstWord(scalars)!
        let argumentStart = scalars[end...].firstIndex(where: { !RuleLexer.isSpace($0) }) ?? scalars.count
        var argumentEnd = scalars.count
        while argumentEnd > argumentStart, RuleLexer.isSpace(scalars[argumentEnd - 1]) { argumentEnd -= 1 }
        var argument = ""
        argument.unicodeScalars.append(contentsOf: scalars[argumentStart..<argumentEnd])
        let argumentColumn = argumentStart + 1
        let argumentLength = max(1, argumentEnd - argumentStart)
        func fail(_ message: String, atArgument: Bool = true) -> CategorizeError {
            atArgument
                ? error(line: line, column: argumentColumn, length: argumentLength, message)
                : error(line: line, column: begin + 1, length: end - begin, message)
        }
        func noArgument(_ action: RuleAction) throws(CategorizeError) -> RuleAction {
            guard argument.isEmpty else { throw fail("'\(keyword)' takes no argument") }
            return action
        }
        func required(_ example: String) throws(CategorizeError) -> String {
            guard !argument.isEmpty else {
                throw fail("'\(keyword)' needs an argument, e.g. '\(keyword) \(example)'", atArgument: false)
            }
            return FileParser.unquoted(argument)
        }
        switch keyword {
        case "category":
            let text = try required("Food:Groceries")
            guard let path = CategoryPath(text) else {
                throw fail("'\(text)' is not a category (write parts separated by colons, e.g. Food:Groceries)")
            }
            return .category(path)
        case "rename":
            return .rename(try required("Tesco"))
        case "note":
            return .note(try required("shared with Sam"))
        case "tag":
            let text = try required("review")
            let tags = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
            return .tag(tags)
        case "transfer":
            guard !argument.isEmpty else { return .transfer }
            let account = FileParser.unquoted(argument)
            guard !account.contains(where: { $0 == " " || $0 == "\t" }) else {
                throw fail("'transfer' takes at most one account id, e.g. 'transfer pension'")
            }
            return .transferWith(AccountID(account))
        case "ignore": return try noArgument(.ignore)
        case "continue": return try noArgument(.continue)
        case "split":
            _ = try required("Food:Groceries 60%, Home 40%")
            do throws(SplitSyntax.Failure) {
                return .split(try SplitSyntax.parse(Array(scalars[argumentStart..<argumentEnd])))
            } catch {
                throw self.error(
                    line: line, column: argumentStart + error.offset + 1, length: error.length, error.message)
            }
        case "and", "or":
            throw fail("a condition line ('\(keyword) ...') must come before the rule's actions", atArgument: false)
        default:
            if let guess = Suggestion.closest(to: keyword, among: RuleAction.keywords) {
                throw fail("unknown action '\(keyword)' (did you mean '\(guess)'?)", atArgument: false)
            }
            throw fail(
                "unknown action '\(keyword)' (expected \(RuleAction.keywords.joined(separator: ", ")))",
                atArgument: false)
        }
    }

    /// `"Tesco Express"` without its quotes; other text as it is.
    static func unquoted(_ text: String) -> String {
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { return String(text.dropFirst().dropLast()) }
        return text
    }
}
