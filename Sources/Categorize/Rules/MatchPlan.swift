/// The rules worth evaluating for rows that share the same texts (payee, memo, bank fields).
///
/// Why: the texts decide most of a rule's fate, and a journal repeats the same texts on thousands
/// of rows. `RuleMatcher.plan` settles the text-only rules once per distinct combination (the
/// categorizer keeps the plan in `PendingTexts`); a row then checks only what depends on its own
/// amount, date or account.
struct MatchPlan {
    struct Step {
        var rule: Int32
        /// What the row's amount, date or account must satisfy; nil when the rule holds for these texts.
        var condition: CompiledCondition?
    }

    var steps: [Step] = []

    /// Every row with these texts matches the same rules.
    var isFixed: Bool { steps.allSatisfy { $0.condition == nil } }
}
