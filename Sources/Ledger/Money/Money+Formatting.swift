extension Money {
    /// Plain decimal text with a point and no grouping: `-1234.50`, `0.00`, `12` for JPY.
    ///
    /// This is the interchange form used in every stage file; zero never carries a sign.
    public var decimalString: String { text(grouped: false) }

    /// Text for people: grouped thousands and the currency code, `-1,234.50 EUR`.
    public var displayString: String {
        "\(groupedDecimalString) \(currency.code)"
    }

    /// `-1,234.50`: grouped with commas, point as decimal mark.
    public var groupedDecimalString: String { text(grouped: true) }

    /// The text of `decimalString`, with a comma between each group of three digits of the whole
    /// part when `grouped`, written straight into the string's storage from the last digit back.
    ///
    /// Why not joined from pieces: the report and the analysis write every amount they show this
    /// way (thousands a month), and the pieces (the digits, the sign, each group) were strings of
    /// their own.
    private func text(grouped: Bool) -> String {
        let exponent = currency.exponent
        let scale = UInt64(currency.scale)
        let magnitude = minorUnits.magnitude
        var whole = magnitude / scale
        var digits = 1
        var rest = whole / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let commas = grouped ? (digits - 1) / 3 : 0
        let count = (minorUnits < 0 ? 1 : 0) + digits + commas + (exponent > 0 ? 1 + exponent : 0)
        return String(unsafeUninitializedCapacity: count) { buffer in
            var index = count
            if exponent > 0 {
                var fraction = magnitude % scale
                for _ in 0..<exponent {
                    index -= 1
                    buffer[index] = UInt8(truncatingIfNeeded: fraction % 10) + 0x30
                    fraction /= 10
                }
                index -= 1
                buffer[index] = UInt8(ascii: ".")
            }
            var written = 0
            repeat {
                if grouped, written > 0, written % 3 == 0 {
                    index -= 1
                    buffer[index] = UInt8(ascii: ",")
                }
                index -= 1
                buffer[index] = UInt8(truncatingIfNeeded: whole % 10) + 0x30
                whole /= 10
                written += 1
            } while whole > 0
            if minorUnits < 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "-")
            }
            return count
        }
    }
}

extension Money {
    /// Appends `decimalString`'s bytes without making a `String`, for writers of large files.
    public func appendDecimalString(to bytes: inout [UInt8]) {
        if minorUnits < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = minorUnits.magnitude
        let scale = UInt64(currency.scale)
        Money.appendDigits(magnitude / scale, width: 1, to: &bytes)
        if currency.exponent > 0 {
            bytes.append(UInt8(ascii: "."))
            Money.appendDigits(magnitude % scale, width: currency.exponent, to: &bytes)
        }
    }

    /// Decimal digits of `value`, zero-padded to at least `width`.
    ///
    /// Written in place, from the last digit back: writers of large files call this several times
    /// a row, and digits gathered aside and appended as a slice went through the slice's iterator.
    static func appendDigits(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        let count = max(width, length)
        let start = bytes.count
        for _ in 0..<count { bytes.append(0x30) }
        bytes.withUnsafeMutableBufferPointer { buffer in
            var remaining = value
            var index = start + count
            repeat {
                index -= 1
                buffer[index] = UInt8(truncatingIfNeeded: remaining % 10) + 0x30
                remaining /= 10
            } while remaining > 0
        }
    }
}
