import Ledger

/// The warning at a CSV file that was read as an earlier file's account (`sameLayoutAccount`):
/// no configuration names either file, so the merge is a guess the user should see, with the
/// `closebook.toml` entry that makes it a decision.
enum LayoutMergeWarning {
    static func warning(
        _ merged: (file: Int, account: AccountID, other: String, layout: String, rows: Int), in run: ImportRun
    ) -> ImportDiagnostic {
        let kind = run.facts[merged.account]?.kind ?? .checking
        let entry =
            run.resolver.derived[merged.account].map {
                run.suggestion(for: $0, kind: kind, currency: run.currency(of: merged.account))
            } ?? ""
        return ImportDiagnostic(
            severity: .warning, path: run.files[merged.file].file.path, line: 1,
            message:
                "read as account '\(merged.account)' with \(merged.other): no closebook.toml names either file, both have the same layout (\(merged.layout)) and their \(merged.rows) transaction\(merged.rows == 1 ? "" : "s") on the days both cover agree row for row; this entry in closebook.toml pins it:\n\(entry)"
        )
    }
}
