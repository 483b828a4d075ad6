import Ledger

/// A reader's `ParsedFile` as bytes, and back: what `ReadCache` keeps of a file between imports.
///
/// Every field is written out one by one, little-endian, texts with their byte counts; nothing is
/// a copy of a value's memory, so a file of another build or a damaged file is refused, never
/// misread. Reading checks what the import relies on: every row's texts lie within the texts and
/// are UTF-8 (`RecordTable` holds valid UTF-8 only), every currency index names a currency, every
/// date is a calendar date, every split belongs to a row that has splits. A record's texts are
/// written in row order, one row after another, whatever their order in the table.
enum ParsedFileBytes {
    /// The bytes of `parsed`; nil when a field does not fit the layout (a line past 2^32).
    static func encode(_ parsed: ParsedFile) -> [UInt8]? {
        var out = Output()
        out.text(parsed.format.rawValue)
        out.optional(parsed.profile) { $0.text($1) }
        out.optional(parsed.inferredProfile) { $0.text($1) }
        out.list(parsed.skipped) { out, skipped in
            out.integer(Int64(skipped.line))
            out.text(skipped.reason)
        }
        out.list(parsed.warnings) { $0.diagnostic($1) }
        out.count(parsed.statements.count)
        for statement in parsed.statements {
            guard out.statement(statement) else { return nil }
        }
        return out.bytes
    }

    /// The file `bytes` hold; nil when they are not exactly one file in this layout.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ParsedFile? {
        var input = Input(bytes: bytes)
        guard let format = input.text().flatMap(FileFormat.init(rawValue:)),
            let profile = input.optional({ $0.text() }), let inferred = input.optional({ $0.text() }),
            let skipped = input.list({ input -> SkippedRecord? in
                guard let line = input.integer(), let reason = input.text() else { return nil }
                return SkippedRecord(line: Int(line), reason: reason)
            }),
            let warnings = input.list({ $0.diagnostic() }),
            let statements = input.list({ $0.statement() }),
            input.isAtEnd
        else { return nil }
        var parsed = ParsedFile(
            format: format, profile: profile, statements: statements, skipped: skipped, warnings: warnings)
        parsed.inferredProfile = inferred
        return parsed
    }

    /// The bytes of one row of a record table: line, date, amount, balance, the six text lengths,
    /// the two currency indices and a byte of flags (pending, has a balance, has splits).
    static let rowSize = 4 + 4 + 8 + 8 + 6 * 4 + 2 + 2 + 1
}
