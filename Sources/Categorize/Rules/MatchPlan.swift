/// The rules worth evaluating for rows that share the same texts (payee, memo, bank fields).
///
/// Why: the texts decide most of a rule's fate, and a journal repeats the same texts on thousands
/// of rows. `RuleMatcher.plan` settles the text-only rules once per distinct combination (the
/// categorizer keeps the plan with the row texts); a row then checks only what depends on its own
/// amount, date or account.
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
