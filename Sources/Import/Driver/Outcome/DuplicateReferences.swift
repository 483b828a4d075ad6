import Ledger

/// The report's lists of duplicates across files: each merge of two records into one (by any rule
/// but the same id, which the files' duplicate lines show), and each pair that only looks alike.
///
/// Made while the records still have their text: the transactions, made later, take it over.
enum DuplicateReferences {
    /// Every record dropped as a duplicate of another by content, with the one kept.
    static func merges(in run: ImportRun) -> [ImportReport.Merge] {
        run.entries.indices.compactMap { index -> ImportReport.Merge? in
            guard case .duplicate(let kept, let rule) = run.entries[index].fate, rule != .sameID else { return nil }
            return ImportReport.Merge(
                rule: rule.rawValue, account: run.accounts[Int(run.entries[index].account)].rawValue,
                kept: run.reference(kept), dropped: run.reference(index))
        }
    }

    /// The pairs the de-duplicator found alike but kept both of, for the user to look at.
    static func probable(_ pairs: [Deduplicator.ProbablePair], in run: ImportRun) -> [ImportReport.ProbableDuplicate] {
        pairs.map {
            ImportReport.ProbableDuplicate(
                account: run.accounts[Int(run.entries[$0.first].account)].rawValue, first: run.reference($0.first),
                second: run.reference($0.second), reason: $0.reason)
        }
    }
}
