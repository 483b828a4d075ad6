import Ledger

/// Reads bank CSV exports, driven by `CSVProfile`s.
///
/// The profile is chosen by the account's `profile` in `closebook.toml` when set; else by the
/// header signature that matches best (a tie is an error naming both); else by file-name pattern;
/// else the file is rejected with a message saying how to add a profile. Then the file is decoded
/// (`TextDecoding`), tokenized at byte level (`CSVTokenizer`) and each data row becomes a record or
/// a skipped record with a reason (`CSVRowMapper`).
public struct CSVReader: StatementReader {
    public static let format = FileFormat.csv

    public let profiles: [CSVProfile]

    /// When a file's data rows are read in two parts at once (`CSVReader+Parts`).
    public var twoParts = TwoParts()

    public init(profiles: [CSVProfile]) {
        self.profiles = profiles
    }

    /// True for text that is not one of the other formats and has a delimiter on its first lines.
    public static func recognizes(_ bytes: [UInt8]) -> Bool {
        let head = Array(bytes.prefix(4096))
        let decoded = TextDecoding.decode(head, declared: nil)
        let text = decoded.bytes
        if text.contains(0) { return false }
        var start = 0
        while start < text.count,
            text[start] == 0x20 || text[start] == 0x0A || text[start] == 0x0D || text[start] == 0x09
        {
            start += 1
        }
        let opening = String(decoding: text[start..<min(text.count, start + 16)], as: UTF8.self).uppercased()
        for marker in ["OFXHEADER", "<?XML", "<OFX", "!TYPE", "!ACCOUNT", "!OPTION", "!CLEAR"]
        where opening.hasPrefix(marker) {
            return false
        }
        let delimiters: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09, UInt8(ascii: "|")]
        return text.contains { delimiters.contains($0) }
    }

    public func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        try CSVReader.rejectBinary(bytes, path: path)
        let choice = try CSVProfileSelection.choose(
            profiles: profiles, bytes: bytes, path: path, requested: context.account?.profile,
            context: InferenceContext(context))
        let profile = choice.profile
        let decoded = TextDecoding.decode(bytes, declared: profile.encoding)
        var warnings = decoded.warnings.map {
            ImportDiagnostic(severity: .warning, path: path, line: $0.line, column: 1, message: $0.message)
        }
        if decoded.encoding == .utf16LE || decoded.encoding == .utf16BE, let offset = decoded.bytes.firstIndex(of: 0) {
            throw ImportDiagnostic(
                path: path, line: TextDecoding.lineNumber(of: offset, in: decoded.bytes), column: 1,
                message: "file is not text: it contains a NUL byte; a CSV export must be a text file")
        }
        let defaultCurrency = context.account?.currency ?? context.defaultCurrency
        let result = try decoded.bytes.withUnsafeBufferPointer { (text) throws(ImportDiagnostic) in
            try CSVReader.parse(
                text, profile: profile, headerRecord: choice.headerRecord, path: path, defaultCurrency: defaultCurrency,
                dateOrder: context.account?.dateOrder, twoParts: twoParts)
        }
        warnings.append(contentsOf: result.warnings)
        if let inferred = choice.inferred {
            let level = inferred.confidence.rawValue
            warnings.insert(
                ImportDiagnostic(
                    severity: .warning, path: path, line: 1, column: 1,
                    message:
                        "no CSV profile matches this file; its layout was inferred (confidence: \(level)): \(inferred.reasons.joined(separator: "; ")); save the printed profile as importers/\(profile.id).toml to keep it"
                ), at: 0)
            if let assumed = inferred.assumedCurrency {
                warnings.insert(
                    ImportDiagnostic(severity: .warning, path: path, line: 1, column: 1, message: assumed), at: 1)
            }
        }
        var file = ParsedFile(
            format: .csv, profile: profile.id, statements: result.statements, skipped: result.skipped,
            warnings: warnings)
        file.inferredProfile = choice.inferred?.toml
        return file
    }

    static func rejectBinary(_ bytes: [UInt8], path: String) throws(ImportDiagnostic) {
        if bytes.isEmpty {
            throw ImportDiagnostic(path: path, line: 1, column: 1, message: "file is empty")
        }
        // NUL bytes are fine in UTF-16 text; TextDecoding turns that into UTF-8 first.
        let head = Array(bytes.prefix(512))
        let utf16 =
            (head.count >= 2 && ((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF)))
            || TextDecoding.looksLikeUTF16(head) != nil
        if !utf16, let offset = firstZeroByte(bytes) {
            throw ImportDiagnostic(
                path: path, line: TextDecoding.lineNumber(of: offset, in: bytes), column: 1,
                message: "file is not text: it contains a NUL byte; a CSV export must be a text file")
        }
    }

    /// The offset of the first zero byte, eight bytes at a time.
    static func firstZeroByte(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = 0
            while index + 8 <= count {
                let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                // A zero byte makes (word - 0x01..01) & ~word have its top bit set.
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            while index < count {
                if buffer[index] == 0 { return index }
                index += 1
            }
            return nil
        }
    }

    /// Tokenizes the whole text and maps its rows. `dateOrder` (the account's, from
    /// `closebook.toml`) settles the day/month question of a profile whose date format is `auto`.
    static func parse(
        _ text: UnsafeBufferPointer<UInt8>, profile: CSVProfile, headerRecord: Int?, path: String,
        defaultCurrency: Currency, dateOrder: DateOrder? = nil, twoParts: TwoParts = TwoParts()
    ) throws(ImportDiagnostic) -> (
        statements: [ParsedStatement], skipped: [SkippedRecord], warnings: [ImportDiagnostic]
    ) {
        let delimiter = profile.delimiter ?? DelimiterSniffer.sniff(text)
        var tokenizer = CSVTokenizer(text: text, delimiter: delimiter)
        var fields: [CSVField] = []
        fields.reserveCapacity(32)

        // Preamble and header.
        var preamble: [PreambleLine] = []
        var header: [String]?
        var headerLine = 1
        var recordIndex = 0
        var pending: CSVRecordHead?
        // Where the data rows start, for a scan of them before they are mapped.
        var dataStart: (position: Int, line: Int)?
        if let headerRecord {
            while recordIndex <= headerRecord, let head = tokenizer.next(into: &fields) {
                if recordIndex == headerRecord {
                    header = fields.map { String(decoding: tokenizer.bytes($0), as: UTF8.self) }
                    headerLine = head.line
                } else {
                    preamble.append(PreambleLine(head, fields, tokenizer))
                }
                recordIndex += 1
            }
            dataStart = (tokenizer.position, tokenizer.line)
        } else {
            var before = (position: tokenizer.position, line: tokenizer.line)
            while let head = tokenizer.next(into: &fields) {
                if head.line > profile.skipLines {
                    // `fields` keeps this record (and the tokenizer its scratch) until the next call.
                    pending = head
                    dataStart = before
                    break
                }
                preamble.append(PreambleLine(head, fields, tokenizer))
                before = (tokenizer.position, tokenizer.line)
            }
        }

        func makeLayout(_ profile: CSVProfile) throws(ImportDiagnostic) -> CSVLayout {
            do {
                return try CSVLayout(profile: profile, header: header)
            } catch {
                let columns = (header ?? []).filter { !$0.isEmpty }.joined(separator: ", ")
                throw ImportDiagnostic(
                    path: path, line: headerLine, column: 1,
                    message:
                        "profile '\(profile.id)' (\(profile.path)) reads the column '\(error.name)', which is not in the header (\(columns))"
                )
            }
        }
        var layout = try makeLayout(profile)
        var prepass: CSVPrepass?
        if CSVPrepass.isNeeded(for: layout), let dataStart {
            let scan = try CSVPrepass(
                text, delimiter: delimiter, start: dataStart, layout: layout, dateOrder: dateOrder, path: path)
            if let format = scan.dateFormat {
                var resolved = profile
                resolved.dateFormat = format
                layout = try makeLayout(resolved)
            }
            prepass = scan
        }
        let datedProfile = try CSVPrepass.resolvingPreambleDates(
            of: layout.profile, preamble: preamble, dateOrder: dateOrder, path: path)

        var mapper = CSVRowMapper(
            layout: layout, path: path, defaultCurrency: defaultCurrency)
        if !layout.missingOptionalColumns.isEmpty {
            let names = layout.missingOptionalColumns.map { "'\($0)'" }.joined(separator: ", ")
            mapper.warn(
                line: headerLine, column: 1,
                "the header has no column \(names) that profile '\(profile.id)' would read; left out")
        }
        // About one record per 48 bytes for large files; growth handles the rest.
        mapper.reserve(text.count > 1 << 20 ? text.count / 48 : 0, textBytes: text.count > 1 << 20 ? text.count : 0)
        var cells: [UnsafeBufferPointer<UInt8>] = []
        cells.reserveCapacity(32)
        CSVReader.readPreamble(preamble, profile: datedProfile, into: &mapper, path: path)

        // The mapper and the cells are passed on, not captured: a closure capturing them would
        // box them, and every row would pay for checking access to the box.
        if profile.joinContinuationRows {
            var joiner = CSVContinuationRows(layout: layout)
            if let pending { joiner.take(pending, fields, tokenizer: &tokenizer, cells: &cells, mapper: &mapper) }
            while let head = tokenizer.next(into: &fields) {
                joiner.take(head, fields, tokenizer: &tokenizer, cells: &cells, mapper: &mapper)
            }
            joiner.flush(into: &mapper)
        } else {
            if let pending { handle(pending, fields, tokenizer: &tokenizer, cells: &cells, mapper: &mapper) }
            if let cut = CSVReader.cut(text, from: tokenizer.position, twoParts) {
                readInTwoParts(cut: cut, tokenizer: &tokenizer, fields: &fields, cells: &cells, mapper: &mapper)
            }
            while let head = tokenizer.next(into: &fields) {
                handle(head, fields, tokenizer: &tokenizer, cells: &cells, mapper: &mapper)
            }
        }
        mapper.markSummaryLines()

        let groups = mapper.groups
        if groups.allSatisfy({ $0.records.isEmpty && $0.balanceRows.isEmpty }), mapper.valueFailures > 0,
            mapper.valueFailures == mapper.skipped.count, let first = mapper.skipped.first
        {
            throw ImportDiagnostic(
                path: path, line: first.line, column: 1,
                message: "no row could be read with profile '\(profile.id)' (\(profile.path)): \(first.reason)")
        }
        // Rows there were, and every one skipped: an import of nothing must not pass for a good one.
        if groups.allSatisfy({ $0.records.isEmpty && $0.balanceRows.isEmpty }), let first = mapper.skipped.first {
            let count = mapper.skipped.count
            throw ImportDiagnostic(
                path: path, line: first.line, column: 1,
                message:
                    "no transaction could be read with profile '\(profile.id)' (\(profile.path)): all \(count) row\(count == 1 ? " was" : "s were") skipped, the first (line \(first.line)) as \(first.reason); is this the right profile for the file?"
            )
        }
        var warnings = mapper.warnings
        if let rounded = mapper.roundedWarning { warnings.append(rounded) }
        warnings += mapper.signNotes.warnings(path: path)
        let statements = CSVStatementAssembly.statements(
            from: mapper, profile: profile, path: path, statementBalances: prepass?.statementBalances,
            warnings: &warnings)
        return (statements, mapper.skipped, warnings)
    }

    /// Maps one record of the data: its cells become a record, or a skipped record or warning
    /// when its quoting is broken.
    static func handle(
        _ head: CSVRecordHead, _ fields: [CSVField], tokenizer: inout CSVTokenizer,
        cells: inout [UnsafeBufferPointer<UInt8>], mapper: inout CSVRowMapper
    ) {
        if let problem = head.problem {
            switch problem {
            case .unterminated(let line, let column):
                mapper.skipUnreadable(
                    line: head.line,
                    reason: "quoted field opened at line \(line) column \(column) is never closed; record skipped")
                return
            case .strayQuote(let line, let column):
                mapper.warn(
                    line: line, column: column, "quote inside a quoted field is not doubled; kept as text")
            case .quoteInUnquotedField(let line, let column):
                mapper.warn(
                    line: line, column: column,
                    "stray quote in a cell that does not start with one (a missing opening quote?); the quote is left out of the value"
                )
            case .textAfterQuote(let line, let column):
                mapper.warn(line: line, column: column, "text after a closing quote; kept as part of the field")
            case .fieldTooLong(let line, let column):
                mapper.skipUnreadable(
                    line: head.line,
                    reason:
                        "the field at line \(line) column \(column) is longer than \(CSVTokenizer.maximumFieldBytes) bytes (no bank writes one so long; an unclosed quote?); record skipped"
                )
                return
            case .tooManyFields(let line):
                mapper.warn(
                    line: line, column: 1,
                    "more than \(CSVTokenizer.maximumFields) cells on one line; the rest of the line is ignored")
            }
        }
        // A row of empty cells (`;;;`, or spaces only) is a blank line, not a record.
        var blank = true
        for field in fields where !field.isEmpty {
            blank = false
            break
        }
        if blank { return }
        // The cells are written in place (no append, with its uniqueness check, per cell); the
        // array only grows, and the row is its first `fields.count` cells.
        if cells.count < fields.count {
            cells.append(
                contentsOf: repeatElement(UnsafeBufferPointer(start: nil, count: 0), count: fields.count - cells.count))
        }
        cells.withUnsafeMutableBufferPointer { all in
            for index in fields.indices { all[index] = tokenizer.bytes(fields[index]) }
            mapper.map(UnsafeBufferPointer(rebasing: all[..<fields.count]), line: head.line)
        }
    }

    /// A line before the header: its cells and the column each starts at.
    struct PreambleLine {
        var line: Int
        var cells: [String]
        var columns: [Int]

        init(_ head: CSVRecordHead, _ fields: [CSVField], _ tokenizer: CSVTokenizer) {
            line = head.line
            cells = fields.map { String(decoding: tokenizer.bytes($0), as: UTF8.self) }
            columns = CSVPrepass.columns(of: fields, in: tokenizer.text)
        }
    }

    /// The value a preamble field reads: the cell of the first line whose first cell is its label.
    static func preambleValue(
        of field: CSVProfile.PreambleField, in lines: [PreambleLine]
    ) -> (text: String, line: Int, column: Int)? {
        var label = CSVLayout.fold(field.label)
        if label.hasSuffix(":") { label.removeLast() }
        for line in lines {
            guard let first = line.cells.first else { continue }
            var key = CSVLayout.fold(first)
            if key.hasSuffix(":") { key.removeLast() }
            guard key == label, field.cell - 1 < line.cells.count else {
                continue
            }
            var value = line.cells[field.cell - 1].csvTrimmed
            if value.hasPrefix("'") { value.removeFirst() }
            return (value, line.line, line.columns[field.cell - 1])
        }
        return nil
    }

    /// The two dates of a period (`28.12.2017 - 28.12.2018`), split at the dash that has a space
    /// before it.
    static func periodDates(_ value: String) -> (start: String, end: String)? {
        let characters = Array(value)
        guard
            let dash = characters.indices.first(where: {
                characters[$0] == "-" && $0 > 0 && characters[$0 - 1] == " "
            })
        else { return nil }
        return (String(characters[..<dash]).csvTrimmed, String(characters[(dash + 1)...]).csvTrimmed)
    }

    /// Reads the facts a profile looks for in the lines before the header.
    static func readPreamble(
        _ lines: [PreambleLine], profile: CSVProfile, into mapper: inout CSVRowMapper, path: String
    ) {
        for field in profile.preamble {
            guard let (value, line, _) = preambleValue(of: field, in: lines) else { continue }
            let format = field.dateFormat ?? profile.dateFormat
            switch field.value {
            case .account:
                mapper.preambleAccount = value
            case .currency:
                mapper.preambleCurrency = Currency(code: value) ?? mapper.preambleCurrency
            case .openingBalance:
                mapper.openingBalance = (value, line)
            case .closingBalance:
                mapper.closingBalance = (value, line)
            case .startDate:
                mapper.coverageStart = format.parse(value)
            case .endDate:
                mapper.coverageEnd = format.parse(value)
            case .period:
                if let (start, end) = periodDates(value) {
                    mapper.coverageStart = format.parse(start)
                    mapper.coverageEnd = format.parse(end)
                }
            }
        }
    }
}
