/// What one cell looks like to layout inference: empty, a date, a number, or text.
///
/// Decided from the bytes alone, before any column is known, so that the same rules apply to a
/// file the inference has never seen as to one it has.
enum CellShape: Equatable {
    case empty
    case date
    case number
    case text

    init(_ cell: String) {
        if cell.isEmpty {
            self = .empty
        } else if CellShape.isDate(cell) {
            self = .date
        } else if CellShape.isNumberLike(cell) {
            self = .number
        } else {
            self = .text
        }
    }

    /// True when the cell is a date in a shape `DateFormatSniffer` knows, and a real one in at
    /// least one reading (`51392971` has the shape of `%Y%m%d` but no month 39).
    static func isDate(_ cell: String) -> Bool {
        var bytes = Array(cell.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let view = UnsafeBufferPointer(buffer)
            return DateFormatSniffer.candidates(for: view).contains { $0.format.parse(view) != nil }
        }
    }

    /// Digits with at most signs, parentheses, decimal and grouping marks, spaces, and a currency
    /// symbol or code at either end (`€ 1.234,56`, `-12.50 EUR`, `(3.00)`, `12.50-`).
    static func isNumberLike(_ cell: String) -> Bool {
        let bytes = Array(cell.utf8)
        guard let first = bytes.firstIndex(where: AmountCell.isDigit),
            let last = bytes.lastIndex(where: AmountCell.isDigit)
        else { return false }
        for byte in bytes[first...last] {
            switch byte {
            case 0x30...0x39, UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "'"), 0x20: continue
            case 0xC2, 0xA0, 0xE2, 0x80, 0xAF: continue  // no-break spaces
            default: return false
            }
        }
        var letters = 0
        var others = 0
        for byte in bytes[..<first] + bytes[(last + 1)...] {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "("), UInt8(ascii: ")"), 0x20: continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): letters += 1
            case UInt8(ascii: "$"), 0x80...0xFF, UInt8(ascii: "."): others += 1
            default: return false
            }
        }
        return letters <= 3 && others <= 16
    }

    /// Which decimal mark a number's text proves: `.` in `12.50` and `1,234.56`, `,` in `12,5`
    /// and `1.234,56`; nil when it proves none (`1234`, `1.234`, `1,234`).
    static func decimalMarkEvidence(_ cell: String) -> UInt8? {
        let bytes = Array(cell.utf8)
        let point = UInt8(ascii: ".")
        let comma = UInt8(ascii: ",")
        guard let first = bytes.firstIndex(where: AmountCell.isDigit),
            let last = bytes.lastIndex(where: AmountCell.isDigit)
        else { return nil }
        let body = Array(bytes[first...last])
        let points = body.filter { $0 == point }.count
        let commas = body.filter { $0 == comma }.count
        if points > 0 && commas > 0 {
            // The mark that comes last is the decimal mark.
            return body.lastIndex(of: point)! > body.lastIndex(of: comma)! ? point : comma
        }
        let (mark, count) = points > 0 ? (point, points) : (comma, commas)
        guard count > 0 else { return nil }
        // A mark written twice groups digits: the other one is the decimal mark.
        if count > 1 { return mark == point ? comma : point }
        let digitsAfter = body.count - 1 - body.lastIndex(of: mark)!
        return digitsAfter == 3 ? nil : mark
    }
}
