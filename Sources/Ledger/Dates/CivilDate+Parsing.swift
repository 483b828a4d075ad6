/// The order of day, month and year fields in a date written with separators.
public enum DateOrder: String, Sendable, CaseIterable {
    /// `2024-01-31`, `2024/1/31`
    case yearMonthDay = "ymd"
    /// `31/01/2024`, `31.01.2024`
    case dayMonthYear = "dmy"
    /// `01/31/2024`, `1/31'24`
    case monthDayYear = "mdy"
}

extension CivilDate {
    /// Parses `YYYY-MM-DD` exactly (the interchange form of every stage file).
    public init?(iso text: some Collection<UInt8>) {
        guard text.count == 10 else { return nil }
        var iterator = text.makeIterator()
        var values = [0, 0, 0]
        var field = 0
        var position = 0
        while let byte = iterator.next() {
            if position == 4 || position == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
                field += 1
            } else {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                values[field] = values[field] * 10 + Int(byte - 0x30)
            }
            position += 1
        }
        self.init(year: values[0], month: values[1], day: values[2])
    }

    public init?(iso text: String) {
        self.init(iso: Array(text.utf8))
    }

    /// Parses a compact `YYYYMMDD` prefix (OFX `DTPOSTED` and the like); ignores what follows.
    public init?(compact text: some Collection<UInt8>) {
        guard text.count >= 8 else { return nil }
        var value = 0
        for byte in text.prefix(8) {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        self.init(year: value / 10000, month: value / 100 % 100, day: value % 100)
    }

    /// Parses three numeric fields separated by any of `-` `/` `.` `'` or space, in `order`.
    ///
    /// Two-digit years are 20YY when below 70, else 19YY (the QIF `1/15'24` convention). Returns nil for
    /// a date that does not exist (30 February).
    public init?(fields text: some Collection<UInt8>, order: DateOrder) {
        guard let parts = CivilDate.splitFields(text) else { return nil }
        let (a, b, c) = (parts.0, parts.1, parts.2)
        let year: (value: Int, digits: Int)
        let month: Int
        let day: Int
        switch order {
        case .yearMonthDay: (year, month, day) = (a, b.value, c.value)
        case .dayMonthYear: (day, month, year) = (a.value, b.value, c)
        case .monthDayYear: (month, day, year) = (a.value, b.value, c)
        }
        var fullYear = year.value
        if year.digits <= 2 { fullYear += fullYear < 70 ? 2000 : 1900 } else if year.digits != 4 { return nil }
        self.init(year: fullYear, month: month, day: day)
    }

    /// The three numeric fields of a separated date and their digit counts.
    static func splitFields(
        _ text: some Collection<UInt8>
    ) -> ((value: Int, digits: Int), (value: Int, digits: Int), (value: Int, digits: Int))? {
        var values = [(value: 0, digits: 0), (value: 0, digits: 0), (value: 0, digits: 0)]
        var field = 0
        for byte in text {
            switch byte {
            case 0x30...0x39:
                values[field].value = values[field].value * 10 + Int(byte - 0x30)
                values[field].digits += 1
                if values[field].digits > 4 { return nil }
            case UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "'"), UInt8(ascii: " "):
                if values[field].digits == 0 { return nil }
                field += 1
                if field > 2 { return nil }
            default:
                return nil
            }
        }
        guard field == 2, values[2].digits > 0 else { return nil }
        return (values[0], values[1], values[2])
    }

    /// Parses an all-digit field of 1 to 4 bytes.
    static func parseDigits(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 4 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
