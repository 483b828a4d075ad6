import Ledger

/// What a file's data rows must tell before they are mapped, found in one scan of them: the date
/// format their dates prove (`date_format = "auto"`), and the statement balances the export
/// repeats on every row (`[statement]`).
///
/// Runs only when the profile asks for one of them. The scan tokenizes the rows a second time
/// with its own tokenizer but makes no record and no string (unless a message needs one); the
/// mapper then reads the rows with a fixed format, exactly as it does for any profile.
struct CSVPrepass {
    /// The format the rows' dates settle on; nil when the profile's format is fixed or no row has
    /// a date-like cell.
    private(set) var dateFormat: DateFormat?
    private(set) var statementBalances: StatementBalanceCells?

    static func isNeeded(for layout: CSVLayout) -> Bool {
        layout.profile.dateFormat.isAuto || layout.statementOpeningBalance != nil
            || layout.statementClosingBalance != nil
    }

    /// Scans the records from `start` (the first data row) to the end of `text`.
    init(
        _ text: UnsafeBufferPointer<UInt8>, delimiter: UInt8, start: (position: Int, line: Int), layout: CSVLayout,
        dateOrder: DateOrder?, path: String
    ) throws(ImportDiagnostic) {
        var tokenizer = CSVTokenizer(text: text, delimiter: delimiter, position: start.position, line: start.line)
        var fields: [CSVField] = []
        fields.reserveCapacity(32)
        var sniffer = layout.profile.dateFormat.isAuto ? DateFormatSniffer(configuredOrder: dateOrder) : nil
        let statementColumns = (layout.statementOpeningBalance, layout.statementClosingBalance)
        var balances = statementColumns == (nil, nil) ? nil : StatementBalanceCells()
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

        while let head = tokenizer.next(into: &fields) {
            // The rows the mapper never reads: broken records and blank lines.
            if case .unterminated = head.problem { continue }
            if case .fieldTooLong = head.problem { continue }
            var blank = true
            for field in fields where !field.isEmpty {
                blank = false
                break
            }
            if blank { continue }
            func cell(_ index: Int?) -> UnsafeBufferPointer<UInt8> {
                guard let index, index < fields.count else { return empty }
                return tokenizer.bytes(fields[index])
            }
            balances?.observe(line: head.line, opening: cell(statementColumns.0), closing: cell(statementColumns.1))
            guard sniffer != nil else { continue }

            // Dates as the mapper reads them: not on skipped or balance rows, the fallback column
            // when the date is empty, and cells without a digit (`Total`) left to the mapper.
            if layout.skipRules.contains(where: { CSVRowMapper.passes($0.test, cell($0.test.column)) }) { continue }
            if layout.balanceRows.contains(where: { CSVRowMapper.passes($0.test, cell($0.test.column)) }) { continue }
            var column = layout.date
            if cell(column).isEmpty, let fallback = layout.dateFallback { column = fallback }
            let date = cell(column)
            guard date.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { continue }
            do {
                try sniffer?.observe(date) {
                    CSVPrepass.place(of: column, in: fields, recordLine: head.line, text: text)
                }
            } catch {
                throw CSVPrepass.diagnostic(error, profile: layout.profile, path: path)
            }
        }
        do {
            dateFormat = try sniffer?.resolve()
        } catch {
            throw CSVPrepass.diagnostic(error, profile: layout.profile, path: path)
        }
        statementBalances = balances
    }

    /// The line and column of a record's field: its record's first line plus the line breaks
    /// quoted cells before it hold, and the column of its first byte (of its opening quote when
    /// quoted) on that line.
    static func place(
        of index: Int, in fields: [CSVField], recordLine: Int, text: UnsafeBufferPointer<UInt8>
    ) -> (line: Int, column: Int) {
        let column = columns(of: Array(fields[...index]), in: text)[index]
        // The first field starts on the record's first line; an unescaped copy of it does not
        // say where it was.
        guard let first = fields.first, !first.inScratch, !fields[index].inScratch else { return (recordLine, column) }
        var line = recordLine
        for offset in first.start..<fields[index].start {
            let byte = text[offset]
            if byte == 0x0A || (byte == 0x0D && !(offset + 1 < text.count && text[offset + 1] == 0x0A)) { line += 1 }
        }
        return (line, column)
    }

    /// The columns of a record's fields, in one walk back to the start of its line and on.
    static func columns(of fields: [CSVField], in text: UnsafeBufferPointer<UInt8>) -> [Int] {
        func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
        var columns: [Int] = []
        columns.reserveCapacity(fields.count)
        // Bytes from `lineStart` to `scanned` hold no line break.
        var lineStart = -1
        var scanned = 0
        for field in fields {
            // An unescaped copy no longer knows where it was: column 1 of its record's line.
            guard !field.inScratch else {
                columns.append(1)
                continue
            }
            if lineStart < 0 {
                lineStart = field.start
                while lineStart > 0, !isLineBreak(text[lineStart - 1]) { lineStart -= 1 }
            } else {
                for offset in scanned..<max(scanned, field.start) where isLineBreak(text[offset]) {
                    lineStart = offset + 1
                }
            }
            scanned = max(scanned, field.start)
            columns.append(field.start - lineStart + (field.quoted ? 0 : 1))
        }
        return columns
    }

    /// Resolves the `auto` date formats of preamble fields, each from its own dates; a tie is
    /// broken by the order of the rows' dates (a bank writes them the same way round).
    static func resolvingPreambleDates(
        of profile: CSVProfile, preamble: [CSVReader.PreambleLine], dateOrder: DateOrder?, path: String
    ) throws(ImportDiagnostic) -> CSVProfile {
        var profile = profile
        let datedValues: [CSVProfile.PreambleField.Value] = [.startDate, .endDate, .period]
        // A field without a format of its own is read like the rows, unless theirs is still `auto`
        // (a file with no rows).
        for index in profile.preamble.indices
        where (profile.preamble[index].dateFormat ?? profile.dateFormat).isAuto
            && datedValues.contains(profile.preamble[index].value)
        {
            let field = profile.preamble[index]
            guard let (value, line, column) = CSVReader.preambleValue(of: field, in: preamble) else { continue }
            var texts = [value]
            if field.value == .period {
                guard let (start, end) = CSVReader.periodDates(value) else { continue }
                texts = [start, end]
            }
            texts.removeAll { !$0.contains(where: \.isNumber) }
            var sniffer = DateFormatSniffer(configuredOrder: dateOrder)
            let place = "the [[preamble]] entry '\(field.label)'"
            do {
                for text in texts {
                    var bytes = Array(text.utf8)
                    try bytes.withUnsafeMutableBufferPointer { (buffer) throws(DateFormatSniffer.Failure) in
                        try sniffer.observe(UnsafeBufferPointer(buffer)) { (line, column) }
                    }
                }
                if let format = try sniffer.resolve(preferring: profile.dateFormat.dayMonthOrder) {
                    profile.preamble[index].dateFormat = format
                }
            } catch {
                throw diagnostic(error, profile: profile, in: place, path: path)
            }
        }
        return profile
    }

    static func diagnostic(
        _ failure: DateFormatSniffer.Failure, profile: CSVProfile, in section: String = "[columns]", path: String
    ) -> ImportDiagnostic {
        let place = "\(section) of profile '\(profile.id)' (\(profile.path))"
        let remedy: String
        switch failure.kind {
        case .unknownShape:
            remedy = "set date_format in \(place) to the bank's pattern (for example \"%d/%m/%Y\")"
        case .inconsistent:
            remedy =
                "set date_format in \(place) to the bank's pattern (rows that do not fit it are skipped)"
        case .ruledOutByDateOrder:
            remedy =
                "change date_order for this account in closebook.toml, or set date_format in \(place)"
        case .ambiguous:
            remedy =
                "set date_order = \"dmy\" or \"mdy\" for this account in closebook.toml, or date_format in \(place)"
        }
        return ImportDiagnostic(
            path: path, line: failure.cell.line, column: failure.cell.column,
            message: "\(failure.message); \(remedy)")
    }
}
