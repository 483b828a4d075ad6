import Ledger

/// Chooses the text columns of an inferred profile: the payee by name (a counterparty, else a
/// description), else the fullest text; the memo, the bank's type and category columns.
///
/// A column with one value on every row names the account holder, not the other party, and is no
/// payee. The counterparty's account number beside the payee joins it (`Name (NL99...)`).
enum TextColumnChoice {
    /// Sets the text columns of `profile` from the columns not `used` yet, adding those it takes.
    static func choose(
        _ evidence: [ColumnEvidence], used: inout Set<Int>, hasHeader: Bool, ref: (Int) -> CSVProfile.ColumnRef,
        profile: inout CSVProfile, findings: inout InferenceFindings
    ) {
        let texts = evidence.filter { !used.contains($0.index) && $0.isText && !$0.isConstant }
        func named(_ role: HeaderVocabulary.Role) -> ColumnEvidence? {
            texts.filter { $0.strength(of: role) > 0 && $0.fillRatio >= 0.2 }
                .max { ($0.strength(of: role), $0.textScore) < ($1.strength(of: role), $1.textScore) }
        }
        let counterparty = named(.payee)
        let description = named(.description)
        let note = named(.memo)
        let type = texts.first { $0.strength(of: .type) == 2 && $0.index != counterparty?.index }
        // A column of category names: by its header, else by its cells (`CategoryVocabulary`).
        let category =
            texts.first { $0.strength(of: .category) > 0 && $0.index != counterparty?.index }
            ?? texts.first { CategoryVocabulary.holdsCategories($0) }
        var payee = counterparty ?? description
        if payee == nil {
            // Not the category column while another text could be the payee.
            let candidates = texts.filter { $0.strength(of: .type) == 0 && $0.strength(of: .account) == 0 }
            payee =
                candidates.filter { $0.index != category?.index }.max { $0.textScore < $1.textScore }
                ?? candidates.max { $0.textScore < $1.textScore }
        }
        if let payee {
            profile.payee = .column(ref(payee.index))
            used.insert(payee.index)
            // The other party's account after the name, as `Name (NL99...)`.
            let accounts = evidence.filter {
                !used.contains($0.index) && $0.strength(of: .counterpartyAccount) > 0
                    && $0.accountNumbers * 2 >= $0.filled
            }
            if let account = accounts.first {
                profile.payee = .template(
                    TextTemplate(parts: [
                        .cell(ref(payee.index)), .optional([.literal(" ("), .cell(ref(account.index)), .literal(")")]),
                    ]))
                used.insert(account.index)
            }
            // When the payee cell is empty, the first text that says what the row was.
            if payee.fillRatio < 1 {
                profile.payeeFallback = [description, type, category].compactMap { $0 }
                    .filter { $0.index != payee.index }.prefix(1).map { .column(ref($0.index)) }
            }
        }
        let memo =
            [note, counterparty != nil ? description : nil].compactMap { $0 }.first { !used.contains($0.index) }
            ?? (!hasHeader
                ? texts.filter { !used.contains($0.index) && $0.fillRatio >= 0.3 }.max { $0.textScore < $1.textScore }
                : nil)
        if let memo {
            profile.memo = .column(ref(memo.index))
            used.insert(memo.index)
        }
        if let type, !used.contains(type.index) { profile.type = .column(ref(type.index)) }
        if let category, !used.contains(category.index) { profile.category = .column(ref(category.index)) }
        if [payee, memo].contains(where: { $0.map { $0.padded > 0 } ?? false }) {
            profile.collapseSpaces = true
            findings.reasons.append("text cells are padded with runs of spaces, which are collapsed")
        }
    }
}
