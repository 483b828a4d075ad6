import Ledger

extension ParsedFileBytes {
    /// Bytes being written.
    struct Output {
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

        /// A flag, then the value when there is one.
        mutating func optional<Value>(_ value: Value?, _ write: (inout Output, Value) -> Void) {
            flag(value != nil)
            if let value { write(&self, value) }
        }

        /// The count of `values`, then each one.
        mutating func list<Value>(_ values: [Value], _ write: (inout Output, Value) -> Void) {
            count(values.count)
            for value in values { write(&self, value) }
        }

        /// Writes `statement`: the account hint's six texts, the currency, the stated balances, the
        /// coverage, the positions' value and day, then the records (false when they do not fit).
        mutating func statement(_ statement: ParsedStatement) -> Bool {
            let hint = statement.accountHint
            for text in [
                hint.institution, hint.accountNumber, hint.name, hint.kind?.rawValue, hint.bankID, hint.accountType,
            ] {
                optional(text) { $0.text($1) }
            }
            optional(statement.currency) { $0.currency($1) }
            list(statement.statedBalances) { out, balance in
                out.text(balance.kind.rawValue)
                out.date(balance.date)
                out.money(balance.amount)
                out.integer(Int64(balance.line))
            }
            optional(statement.coverage) { out, coverage in
                out.date(coverage.lowerBound)
                out.date(coverage.upperBound)
            }
            optional(statement.positionsValue) { $0.money($1) }
            optional(statement.positionsDate) { $0.date($1) }
            return table(statement.records)
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
}
