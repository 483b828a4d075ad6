/// The rules worth evaluating for rows that share the same texts (payee, memo, bank fields).
///
/// Why: the texts decide most of a rule's fate, and a journal repeats the same texts on thousands
/// of rows. `RuleMatcher.plan` settles the text-only rules once per distinct combination; a row then
/// checks only what depends on its own amount, date or account.
struct MatchPlan {
    struct Step {
        var rule: Int32
        /// The rule is known to match (a text-only rule that held for these texts).
        var known: Bool
    }

    var steps: [Step] = []
    /// Some step must be evaluated per row, and needs the literal occurrences recorded.
    var needsLiterals = false
}

/// Match plans by the texts they were made for.
struct MatchPlans {
    /// The ids of a row's `FoldedText`s, slot by slot (the clean payee follows from the raw one).
    struct Key: Hashable {
        var payee: Int32
        var memo: Int32
        var bankType: Int32
        var bankCategory: Int32

        init(_ input: MatchInput) {
            payee = input.texts[MatchInput.Slot.rawPayee].id
            memo = input.texts[MatchInput.Slot.memo].id
            bankType = input.texts[MatchInput.Slot.bankType].id
            bankCategory = input.texts[MatchInput.Slot.bankCategory].id
        }
    }

    private var index: [Key: Int32] = [:]
    private(set) var plans: [MatchPlan] = []

    /// The plan for `input`'s texts, made the first time they are seen.
    mutating func plan(for input: MatchInput, matcher: RuleMatcher, scratch: inout MatchScratch) -> Int {
        let key = Key(input)
        if let known = index[key] { return Int(known) }
        plans.append(matcher.plan(input, scratch: &scratch))
        index[key] = Int32(plans.count - 1)
        return plans.count - 1
    }
}
