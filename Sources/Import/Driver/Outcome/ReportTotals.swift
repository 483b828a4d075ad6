import Ledger

/// The report's totals, summed from its files' reports, so that they add up by construction:
/// `records = imported + duplicates + skipped` holds for the totals when it holds for each file.
enum ReportTotals {
    static func sum(_ fileReports: [ImportReport.FileReport], failedFiles: Int) -> ImportReport.Totals {
        ImportReport.Totals(
            files: fileReports.count, failedFiles: failedFiles,
            records: fileReports.reduce(0) { $0 + $1.records }, imported: fileReports.reduce(0) { $0 + $1.imported },
            pending: fileReports.reduce(0) { $0 + $1.pending },
            duplicates: fileReports.reduce(0) { $0 + $1.duplicates },
            skipped: fileReports.reduce(0) { $0 + $1.skipped },
            warnings: fileReports.reduce(0) { $0 + $1.warnings.count },
            errors: fileReports.reduce(0) { $0 + $1.errors.count })
    }
}
