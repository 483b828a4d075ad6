import Ledger

/// Closing a month and keeping it closed: the decision for one month on one run.
///
/// - A month reported complete, whose accounts with statement balances reconcile at its end, and
///   that has no record yet, is closed: version 1 of `closed/YYYY-MM.json`.
/// - A closed month whose transactions (ids, accounts, amounts, categories) or figures now differ
///   is restated: a new version, with what changed and the inputs that caused it. The earlier
///   versions stay in the record.
/// - With `[close] lock = true`, such a change is refused instead (the run exits 1, the record is
///   untouched, every other month is still written) until the person reopens the month
///   (`--reopen YYYY-MM --reason "…"`), which records the new version with that reason.
struct MonthClose {
    enum Outcome: Equatable {
        /// Nothing to do: not closable yet, or closed and unchanged.
        case none
        case closed
        case restated(CloseChanges)
        /// Locked and changed: the changes that a reopen would record.
        case refused(CloseChanges)
    }

    var store: CloseStore
    var lock: Bool
    /// The month a person reopened, and why.
    var reopen: (month: YearMonth, reason: String)?
    /// `2026-11-27T10:00:00Z`.
    var now: String
    /// The workspace's input files with their digests, computed once and only when needed.
    var inputs: () -> [InputFile]
    /// For transaction ids, their category's source and their row's place (read from the ledger
    /// only when a closed month changed).
    var explain: ([String]) -> [String: (category: String, row: String)] = { _ in [:] }
    /// Takes first closes, to flush them together at the end of the run (`CloseBatch`).
    var batch: CloseBatch?

    /// Decides, writes the record when it changes, and returns what happened with the record as it
    /// now stands (nil when the month has none).
    func apply(_ snapshot: MonthSnapshot, closable: Bool) throws -> (Outcome, CloseRecord?) {
        let month = snapshot.month
        guard let record = try store.record(month), let latest = record.versions.last else {
            guard closable else { return (.none, nil) }
            let first = CloseRecord(
                month: month.description,
                versions: [version(1, kind: "closed", reason: nil, snapshot: snapshot, changes: nil)])
            try store.write(
                first, month: month, lines: snapshot.lines ?? ClosedTransactionLines.encode(snapshot.rows), batch: batch
            )
            return (.closed, first)
        }
        if latest.digest == snapshot.digest && latest.figures == snapshot.figures { return (.none, record) }
        let old = store.transactions(month, version: latest.version)
        let transactions = snapshot.transactions
        let changes = CloseChanges(
            since: latest.version, old: old, new: transactions,
            causes: InputFiles.causes(recorded: latest.inputs, current: inputs())
        ).explained(by: explain)
        let reopened = reopen.flatMap { $0.month == month ? $0.reason : nil }
        if lock && reopened == nil { return (.refused(changes), record) }
        var updated = record
        updated.schemaVersion = CloseRecord.currentSchemaVersion
        updated.versions.append(
            version(
                latest.version + 1, kind: reopened == nil ? "restated" : "reopened",
                reason: reopened ?? (changes.causes.isEmpty ? nil : changes.causes.joined(separator: "; ")),
                snapshot: snapshot, changes: changes))
        try store.write(updated, month: month, lines: snapshot.lines ?? ClosedTransactionLines.encode(snapshot.rows))
        return (.restated(changes), updated)
    }

    private func version(
        _ number: Int, kind: String, reason: String?, snapshot: MonthSnapshot, changes: CloseChanges?
    ) -> CloseVersion {
        var version = CloseVersion(
            version: number, recordedAt: now, kind: kind, reason: reason, figures: snapshot.figures,
            transactionCount: snapshot.rows.count, digest: snapshot.digest, inputs: inputs(),
            accounts: snapshot.accounts,
            records: snapshot.records)
        version.changes = changes
        return version
    }
}
