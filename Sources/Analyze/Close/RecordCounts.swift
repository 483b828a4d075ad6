/// What became of the inbox's records (the import report's totals, as the analysis reads them and
/// a close record keeps them): every record is imported, a duplicate or skipped with a reason, so
/// `records = imported + duplicates + skipped` holds in every close record.
public struct RecordCounts: Codable, Sendable, Equatable {
    public var records: Int
    public var imported: Int
    public var duplicates: Int
    public var skipped: Int

    public init(records: Int, imported: Int, duplicates: Int, skipped: Int) {
        self.records = records
        self.imported = imported
        self.duplicates = duplicates
        self.skipped = skipped
    }
}
