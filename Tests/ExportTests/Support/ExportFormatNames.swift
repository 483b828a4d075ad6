import Export
import Ledger

/// The file of every export format, sorted: what `EXPORT=all` writes.
enum ExportFormatNames {
    static let all = ExportFormat.allCases.map(\.fileName).sorted()
}
