/// `[export]` settings: which files `closebook-export` writes when `make report` runs it.
///
/// Empty by default: a workspace that never asked for exports gets none, and `make report` stays
/// as fast as it was. `make export` writes every format whatever this says.
public struct ExportSettings: Sendable, Equatable {
    /// `formats`, in the order written, without repeats.
    public var formats: [ExportFormat]

    public init(formats: [ExportFormat] = []) {
        self.formats = formats
    }
}

/// A file the export stage can write, named as `[export] formats` and `--format` spell it.
public enum ExportFormat: String, Sendable, Equatable, CaseIterable, Comparable {
    /// `closebook.journal`: hledger and ledger read the same file.
    case journal
    /// `closebook.beancount`.
    case beancount
    /// `closebook.csv`: the categorised ledger for spreadsheets.
    case csv
    /// `closebook.sqlite`: tables, indexes and views for any SQL tool.
    case sqlite

    /// The file the format is written to, inside `build/export/`.
    public var fileName: String {
        switch self {
        case .journal: "closebook.journal"
        case .beancount: "closebook.beancount"
        case .csv: "closebook.csv"
        case .sqlite: "closebook.sqlite"
        }
    }

    public static func < (lhs: ExportFormat, rhs: ExportFormat) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
