import Ledger

/// Every rule compiled once, with a literal prefilter so a transaction is checked only against
/// the rules that can match it.
///
/// All literal alternatives of all rules (and the literal every match of a regular expression must
/// contain) go into one `LiteralAutomaton`. A rule whose condition cannot hold unless one of its
/// literals occurs is a candidate only when the automaton found one; rules without such a literal
/// (`amount > 1000`, `not payee ~ x`) are checked for every transaction, in order. Candidates are
/// evaluated in rule order, so the result is exactly "first match wins", however many rules there are.
public final class RuleMatcher {
    public let rules: [Rule]
    let conditions: [CompiledCondition]
    let automaton: LiteralAutomaton
    let literalTexts: [[UInt8]]
    /// For each literal, the rules that become candidates when it occurs: literal `l`'s are
    /// `literalRuleList[literalRuleStarts[l]..<literalRuleStarts[l + 1]]`, in rule order.
    ///
    /// Why one list: an array per literal was retained and released at each hit, and most texts
    /// hit several literals (a fiftieth of matching at 1,000 rules).
    let literalRuleStarts: [Int32]
    let literalRuleList: [Int32]
    /// Rules with no required literal, in order.
    let alwaysRules: [Int32]
    /// Per regular expression: compiled when `LinearRegex` does not read it (a backreference, a
    /// lookaround). Nil for an invalid one, which matches nothing.
    let regexes: [Regex<AnyRegexOutput>?]
    let regexSources: [String]
    /// Per regular expression: the pattern as a `LinearRegex`, when it reads it (nearly always).
    let linearRegexes: [LinearRegex?]
    /// Per regular expression: a literal every match contains (see `RegexLiteral`), if it has one.
    let regexLiterals: [Int32?]
    /// Per regular expression: every match begins the text with its literal (`RegexLiteral.prefilter`).
    let regexLiteralsAtStart: [Bool]
    /// Per regular expression: another literal every match contains, if the prefilter has one.
    let regexOtherLiterals: [Int32?]
    /// Per rule: it has a `continue` action (later rules still apply after it).
    let continuing: [Bool]
    /// Per rule: its condition reads only texts (no amount, date, day, account, currency or sign),
    /// so a row's texts alone settle it.
    let readsOnlyTexts: [Bool]

    public init(rules: [Rule]) {
        var builder = Builder()
        var conditions: [CompiledCondition] = []
        var requirements: [[Int32]?] = []
        for rule in rules {
            let compiled = builder.compile(rule.condition)
            conditions.append(compiled)
            requirements.append(builder.required(compiled))
        }
        var literalRules = [[Int32]](repeating: [], count: builder.literals.count)
        var alwaysRules: [Int32] = []
        for (index, requirement) in requirements.enumerated() {
            if let requirement {
                for literal in Set(requirement) { literalRules[Int(literal)].append(Int32(index)) }
            } else {
                alwaysRules.append(Int32(index))
            }
        }
        self.rules = rules
        self.conditions = conditions
        self.literalTexts = builder.literals
        self.automaton = LiteralAutomaton(patterns: builder.literals)
        var starts: [Int32] = [0]
        starts.reserveCapacity(literalRules.count + 1)
        for rules in literalRules { starts.append(starts[starts.count - 1] + Int32(rules.count)) }
        self.literalRuleStarts = starts
        self.literalRuleList = literalRules.flatMap { $0 }
        self.alwaysRules = alwaysRules
        self.regexes = builder.regexes
        self.regexSources = builder.regexSources
        self.regexLiterals = builder.regexLiterals
        self.regexLiteralsAtStart = builder.regexLiteralsAtStart
        self.regexOtherLiterals = builder.regexOtherLiterals
        self.linearRegexes = builder.linearRegexes
        self.continuing = rules.map(\.continues)
        self.readsOnlyTexts = conditions.map(RuleMatcher.readsOnlyTexts)
    }

    static func readsOnlyTexts(_ condition: CompiledCondition) -> Bool {
        switch condition {
        case .contains, .equals, .constant: true
        case .not(let inner): readsOnlyTexts(inner)
        case .and(let lhs, let rhs), .or(let lhs, let rhs): readsOnlyTexts(lhs) && readsOnlyTexts(rhs)
        case .amount, .date, .day, .account, .currency, .sign: false
        }
    }

    /// How many rules are checked for every transaction because they have no literal to prefilter on.
    public var unfilteredRuleCount: Int { alwaysRules.count }

    func makeScratch() -> MatchScratch { MatchScratch(literalCount: literalTexts.count) }

    /// The text folded, with every literal occurrence found by one pass of the automaton.
    func foldedText(_ text: String, id: Int32) -> FoldedText {
        let folded = TextFold.fold(text)
        return FoldedText(text, folded: folded, hits: hits(in: folded), id: id)
    }

    /// `foldedText(_:id:)` for a text that is its own folded form (a clean payee key): an ASCII one
    /// is not folded again.
    func foldedText(alreadyFolded text: String, id: Int32) -> FoldedText {
        let folded = text.utf8.withContiguousStorageIfAvailable { TextFold.isASCII($0) ? Array($0) : nil } ?? nil
        guard let folded else { return foldedText(text, id: id) }
        return FoldedText(text, folded: folded, hits: hits(in: folded), id: id)
    }

    /// Every occurrence of every literal in `text`, and whether it is a whole word there.
    func hits(in text: [UInt8]) -> [LiteralHit] {
        var hits: [LiteralHit] = []
        Self.hits(in: text, automaton: automaton, into: &hits)
        return hits
    }

    /// `hits(in:)` with `automaton`, appended to `hits`: for a thread of its own, which then holds
    /// its own copy of the automaton rather than the matcher.
    static func hits(in text: [UInt8], automaton: LiteralAutomaton, into hits: inout [LiteralHit]) {
        text.withUnsafeBufferPointer { Self.hits(in: $0, automaton: automaton, into: &hits) }
    }

    /// `hits(in:automaton:into:)` of bytes in place.
    static func hits(
        in text: UnsafeBufferPointer<UInt8>, automaton: LiteralAutomaton, into hits: inout [LiteralHit]
    ) {
        guard !automaton.isEmpty, !text.isEmpty else { return }
        let lengths = automaton.lengths
        automaton.scan(text) { literal, end in
            let start = end - Int(lengths[Int(literal)])
            let bounded =
                !TextFold.isWord(before: start, in: text) && !TextFold.isWord(at: end, in: text)
            hits.append(LiteralHit(literal: literal, bounded: bounded, atStart: start == 0))
        }
    }

    /// Appends to `result` the indices of the rules that apply, in order: every matching rule up to
    /// and including the first one that does not `continue`.
    func match(_ input: MatchInput, scratch: inout MatchScratch, into result: inout [Int]) {
        record(input, scratch: &scratch)
        scratch.candidates.sort()
        var walk = RuleWalk(candidates: scratch.candidates, always: alwaysRules)
        while let rule = walk.next() {
            if evaluate(conditions[Int(rule)], input, &scratch) {
                result.append(Int(rule))
                if !continuing[Int(rule)] { break }
            }
        }
    }

    /// `match(_:scratch:into:)` for every row with `input`'s texts, when the rules it tries read
    /// only texts: then it appends to `result` and returns true. It returns false, with `result`
    /// as it was, as soon as it meets a rule that reads more (the texts then need a `plan`).
    ///
    /// Why: nearly every row's candidate rules read only its texts, and deciding them straight
    /// away skips the plan (a list of steps and a residual condition per rule tried) that every
    /// distinct combination of texts used to make and drop.
    func matchTexts(_ input: MatchInput, scratch: inout MatchScratch, into result: inout [Int]) -> Bool {
        var plan = MatchPlan()
        return matchTexts(input, scratch: &scratch, into: &result, plan: &plan)
    }

    /// `matchTexts(_:scratch:into:)`, and when it returns false, `plan` set to `plan(_:scratch:)`
    /// for these texts, from the same walk.
    ///
    /// Why one walk: the rules before the first one that reads more than texts are already decided
    /// when it is met, and they are the plan's first steps (a rule that held, with no condition
    /// left; one that failed, left out), so the literals are recorded, the candidates sorted and
    /// those rules' texts tested once rather than again by `plan`. At 1M rows with 1,000 rules
    /// (208 of them reading the amount) that was about a million distinct combinations of texts.
    func matchTexts(
        _ input: MatchInput, scratch: inout MatchScratch, into result: inout [Int], plan: inout MatchPlan
    ) -> Bool {
        record(input, scratch: &scratch)
        scratch.candidates.sort()
        let start = result.count
        var planning = false
        var walk = RuleWalk(candidates: scratch.candidates, always: alwaysRules)
        while let rule = walk.next() {
            if !planning && !readsOnlyTexts[Int(rule)] {
                planning = true
                plan = MatchPlan(steps: result[start...].map { MatchPlan.Step(rule: Int32($0), condition: nil) })
                result.removeSubrange(start...)
            }
            if planning {
                if addStep(rule, input, to: &plan, scratch: &scratch) { break }
            } else if evaluate(conditions[Int(rule)], input, &scratch) {
                result.append(Int(rule))
                if !continuing[Int(rule)] { break }
            }
        }
        return !planning
    }

    /// The steps `match(_:plan:scratch:into:)` needs for every row with `input`'s texts: the rules
    /// `match` would try, in order, with their text tests decided for these texts; rules that then
    /// fail are left out, and the plan ends at the first rule that holds outright and does not
    /// continue. What is left of the others (amount, date, account tests) is checked per row.
    func plan(_ input: MatchInput, scratch: inout MatchScratch) -> MatchPlan {
        record(input, scratch: &scratch)
        scratch.candidates.sort()
        var plan = MatchPlan()
        var walk = RuleWalk(candidates: scratch.candidates, always: alwaysRules)
        while let rule = walk.next() {
            if addStep(rule, input, to: &plan, scratch: &scratch) { break }
        }
        return plan
    }

    /// `rule`'s step in a plan for `input`'s texts: what is left of its conditions once the text
    /// tests are decided, nothing when they fail it. True when the plan ends at it (it holds
    /// outright and does not continue).
    @inline(__always)
    private func addStep(
        _ rule: Int32, _ input: MatchInput, to plan: inout MatchPlan, scratch: inout MatchScratch
    ) -> Bool {
        let rest = residual(conditions[Int(rule)], input, &scratch)
        guard case .constant(let holds) = rest else {
            plan.steps.append(MatchPlan.Step(rule: rule, condition: rest))
            return false
        }
        guard holds else { return false }
        plan.steps.append(MatchPlan.Step(rule: rule, condition: nil))
        return !continuing[Int(rule)]
    }

    /// `match(_:scratch:into:)` for a row whose texts `plan` was made for.
    func match(_ input: MatchInput, plan: MatchPlan, scratch: inout MatchScratch, into result: inout [Int]) {
        for step in plan.steps {
            if let condition = step.condition, !evaluate(condition, input, &scratch) { continue }
            let rule = Int(step.rule)
            result.append(rule)
            if !continuing[rule] { break }
        }
    }

    /// Records which literals occur in which text slot (found when the texts were scanned), and
    /// collects the candidate rules.
    func record(_ input: MatchInput, scratch: inout MatchScratch) {
        scratch.reset()
        literalRuleStarts.withUnsafeBufferPointer { starts in
            literalRuleList.withUnsafeBufferPointer { list in
                for slot in 0..<MatchInput.Slot.count {
                    for hit in input.texts[slot].hits { scratch.record(hit, slot: slot, starts: starts, list: list) }
                }
            }
        }
    }

    /// True when the rule at `index` matches (used by explain and lint; the prefilter is bypassed).
    func evaluate(rule index: Int, _ input: MatchInput, scratch: inout MatchScratch) -> Bool {
        record(input, scratch: &scratch)
        return evaluate(conditions[index], input, &scratch)
    }

    func evaluate(_ condition: CompiledCondition, _ input: MatchInput, _ scratch: inout MatchScratch) -> Bool {
        switch condition {
        case .contains(let slots, let negated, let alternatives):
            var found = false
            search: for alternative in alternatives {
                switch alternative {
                case .literal(let id, let word):
                    let bit: UInt8 = word ? 2 : 1
                    for slot in slots where scratch.found[Int(id) * MatchInput.Slot.count + slot] & bit != 0 {
                        found = true
                        break search
                    }
                case .regex(let index):
                    guard isValidRegex(index) else { continue }
                    // No match is possible in a slot without the literals every match contains (the
                    // first at its start, for some), and the automaton already told where they
                    // occur: the regex runs only there.
                    let required = regexLiterals[index].map { Int($0) * MatchInput.Slot.count }
                    let bits: UInt8 = regexLiteralsAtStart[index] ? 4 : 7
                    let other = regexOtherLiterals[index].map { Int($0) * MatchInput.Slot.count }
                    for slot in slots
                    where (required.map { scratch.found[$0 + slot] & bits != 0 } ?? true)
                        && (other.map { scratch.found[$0 + slot] != 0 } ?? true)
                        && regexMatches(index, input.texts[slot], &scratch)
                    {
                        found = true
                        break search
                    }
                }
            }
            return found != negated
        case .equals(let slots, let negated, let values):
            var found = false
            for value in values {
                for slot in slots where input.texts[slot].folded == value { found = true }
            }
            return found != negated
        case .amount(let test): return test.holds(amount: input.amount)
        case .date(let test): return test.holds(Int64(input.date.dayNumber))
        case .day(let test): return test.holds(Int64(input.date.day))
        case .account(let values, let negated): return values.contains(input.account.rawValue) != negated
        case .currency(let values, let negated): return values.contains(input.amount.currency.code) != negated
        case .sign(let credit): return credit ? input.amount.minorUnits > 0 : input.amount.minorUnits < 0
        case .not(let inner): return !evaluate(inner, input, &scratch)
        case .and(let lhs, let rhs): return evaluate(lhs, input, &scratch) && evaluate(rhs, input, &scratch)
        case .or(let lhs, let rhs): return evaluate(lhs, input, &scratch) || evaluate(rhs, input, &scratch)
        case .constant(let value): return value
        }
    }

    /// The condition with its text tests decided for `input`'s texts: what is left depends only on
    /// the amount, date, account and currency, so it can be checked per row without the literals.
    func residual(
        _ condition: CompiledCondition, _ input: MatchInput, _ scratch: inout MatchScratch
    )
        -> CompiledCondition
    {
        switch condition {
        case .contains, .equals: return .decided(evaluate(condition, input, &scratch))
        case .not(let inner):
            let rest = residual(inner, input, &scratch)
            if case .constant(let value) = rest { return .decided(!value) }
            return .not(rest)
        case .and(let lhs, let rhs):
            let left = residual(lhs, input, &scratch)
            if case .constant(let value) = left { return value ? residual(rhs, input, &scratch) : .decided(false) }
            let right = residual(rhs, input, &scratch)
            if case .constant(let value) = right { return value ? left : .decided(false) }
            return .and(left, right)
        case .or(let lhs, let rhs):
            let left = residual(lhs, input, &scratch)
            if case .constant(let value) = left { return value ? .decided(true) : residual(rhs, input, &scratch) }
            let right = residual(rhs, input, &scratch)
            if case .constant(let value) = right { return value ? .decided(true) : left }
            return .or(left, right)
        case .amount, .date, .day, .account, .currency, .sign, .constant: return condition
        }
    }

    /// Whether regular expression `index` matches `text`. A `LinearRegex` (nearly every one) runs
    /// each time it is asked; a `Regex` (a backreference, a lookaround) is remembered per distinct
    /// text: running one costs microseconds, and the same payee comes back on thousands of rows.
    ///
    /// Why not remember the linear ones too: one pass over a payee's few dozen bytes costs about
    /// what looking the result up did, and on real bank text nearly every payee is distinct, so the
    /// table (a byte per text id for every regular expression tried, up to a megabyte each) was
    /// 108 MB of the 765 MB at 1M rows with 1,000 rules, and filling it cost more than it saved.
    func regexMatches(_ index: Int, _ text: FoldedText, _ scratch: inout MatchScratch) -> Bool {
        guard isValidRegex(index), !text.string.isEmpty else { return false }
        if let linear = linearRegexes[index] { return linear.matches(text.string) }
        let id = Int(text.id)
        // Results are kept per text id in one byte each, up to a bound that keeps the memory small
        // when texts never repeat (the cache would not help then anyway).
        let cached = id >= 0 && id < MatchScratch.cachedTextIDs
        if cached, index < scratch.regexResults.count, id < scratch.regexResults[index].count {
            let known = scratch.regexResults[index][id]
            if known != 0 { return known == 2 }
        }
        let matches = (try? regexes[index]?.firstMatch(in: text.string)) != nil
        guard cached else { return matches }
        if scratch.regexResults.count <= index {
            scratch.regexResults += repeatElement([], count: index + 1 - scratch.regexResults.count)
        }
        if scratch.regexResults[index].count <= id {
            let size = min(max(id + 1, scratch.regexResults[index].count * 2), MatchScratch.cachedTextIDs)
            scratch.regexResults[index] += repeatElement(0, count: size - scratch.regexResults[index].count)
        }
        scratch.regexResults[index][id] = matches ? 2 : 1
        return matches
    }

    /// Whether regular expression `index` compiles (what `LinearRegex` reads always does).
    func isValidRegex(_ index: Int) -> Bool { linearRegexes[index] != nil || regexes[index] != nil }

    /// Turns conditions into compiled ones, collecting literals and regular expressions.
    struct Builder {
        var literals: [[UInt8]] = []
        var literalIDs: [[UInt8]: Int32] = [:]
        var regexes: [Regex<AnyRegexOutput>?] = []
        var regexSources: [String] = []
        var linearRegexes: [LinearRegex?] = []
        /// For each regex, the literal every match contains, if any.
        var regexLiterals: [Int32?] = []
        /// For each regex, whether every match begins the text with that literal.
        var regexLiteralsAtStart: [Bool] = []
        /// For each regex, another literal every match contains, if any.
        var regexOtherLiterals: [Int32?] = []

        mutating func literal(_ bytes: [UInt8]) -> Int32 {
            if let id = literalIDs[bytes] { return id }
            let id = Int32(literals.count)
            literals.append(bytes)
            literalIDs[bytes] = id
            return id
        }

        mutating func compile(_ condition: Condition) -> CompiledCondition {
            switch condition {
            case .text(let test):
                let slots = MatchInput.slots(test.field)
                if test.wholeField {
                    let values = test.patterns.map { pattern -> [UInt8] in
                        switch pattern {
                        case .substring(let text), .word(let text), .regex(let text): Array(text.utf8)
                        }
                    }
                    for value in values where !value.isEmpty { _ = literal(value) }
                    return .equals(slots: slots, negated: test.negated, values: values)
                }
                let alternatives = test.patterns.map { pattern -> CompiledCondition.Alternative in
                    switch pattern {
                    case .substring(let text): return .literal(literal(Array(text.utf8)), word: false)
                    case .word(let text): return .literal(literal(Array(text.utf8)), word: true)
                    case .regex(let source):
                        let linear = LinearRegex(source)
                        linearRegexes.append(linear)
                        regexes.append(linear == nil ? (try? Regex(source))?.ignoresCase() : nil)
                        regexSources.append(source)
                        let prefilter = RegexLiteral.prefilter(in: source)
                        regexLiterals.append(prefilter.map { literal($0.literal) })
                        regexLiteralsAtStart.append(prefilter?.atStart ?? false)
                        regexOtherLiterals.append(prefilter?.also.map { literal($0) })
                        return .regex(regexes.count - 1)
                    }
                }
                return .contains(slots: slots, negated: test.negated, alternatives: alternatives)
            case .amount(let test): return .amount(test)
            case .date(let test): return .date(test)
            case .day(let test): return .day(test)
            case .account(let test): return .account(Set(test.values), negated: test.negated)
            case .currency(let test): return .currency(Set(test.values), negated: test.negated)
            case .sign(let credit): return .sign(credit: credit)
            case .not(let inner): return .not(compile(inner))
            case .and(let lhs, let rhs): return .and(compile(lhs), compile(rhs))
            case .or(let lhs, let rhs): return .or(compile(lhs), compile(rhs))
            }
        }

        /// Literals of which at least one occurs whenever `condition` holds; nil when there is no such set.
        func required(_ condition: CompiledCondition) -> [Int32]? {
            switch condition {
            case .contains(_, let negated, let alternatives):
                guard !negated else { return nil }
                var ids: [Int32] = []
                for alternative in alternatives {
                    switch alternative {
                    case .literal(let id, _): ids.append(id)
                    case .regex(let index):
                        guard let id = regexLiterals[index] else { return nil }
                        ids.append(id)
                    }
                }
                return ids
            case .equals(_, let negated, let values):
                guard !negated, !values.contains(where: \.isEmpty) else { return nil }
                return values.compactMap { literalIDs[$0] }
            case .and(let lhs, let rhs):
                switch (required(lhs), required(rhs)) {
                case (let left?, let right?): return left.count <= right.count ? left : right
                case (let left?, nil): return left
                case (nil, let right?): return right
                case (nil, nil): return nil
                }
            case .or(let lhs, let rhs):
                guard let left = required(lhs), let right = required(rhs) else { return nil }
                return left + right
            default:
                return nil
            }
        }
    }
}

/// Per-transaction working memory of the matcher, reused across transactions.
struct MatchScratch {
    /// Bit 1: the literal occurs in the slot; bit 2: it occurs there as a whole word; bit 4: it
    /// begins the slot's text.
    var found: [UInt8]
    var touched: [Int] = []
    var seen: [Bool]
    var seenList: [Int32] = []
    var candidates: [Int32] = []
    /// Per regular expression `LinearRegex` does not read, by text id: 0 not tried yet, 1 no match,
    /// 2 match (see `RuleMatcher.regexMatches`).
    var regexResults: [[UInt8]] = []
    /// Text ids below this have their regular-expression results kept.
    static let cachedTextIDs = 1 << 20

    init(literalCount: Int) {
        found = Array(repeating: 0, count: literalCount * MatchInput.Slot.count)
        seen = Array(repeating: false, count: literalCount)
    }

    mutating func reset() {
        for index in touched { found[index] = 0 }
        touched.removeAll(keepingCapacity: true)
        for literal in seenList { seen[Int(literal)] = false }
        seenList.removeAll(keepingCapacity: true)
        candidates.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func record(
        _ hit: LiteralHit, slot: Int, starts: UnsafeBufferPointer<Int32>, list: UnsafeBufferPointer<Int32>
    ) {
        let literal = Int(hit.literal)
        let index = literal * MatchInput.Slot.count + slot
        if found[index] == 0 { touched.append(index) }
        found[index] |= (hit.bounded ? 3 : 1) | (hit.atStart ? 4 : 0)
        if !seen[literal] {
            seen[literal] = true
            seenList.append(hit.literal)
            candidates.append(
                contentsOf: UnsafeBufferPointer(rebasing: list[Int(starts[literal])..<Int(starts[literal + 1])]))
        }
    }
}
