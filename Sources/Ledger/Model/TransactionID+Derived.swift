extension TransactionID {
    /// The id of an OFX transaction: its `FITID` scoped by account, `card/FITID`.
    public static func ofx(account: AccountID, fitID: String) -> TransactionID {
        TransactionID("\(account.rawValue)/\(fitID)")
    }

    /// The id of a CSV or QIF line: a hash of what the bank says about it, plus which occurrence of
    /// that same content in its file it is (0 for the first).
    ///
    /// Two overlapping exports of the same account give the same line the same id, so it is imported
    /// once; two identical coffees on one day in one export get occurrences 0 and 1 and both survive.
    public static func derived(
        account: AccountID, date: CivilDate, amount: Money, text: String, occurrence: Int
    ) -> TransactionID {
        let key = contentKey(account: account, date: date, amount: amount, text: text)
        return TransactionID("\(account.rawValue)/\(key)-\(occurrence)")
    }

    /// The hash of a line's content without its occurrence number: the key duplicates are counted by.
    public static func contentKey(account: AccountID, date: CivilDate, amount: Money, text: String) -> String {
        var hasher = StableHasher()
        hasher.combine(account.rawValue)
        hasher.combine(date.isoString)
        hasher.combine(amount.decimalString)
        hasher.combine(amount.currency.code)
        hasher.combineNormalised(text)
        return hasher.hexDigest
    }
}

/// FNV-1a, 64 bits: a hash that is the same on every run and machine (Swift's `Hasher` is seeded per process).
public struct StableHasher: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x100_0000_01b3
    }

    /// Adds the string's UTF-8 bytes and a separator, so `("ab","c")` and `("a","bc")` differ.
    public mutating func combine(_ text: String) {
        for byte in text.utf8 { combine(byte: byte) }
        combine(byte: 0x1F)
    }

    /// Adds text folded to ASCII lower case with runs of white space collapsed and ends trimmed,
    /// so an export that re-pads a description still gives the same id.
    public mutating func combineNormalised(_ text: String) {
        var pendingSpace = false
        var started = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = started
                continue
            }
            if pendingSpace {
                combine(byte: 0x20)
                pendingSpace = false
            }
            started = true
            combine(byte: byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        combine(byte: 0x1F)
    }

    public var value: UInt64 { state }

    /// Sixteen lower-case hex digits.
    public var hexDigest: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 16)
        var value = state
        for index in stride(from: 15, through: 0, by: -1) {
            bytes[index] = digits[Int(value & 0xF)]
            value >>= 4
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
