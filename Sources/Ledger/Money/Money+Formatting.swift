extension Money {
    /// Plain decimal text with a point and no grouping: `-1234.50`, `0.00`, `12` for JPY.
    ///
    /// This is the interchange form used in every stage file; zero never carries a sign.
    public var decimalString: String {
        let exponent = currency.exponent
        let negative = minorUnits < 0
        let magnitude = minorUnits.magnitude
        let scale = UInt64(currency.scale)
        var text = negative ? "-" : ""
        text += String(magnitude / scale)
        if exponent > 0 {
            let fraction = String(magnitude % scale)
            text += "."
            text += String(repeating: "0", count: exponent - fraction.count) + fraction
        }
        return text
    }

    /// Text for people: grouped thousands and the currency code, `-1,234.50 EUR`.
    public var displayString: String {
        "\(groupedDecimalString) \(currency.code)"
    }

    /// `-1,234.50`: grouped with commas, point as decimal mark.
    public var groupedDecimalString: String {
        let plain = decimalString
        var integerPart = Substring(plain)
        var sign = ""
        if integerPart.hasPrefix("-") {
            sign = "-"
            integerPart = integerPart.dropFirst()
        }
        var fractionPart = ""
        if let point = integerPart.firstIndex(of: ".") {
            fractionPart = String(integerPart[point...])
            integerPart = integerPart[..<point]
        }
        var grouped = ""
        for (index, character) in integerPart.enumerated() {
            if index > 0 && (integerPart.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return sign + grouped + fractionPart
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
