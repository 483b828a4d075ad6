import Ledger

/// What reading one inbox file gave (`FileReading`), kept apart until the run takes the files'
/// results in file order (`ImportRun.read`).
///
/// Why a value and not writes into the run: files are read on several cores at once, and each
/// read may write only its own result; the run then takes them one after another, so that
/// everything after reading sees the files in the same order whichever finished first.
struct FileRead {
    /// A QIF file read in a currency taken from the workspace, not from the file: its warning is
    /// given once per account (or file without one), at the first such file in file order.
    struct AssumedCurrency {
        /// The account's id, or the file's path when no account takes it.
        var key: String
        var warning: ImportDiagnostic
        /// Where in `warnings` the warning goes when it is given.
        var position: Int
    }

    var format: FileFormat?
    /// What the reader returned; nil when the file failed.
    var parsed: ParsedFile?
    /// Every record the reader saw, plus lines NUL bytes spoiled in a CSV file.
    var recordCount = 0
    var skipped: [SkippedRecord] = []
    var warnings: [ImportDiagnostic] = []
    var errors: [ImportDiagnostic] = []
    /// For a CSV file no profile reads and no account takes: the `[[accounts]]` entry to paste.
    var suggestion: String?
    var assumedCurrency: AssumedCurrency?
    /// The file's key in the `ReadCache`, when one is used and the file could be kept.
    var cacheKey: String?
}
