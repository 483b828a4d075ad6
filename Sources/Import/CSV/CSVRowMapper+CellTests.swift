import Ledger

extension CSVRowMapper {
    static func passes(_ test: CSVLayout.Test, _ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var end = cell.count
        while start < end && cell[start] == 0x20 { start += 1 }
        while end > start && cell[end - 1] == 0x20 { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: cell[start..<end])
        switch test.kind {
        case .empty:
            return text.isEmpty
        case .equals:
            return matchesAny(text, test.values)
        case .startsWith:
            return test.values.contains { value in
                value.count <= text.count && zip(value, text).allSatisfy { $0 == lower($1) }
            }
        case .contains:
            return test.values.contains { value in
                guard value.count <= text.count else { return false }
                if value.isEmpty { return true }
                for offset in 0...(text.count - value.count)
                where zip(value, text[offset..<offset + value.count]).allSatisfy({ $0 == lower($1) }) {
                    return true
                }
                return false
            }
        }
    }

    static func matchesAny(_ cell: UnsafeBufferPointer<UInt8>, _ values: [[UInt8]]) -> Bool {
        var start = 0
        var end = cell.count
        while start < end && cell[start] == 0x20 { start += 1 }
        while end > start && cell[end - 1] == 0x20 { end -= 1 }
        return values.contains { value in
            value.count == end - start && zip(value, cell[start..<end]).allSatisfy { $0 == lower($1) }
        }
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// True when `cell` is exactly the code of `currency`.
    @inline(__always)
    static func equalsCode(_ cell: UnsafeBufferPointer<UInt8>, _ currency: Currency) -> Bool {
        cell.count == 3 && currency.code.utf8.elementsEqual(cell)
    }

    /// An ISO code cell; the pre-1998 rouble code RUR, which Russian banks still write, reads as RUB.
    static func currency(_ cell: UnsafeBufferPointer<UInt8>) -> Currency? {
        let code = String(decoding: cell, as: UTF8.self).csvTrimmed.uppercased()
        if code == "RUR" { return Currency(code: "RUB") }
        return Currency(code: code)
    }
}
