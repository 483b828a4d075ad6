import Ledger

/// Reads an amount cell as banks write it, straight into `Money`.
///
/// Plain cells (`-1234.56`, `1.234,56`) go to `Money.parse` without a copy. Others are cleaned
/// first: currency symbols and codes are dropped (`£`, `€`, `$`, `EUR`, `د.ا.` with its
/// right-to-left mark), spaces and no-break spaces between digits are dropped when the profile
/// groups digits with spaces (`82 604,01`), and a trailing minus (`12.50-`) moves to the front when
/// the profile says so. `(12.50)` and a leading `+` are handled by `Money.parse`.
enum AmountCell {
    enum Failure: Error, Equatable {
        case empty
        case notANumber
        case tooManyDecimals(allowed: Int)
        case tooLarge
    }

    /// Parses `cell`; `scratch` is reused between calls to avoid allocating.
    static func parse(
        _ cell: UnsafeBufferPointer<UInt8>, currency: Currency, style: DecimalStyle, trailingMinus: Bool,
        scratch: inout [UInt8], excess: ExcessPrecision = .reject
    ) -> Result<Money, Failure> {
        if cell.isEmpty { return .failure(.empty) }
        if let minorUnits = fastPlain(cell, exponent: currency.exponent, style: style) {
            return .success(Money(minorUnits: minorUnits, currency: currency))
        }
        let endsInMinus = trailingMinus && cell[cell.count - 1] == UInt8(ascii: "-")
        if !endsInMinus && isPlain(cell, style: style) {
            guard groupsAreWellFormed(cell, style: style) else { return .failure(.notANumber) }
            return run(cell, currency: currency, style: style, excess: excess)
        }
        clean(cell, style: style, trailingMinus: trailingMinus, into: &scratch)
        if scratch.isEmpty { return .failure(.notANumber) }
        return scratch.withUnsafeBufferPointer { cleaned in
            guard groupsAreWellFormed(cleaned, style: style) else { return .failure(.notANumber) }
            return run(cleaned, currency: currency, style: style, excess: excess)
        }
    }

    /// The common shape `-1234.56` or `1.234,56` (optional sign, up to 15 integer digits, grouping
    /// marks between groups of three, at most the currency's decimals) read inline; nil for anything
    /// else, which `Money.parse` then reads.
    ///
    /// `Money.parse` is generic and not inlinable, so across the module boundary it runs
    /// unspecialized, one witness call per byte; this keeps the per-row cost of plain cells low.
    /// Tests check that both give the same value for every shape this accepts.
    @inline(__always)
    static func fastPlain(_ cell: UnsafeBufferPointer<UInt8>, exponent: Int, style: DecimalStyle) -> Int64? {
        let count = cell.count
        var index = 0
        var negative = false
        if cell[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        } else if cell[0] == UInt8(ascii: "+") {
            index = 1
        }
        var integer: Int64 = 0
        var integerDigits = 0
        // Digits, with grouping marks (not spaces) between groups of exactly three.
        var groupDigits = 0
        var grouped = false
        while index < count {
            let byte = cell[index]
            if byte &- 0x30 < 10 {
                integer = integer &* 10 &+ Int64(byte &- 0x30)
                integerDigits += 1
                groupDigits += 1
            } else if byte != style.decimalMark && byte != 0x20 && integerDigits > 0
                && style.groupingMarks.contains(byte)
            {
                if grouped ? groupDigits != 3 : groupDigits > 3 { return nil }
                grouped = true
                groupDigits = 0
            } else {
                break
            }
            index += 1
        }
        if grouped && groupDigits != 3 { return nil }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if index < count && cell[index] == style.decimalMark {
            index += 1
            while index < count, cell[index] &- 0x30 < 10 {
                fraction = fraction &* 10 &+ Int64(cell[index] &- 0x30)
                fractionDigits += 1
                index += 1
            }
        }
        guard index == count, integerDigits + fractionDigits > 0, integerDigits <= 15, fractionDigits <= exponent
        else { return nil }
        for _ in fractionDigits..<exponent { fraction &*= 10 }
        var scale: Int64 = 1
        for _ in 0..<exponent { scale &*= 10 }
        let units = integer &* scale &+ fraction
        return negative ? -units : units
    }

    /// True unless a grouping mark is followed by other than three digits: `1,234.50` is fine,
    /// `3,50` read with a decimal point is not (it is a decimal comma, and the profile is wrong).
    static func groupsAreWellFormed(_ text: UnsafeBufferPointer<UInt8>, style: DecimalStyle) -> Bool {
        var digitsSinceMark = -1
        for byte in text {
            if byte >= 0x30 && byte <= 0x39 {
                if digitsSinceMark >= 0 { digitsSinceMark += 1 }
            } else if byte == style.decimalMark {
                break
            } else if byte != 0x20 && style.groupingMarks.contains(byte) {
                if digitsSinceMark >= 0 && digitsSinceMark != 3 { return false }
                digitsSinceMark = 0
            } else if digitsSinceMark >= 0 && digitsSinceMark != 3 {
                return false
            } else {
                digitsSinceMark = -1
            }
        }
        return digitsSinceMark < 0 || digitsSinceMark == 3
    }

    /// Digits, signs, parentheses and the decimal and non-space grouping marks only.
    @inline(__always)
    static func isPlain(_ cell: UnsafeBufferPointer<UInt8>, style: DecimalStyle) -> Bool {
        for byte in cell {
            switch byte {
            case 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"):
                continue
            case style.decimalMark:
                continue
            default:
                if byte != 0x20 && style.groupingMarks.contains(byte) { continue }
                return false
            }
        }
        return true
    }

    @inline(__always)
    static func run(
        _ text: UnsafeBufferPointer<UInt8>, currency: Currency, style: DecimalStyle, excess: ExcessPrecision = .reject
    ) -> Result<
        Money, Failure
    > {
        do {
            return .success(try Money.parse(text, currency: currency, style: style, excess: excess))
        } catch {
            switch error {
            case .empty: return .failure(.empty)
            case .invalidCharacter, .noDigits: return .failure(.notANumber)
            case .tooManyDecimals(let allowed): return .failure(.tooManyDecimals(allowed: allowed))
            case .overflow: return .failure(.tooLarge)
            }
        }
    }

    /// Drops what is not part of the number; see the type's documentation.
    static func clean(
        _ cell: UnsafeBufferPointer<UInt8>, style: DecimalStyle, trailingMinus: Bool, into output: inout [UInt8]
    ) {
        output.removeAll(keepingCapacity: true)
        let spaceGroups = style.groupingMarks.contains(0x20)
        var index = 0
        let count = cell.count
        var droppedBefore = false
        while index < count {
            let byte = cell[index]
            // No-break space (C2 A0) and narrow no-break space (E2 80 AF) are spaces.
            if byte == 0xC2 && index + 1 < count && cell[index + 1] == 0xA0 {
                output.append(0x20)
                index += 2
                droppedBefore = false
                continue
            }
            if byte == 0xE2 && index + 2 < count && cell[index + 1] == 0x80 && cell[index + 2] == 0xAF {
                output.append(0x20)
                index += 3
                droppedBefore = false
                continue
            }
            switch byte {
            case 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"), 0x20, 0x09:
                output.append(byte)
                droppedBefore = false
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "'"):
                // A dot inside a symbol (`د.ا.`, `Rs.`) goes with the symbol.
                let nextIsDropped = index + 1 < count && isSymbolByte(cell[index + 1])
                if droppedBefore || (nextIsDropped && !(index > 0 && isDigit(cell[index - 1]))) {
                    droppedBefore = true
                } else {
                    output.append(byte)
                }
            default:
                droppedBefore = true
            }
            index += 1
        }
        // Trim, then drop spaces between digits when spaces group digits.
        while let last = output.last, last == 0x20 || last == 0x09 { output.removeLast() }
        while let first = output.first, first == 0x20 || first == 0x09 { output.removeFirst() }
        if spaceGroups {
            var kept: [UInt8] = []
            kept.reserveCapacity(output.count)
            for (position, byte) in output.enumerated() {
                if byte == 0x20, position > 0, position + 1 < output.count, isDigit(output[position - 1]),
                    isDigit(output[position + 1])
                {
                    continue
                }
                kept.append(byte)
            }
            output = kept
        }
        // `- 12.50` after dropping a symbol between sign and digits: close the gap.
        if output.count >= 2, output[0] == UInt8(ascii: "-") || output[0] == UInt8(ascii: "+") {
            while output.count >= 2 && output[1] == 0x20 { output.remove(at: 1) }
        }
        if trailingMinus, let last = output.last, last == UInt8(ascii: "-") {
            output.removeLast()
            while let end = output.last, end == 0x20 { output.removeLast() }
            output.insert(UInt8(ascii: "-"), at: 0)
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Bytes of currency symbols and codes: letters, `$`, and anything outside ASCII.
    @inline(__always)
    static func isSymbolByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "$") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }
}
