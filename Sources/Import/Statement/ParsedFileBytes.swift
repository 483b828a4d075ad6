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
        out.optionalText(parsed.profile)
        out.optionalText(parsed.inferredProfile)
        out.count(parsed.skipped.count)
        for skipped in parsed.skipped {
            out.integer(Int64(skipped.line))
            out.text(skipped.reason)
        }
        out.count(parsed.warnings.count)
        for warning in parsed.warnings { out.diagnostic(warning) }
        out.count(parsed.statements.count)
        for statement in parsed.statements {
            let hint = statement.accountHint
            for text in [
                hint.institution, hint.accountNumber, hint.name, hint.kind?.rawValue, hint.bankID, hint.accountType,
            ] {
                out.optionalText(text)
            }
            out.flag(statement.currency != nil)
            if let currency = statement.currency { out.currency(currency) }
            out.count(statement.statedBalances.count)
            for balance in statement.statedBalances {
                out.text(balance.kind.rawValue)
                out.date(balance.date)
                out.money(balance.amount)
                out.integer(Int64(balance.line))
            }
            out.flag(statement.coverage != nil)
            if let coverage = statement.coverage {
                out.date(coverage.lowerBound)
                out.date(coverage.upperBound)
            }
            out.flag(statement.positionsValue != nil)
            if let value = statement.positionsValue { out.money(value) }
            out.flag(statement.positionsDate != nil)
            if let date = statement.positionsDate { out.date(date) }
            guard out.table(statement.records) else { return nil }
        }
        return out.bytes
    }

    /// The file `bytes` hold; nil when they are not exactly one file in this layout.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> ParsedFile? {
        var input = Input(bytes: bytes)
        guard let format = input.text().flatMap(FileFormat.init(rawValue:)),
            let profile = input.optionalText(), let inferred = input.optionalText()
        else { return nil }
        var skipped: [SkippedRecord] = []
        guard let skippedCount = input.count() else { return nil }
        for _ in 0..<skippedCount {
            guard let line = input.integer(), let reason = input.text() else { return nil }
            skipped.append(SkippedRecord(line: Int(line), reason: reason))
        }
        var warnings: [ImportDiagnostic] = []
        guard let warningCount = input.count() else { return nil }
        for _ in 0..<warningCount {
            guard let warning = input.diagnostic() else { return nil }
            warnings.append(warning)
        }
        var statements: [ParsedStatement] = []
        guard let statementCount = input.count() else { return nil }
        for _ in 0..<statementCount {
            var hintTexts: [String?] = []
            for _ in 0..<6 {
                guard let text = input.optionalText() else { return nil }
                hintTexts.append(text)
            }
            var kind: AccountKind?
            if let raw = hintTexts[3] {
                guard let known = AccountKind(rawValue: raw) else { return nil }
                kind = known
            }
            let hint = AccountHint(
                institution: hintTexts[0], accountNumber: hintTexts[1], name: hintTexts[2], kind: kind,
                bankID: hintTexts[4], accountType: hintTexts[5])
            guard let hasCurrency = input.flag() else { return nil }
            var currency: Currency?
            if hasCurrency {
                guard let known = input.currency() else { return nil }
                currency = known
            }
            guard let balanceCount = input.count() else { return nil }
            var balances: [StatedBalance] = []
            for _ in 0..<balanceCount {
                guard let kind = input.text().flatMap(StatedBalance.Kind.init(rawValue:)), let date = input.date(),
                    let amount = input.money(), let line = input.integer()
                else { return nil }
                balances.append(StatedBalance(kind: kind, date: date, amount: amount, line: Int(line)))
            }
            guard let hasCoverage = input.flag() else { return nil }
            var coverage: ClosedRange<CivilDate>?
            if hasCoverage {
                guard let from = input.date(), let to = input.date(), from <= to else { return nil }
                coverage = from...to
            }
            guard let hasValue = input.flag() else { return nil }
            var positionsValue: Money?
            if hasValue {
                guard let value = input.money() else { return nil }
                positionsValue = value
            }
            guard let hasDate = input.flag() else { return nil }
            var positionsDate: CivilDate?
            if hasDate {
                guard let date = input.date() else { return nil }
                positionsDate = date
            }
            guard let records = input.table() else { return nil }
            var statement = ParsedStatement(
                accountHint: hint, currency: currency, records: records, statedBalances: balances, coverage: coverage,
                positionsValue: positionsValue)
            statement.positionsDate = positionsDate
            statements.append(statement)
        }
        guard input.isAtEnd else { return nil }
        var parsed = ParsedFile(
            format: format, profile: profile, statements: statements, skipped: skipped, warnings: warnings)
        parsed.inferredProfile = inferred
        return parsed
    }

    /// The bytes of one row of a record table: line, date, amount, balance, the six text lengths,
    /// the two currency indices and a byte of flags (pending, has a balance, has splits).
    static let rowSize = 4 + 4 + 8 + 8 + 6 * 4 + 2 + 2 + 1

    /// Bytes being written.
    private struct Output {
        var bytes: [UInt8] = []

        mutating func integer(_ value: Int64) { little(UInt64(bitPattern: value), size: 8) }
        mutating func count(_ value: Int) { little(UInt64(value), size: 8) }
        mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

        mutating func little(_ value: UInt64, size: Int) {
            for shift in 0..<size { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * shift))) }
        }

        mutating func text(_ value: String) {
            count(value.utf8.count)
            bytes.append(contentsOf: value.utf8)
        }

        mutating func optionalText(_ value: String?) {
            flag(value != nil)
            if let value { text(value) }
        }

        mutating func date(_ value: CivilDate) {
            little(UInt64(value.year), size: 2)
            bytes.append(UInt8(value.month))
            bytes.append(UInt8(value.day))
        }

        mutating func currency(_ value: Currency) {
            text(value.code)
            integer(Int64(value.exponent))
        }

        mutating func money(_ value: Money) {
            integer(value.minorUnits)
            currency(value.currency)
        }

        mutating func diagnostic(_ value: ImportDiagnostic) {
            text(value.severity.rawValue)
            text(value.path)
            integer(Int64(value.line))
            integer(Int64(value.column))
            text(value.message)
        }

        /// Writes `table`: its currencies, its rows, their texts in row order, then its splits.
        mutating func table(_ table: RecordTable) -> Bool {
            count(table.currencies.count)
            for currency in table.currencies { self.currency(currency) }
            return table.withRows { rows, texts in
                var textCount = 0
                for row in rows {
                    guard row.line >= 0, row.line <= Int(UInt32.max) else { return false }
                    textCount += row.lengths.total
                }
                count(rows.count)
                count(textCount)
                let rowStart = bytes.count
                bytes.append(contentsOf: repeatElement(0, count: rows.count * ParsedFileBytes.rowSize + textCount))
                bytes.withUnsafeMutableBufferPointer { buffer in
                    var at = buffer.baseAddress! + rowStart
                    var textAt = at + rows.count * ParsedFileBytes.rowSize
                    func put<T: FixedWidthInteger>(_ value: T) {
                        UnsafeMutableRawPointer(at).storeBytes(of: value.littleEndian, as: T.self)
                        at += MemoryLayout<T>.size
                    }
                    for row in rows {
                        put(UInt32(row.line))
                        put(UInt16(row.date.year))
                        put(UInt8(row.date.month))
                        put(UInt8(row.date.day))
                        put(row.minorUnits)
                        put(row.balanceMinorUnits)
                        let lengths = row.lengths
                        for length in [
                            lengths.payee, lengths.memo, lengths.fitID, lengths.checkNumber, lengths.bankType,
                            lengths.bankCategory,
                        ] {
                            put(length)
                        }
                        put(row.currency)
                        put(row.balanceCurrency)
                        put(
                            UInt8((row.status == .pending ? 1 : 0) | (row.hasBalance ? 2 : 0) | (row.hasSplits ? 4 : 0))
                        )
                        let total = lengths.total
                        if total > 0 {
                            textAt.initialize(from: texts.baseAddress! + row.textStart, count: total)
                            textAt += total
                        }
                    }
                }
                let splits = table.splitLists.sorted { $0.key < $1.key }
                count(splits.count)
                for (index, list) in splits {
                    count(index)
                    count(list.count)
                    for split in list {
                        text(split.category)
                        text(split.memo)
                        money(split.amount)
                    }
                }
                return true
            }
        }
    }

    /// Bytes being read; every read is checked against the end.
    private struct Input {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func little(size: Int) -> UInt64? {
            guard bytes.count - offset >= size else { return nil }
            var value: UInt64 = 0
            for shift in 0..<size { value |= UInt64(bytes[offset + shift]) << (8 * shift) }
            offset += size
            return value
        }

        mutating func integer() -> Int64? { little(size: 8).map { Int64(bitPattern: $0) } }

        /// A count of things each at least a byte long, so never more than the bytes left.
        mutating func count() -> Int? {
            guard let value = little(size: 8), value <= UInt64(bytes.count - offset) else { return nil }
            return Int(value)
        }

        mutating func flag() -> Bool? {
            guard let byte = little(size: 1), byte <= 1 else { return nil }
            return byte == 1
        }

        mutating func text() -> String? {
            guard let size = count() else { return nil }
            let text = String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<offset + size]), as: UTF8.self)
            offset += size
            return text
        }

        /// A flag, then the text when the flag is set: `.some(nil)` for no text, nil for bad bytes.
        mutating func optionalText() -> String?? {
            guard let present = flag() else { return nil }
            guard present else { return .some(nil) }
            guard let text = text() else { return nil }
            return .some(text)
        }

        mutating func date() -> CivilDate? {
            guard let year = little(size: 2), let month = little(size: 1), let day = little(size: 1) else { return nil }
            return CivilDate(year: Int(year), month: Int(month), day: Int(day))
        }

        mutating func currency() -> Currency? {
            guard let code = text(), let exponent = integer(), (0...18).contains(exponent) else { return nil }
            return Currency(code: code, exponent: Int(exponent))
        }

        mutating func money() -> Money? {
            guard let units = integer(), let currency = currency() else { return nil }
            return Money(minorUnits: units, currency: currency)
        }

        mutating func diagnostic() -> ImportDiagnostic? {
            guard let severity = text().flatMap(ImportDiagnostic.Severity.init(rawValue:)), let path = text(),
                let line = integer(), let column = integer(), let message = text()
            else { return nil }
            return ImportDiagnostic(
                severity: severity, path: path, line: Int(line), column: Int(column), message: message)
        }

        mutating func table() -> RecordTable? {
            // A table names its currencies by 16-bit index.
            guard let currencyCount = count(), currencyCount <= Int(UInt16.max) + 1 else { return nil }
            var currencies: [Currency] = []
            for _ in 0..<currencyCount {
                guard let currency = currency() else { return nil }
                currencies.append(currency)
            }
            guard let rowCount = count(), let textCount = count(),
                bytes.count - offset >= rowCount * ParsedFileBytes.rowSize + textCount
            else { return nil }
            let rowBytes = UnsafeBufferPointer(rebasing: bytes[offset..<offset + rowCount * ParsedFileBytes.rowSize])
            offset += rowBytes.count
            let texts = Array(UnsafeBufferPointer(rebasing: bytes[offset..<offset + textCount]))
            offset += textCount
            guard let rows = Input.rows(rowBytes, count: rowCount, texts: texts, currencies: currencies.count) else {
                return nil
            }
            guard let splitCount = count() else { return nil }
            var splitLists: [Int: [ParsedSplit]] = [:]
            for _ in 0..<splitCount {
                guard let index = count(), index < rows.count, rows[index].hasSplits, splitLists[index] == nil,
                    let listCount = count(), listCount > 0
                else { return nil }
                var list: [ParsedSplit] = []
                for _ in 0..<listCount {
                    guard let category = text(), let memo = text(), let amount = money() else { return nil }
                    list.append(ParsedSplit(category: category, memo: memo, amount: amount))
                }
                splitLists[index] = list
            }
            guard splitLists.count == rows.lazy.filter(\.hasSplits).count else { return nil }
            return RecordTable(rows: rows, texts: texts, currencies: currencies, splitLists: splitLists)
        }

        /// The rows in `bytes`, their texts laid one after another from the start of `texts`;
        /// nil when a row is out of bounds or its texts are not UTF-8.
        static func rows(
            _ bytes: UnsafeBufferPointer<UInt8>, count: Int, texts: [UInt8], currencies: Int
        ) -> [RecordTable.Row]? {
            var rows: [RecordTable.Row] = []
            rows.reserveCapacity(count)
            let ascii = texts.withUnsafeBufferPointer { RecordTable.isASCII($0) }
            guard ascii || String(validating: texts, as: UTF8.self) != nil else { return nil }
            var textStart = 0
            var at = UnsafeRawPointer(bytes.baseAddress)
            func take<T: FixedWidthInteger>(_: T.Type) -> T {
                let value = T(littleEndian: at!.loadUnaligned(as: T.self))
                at! += MemoryLayout<T>.size
                return value
            }
            let isContinuation: (Int) -> Bool = { position in
                !ascii && position < texts.count && texts[position] & 0xC0 == 0x80
            }
            for _ in 0..<count {
                let line = Int(take(UInt32.self))
                let year = Int(take(UInt16.self))
                let month = Int(take(UInt8.self))
                let day = Int(take(UInt8.self))
                guard let date = CivilDate(year: year, month: month, day: day) else { return nil }
                let minorUnits = take(Int64.self)
                let balance = take(Int64.self)
                var lengths = RecordTable.TextLengths()
                lengths.payee = take(UInt32.self)
                lengths.memo = take(UInt32.self)
                lengths.fitID = take(UInt32.self)
                lengths.checkNumber = take(UInt32.self)
                lengths.bankType = take(UInt32.self)
                lengths.bankCategory = take(UInt32.self)
                let currency = take(UInt16.self)
                let balanceCurrency = take(UInt16.self)
                let flags = take(UInt8.self)
                guard lengths.payee != RecordTable.TextLengths.absent, lengths.memo != RecordTable.TextLengths.absent,
                    Int(currency) < currencies, Int(balanceCurrency) < currencies, flags < 8
                else { return nil }
                // Each text starts and ends on a character's first byte (the whole is UTF-8 already).
                var cursor = textStart
                for length in [
                    lengths.payee, lengths.memo, lengths.fitID, lengths.checkNumber, lengths.bankType,
                    lengths.bankCategory,
                ] where length != RecordTable.TextLengths.absent {
                    if isContinuation(cursor) { return nil }
                    cursor += Int(length)
                    guard cursor <= texts.count else { return nil }
                }
                if isContinuation(cursor) { return nil }
                rows.append(
                    RecordTable.Row(
                        line: line, date: date, minorUnits: minorUnits, balanceMinorUnits: balance,
                        textStart: textStart, lengths: lengths, currency: currency, balanceCurrency: balanceCurrency,
                        status: flags & 1 == 0 ? .posted : .pending, hasBalance: flags & 2 != 0,
                        hasSplits: flags & 4 != 0))
                textStart = cursor
            }
            return textStart == texts.count ? rows : nil
        }
    }
}
