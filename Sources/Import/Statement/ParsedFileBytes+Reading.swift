import Ledger

extension ParsedFileBytes {
    /// Bytes being read; every read is checked against the end.
    struct Input {
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

        /// A flag, then the value when the flag is set: `.some(nil)` for none, nil for bad bytes.
        mutating func optional<Value>(_ read: (inout Input) -> Value?) -> Value?? {
            guard let present = flag() else { return nil }
            guard present else { return .some(nil) }
            guard let value = read(&self) else { return nil }
            return .some(value)
        }

        /// A count, then that many values; nil when one is bad.
        mutating func list<Value>(_ read: (inout Input) -> Value?) -> [Value]? {
            guard let count = count() else { return nil }
            var values: [Value] = []
            for _ in 0..<count {
                guard let value = read(&self) else { return nil }
                values.append(value)
            }
            return values
        }

        /// A statement as `Output.statement` writes it.
        mutating func statement() -> ParsedStatement? {
            var hintTexts: [String?] = []
            for _ in 0..<6 {
                guard let text = optional({ $0.text() }) else { return nil }
                hintTexts.append(text)
            }
            var kind: AccountKind?
            if let raw = hintTexts[3] {
                guard let known = AccountKind(rawValue: raw) else { return nil }
                kind = known
            }
            guard let currency = optional({ $0.currency() }),
                let balances = list({ input -> StatedBalance? in
                    guard let kind = input.text().flatMap(StatedBalance.Kind.init(rawValue:)), let date = input.date(),
                        let amount = input.money(), let line = input.integer()
                    else { return nil }
                    return StatedBalance(kind: kind, date: date, amount: amount, line: Int(line))
                }),
                let coverage = optional({ input -> ClosedRange<CivilDate>? in
                    guard let from = input.date(), let to = input.date(), from <= to else { return nil }
                    return from...to
                }),
                let positionsValue = optional({ $0.money() }), let positionsDate = optional({ $0.date() }),
                let records = table()
            else { return nil }
            let hint = AccountHint(
                institution: hintTexts[0], accountNumber: hintTexts[1], name: hintTexts[2], kind: kind,
                bankID: hintTexts[4], accountType: hintTexts[5])
            var statement = ParsedStatement(
                accountHint: hint, currency: currency, records: records, statedBalances: balances, coverage: coverage,
                positionsValue: positionsValue)
            statement.positionsDate = positionsDate
            return statement
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
