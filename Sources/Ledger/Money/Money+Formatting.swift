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
