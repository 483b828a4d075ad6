import Ledger

extension ImportRun {
    /// What became of one file's entries: how many are in the journal, and its duplicate lines.
    struct FileTally {
        var imported = 0
        var pending = 0
        var duplicates: [ImportReport.DuplicateLine] = []
    }

    func tally(_ file: Int) -> FileTally {
        var tally = FileTally()
        for entry in entries[entryRange(of: file)] {
            switch entry.fate {
            case .imported:
                tally.imported += 1
                if entry.isPending { tally.pending += 1 }
            case .duplicate(let kept, let rule):
                let (id, keptID) = (ids.id(of: entry), ids.id(of: entries[kept]))
                tally.duplicates.append(
                    ImportReport.DuplicateLine(
                        line: line(of: entry), id: id.rawValue, duplicateOf: keptID == id ? nil : keptID.rawValue,
                        keptAt: location(kept), rule: rule.rawValue))
            }
        }
        return tally
    }

    func fileReport(
        _ index: Int, tally: FileTally, warnings: [ImportDiagnostic], balanceChecks: [ImportReport.BalanceCheck]
    ) -> ImportReport.FileReport {
        let state = files[index]
        let skipped = SkippedSummary.lines(state.skipped)
        return ImportReport.FileReport(
            path: state.file.path, format: state.format?.rawValue, profile: state.parsed?.profile,
            accounts: uniqued(state.accounts).map(\.rawValue), records: state.recordCount,
            imported: tally.imported, pending: tally.pending, duplicates: tally.duplicates.count,
            skipped: state.skipped.count, skippedRecords: skipped, duplicateRecords: tally.duplicates,
            warnings: warnings.map(\.description), errors: state.errors.map(\.description),
            balanceChecks: balanceChecks, suggestion: state.suggestion)
    }

    /// The entries of one file: they were made in file order, so they are one contiguous run.
    func entryRange(of file: Int) -> Range<Int> {
        let start = Deduplicator.partition(entries) { Int($0.file) < file }
        let end = Deduplicator.partition(entries) { Int($0.file) <= file }
        return start..<end
    }

    func location(_ index: Int) -> String {
        "\(files[Int(entries[index].file)].file.path):\(line(of: entries[index]))"
    }

    func reference(_ index: Int) -> ImportReport.RecordReference {
        let entry = entries[index]
        let record = record(of: entry)
        return ImportReport.RecordReference(
            id: ids.id(of: entry).rawValue, at: location(index), date: record.date.isoString,
            amount: record.amount.decimalString, payee: record.payee)
    }
}
