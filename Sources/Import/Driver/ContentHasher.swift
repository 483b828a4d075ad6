import Ledger

/// `TransactionID.contentKey` as a number, computed from a record's parts without the strings the
/// Ledger definition hashes.
///
/// The definition feeds FNV-1a with the account, `date.isoString`, `amount.decimalString`, the
/// currency code and `payee + " " + memo` normalised. Building those strings is most of the cost
/// of deriving a million ids, so this writes the same bytes straight into the hash: digits of the
/// date and amount as `isoString` and `decimalString` spell them, and the payee, a space and the
/// memo through the same normalisation. The state after account and date is kept for the next
/// record, which in an export is usually on the same day. Tests compare it with the definition.
struct ContentHasher {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x100_0000_01b3
    private static let separator: UInt8 = 0x1F

    private let account: AccountID
    private let accountState: UInt64
    private var lastDay: (date: CivilDate, state: UInt64)?

    init(account: AccountID) {
        var state = ContentHasher.offsetBasis
        for byte in account.rawValue.utf8 { ContentHasher.combine(byte, into: &state) }
        ContentHasher.combine(ContentHasher.separator, into: &state)
        self.account = account
        accountState = state
    }

    /// The hash `TransactionID.contentKey` spells in hex, for text `payee + " " + memo`.
    mutating func hash(date: CivilDate, amount: Money, payee: String, memo: String) -> UInt64 {
        var (payee, memo) = (payee, memo)
        return payee.withUTF8 { payee in memo.withUTF8 { hash(date: date, amount: amount, payee: payee, memo: $0) } }
    }

    /// `hash(date:amount:payee:memo:)` for texts given as their (valid) UTF-8 bytes.
    mutating func hash(
        date: CivilDate, amount: Money, payee: UnsafeBufferPointer<UInt8>, memo: UnsafeBufferPointer<UInt8>
    ) -> UInt64 {
        let exponent = amount.currency.exponent
        guard exponent >= 0 && exponent <= 18 else {
            // Outside what Int64 minor units can scale; leave it to the definition.
            let text = String(decoding: payee, as: UTF8.self) + " " + String(decoding: memo, as: UTF8.self)
            let key = TransactionID.contentKey(account: account, date: date, amount: amount, text: text)
            return UInt64(key, radix: 16) ?? 0
        }
        var state = dayState(date)
        ContentHasher.combineDecimal(amount.minorUnits, exponent: exponent, into: &state)
        ContentHasher.combine(ContentHasher.separator, into: &state)
        for byte in amount.currency.code.utf8 { ContentHasher.combine(byte, into: &state) }
        ContentHasher.combine(ContentHasher.separator, into: &state)
        var normaliser = Normaliser()
        normaliser.combine(payee, into: &state)
        normaliser.combine(0x20, into: &state)
        normaliser.combine(memo, into: &state)
        ContentHasher.combine(ContentHasher.separator, into: &state)
        return state
    }

    /// The state after the account and `date.isoString`.
    private mutating func dayState(_ date: CivilDate) -> UInt64 {
        if let lastDay, lastDay.date == date { return lastDay.state }
        var state = accountState
        // `isoString`: the year padded to four digits, then `-MM-DD`.
        ContentHasher.combineDigits(UInt64(date.year), minimumCount: 4, into: &state)
        ContentHasher.combine(UInt8(ascii: "-"), into: &state)
        ContentHasher.combineDigits(UInt64(date.month), minimumCount: 2, into: &state)
        ContentHasher.combine(UInt8(ascii: "-"), into: &state)
        ContentHasher.combineDigits(UInt64(date.day), minimumCount: 2, into: &state)
        ContentHasher.combine(ContentHasher.separator, into: &state)
        lastDay = (date, state)
        return state
    }

    @inline(__always)
    static func combine(_ byte: UInt8, into state: inout UInt64) {
        state = (state ^ UInt64(byte)) &* prime
    }

    /// `decimalString`: a minus when negative, the whole units, then the point and exactly
    /// `exponent` fraction digits when the currency has any.
    static func combineDecimal(_ minorUnits: Int64, exponent: Int, into state: inout UInt64) {
        if minorUnits < 0 { combine(UInt8(ascii: "-"), into: &state) }
        let magnitude = minorUnits.magnitude
        var scale: UInt64 = 1
        for _ in 0..<exponent { scale &*= 10 }
        combineDigits(magnitude / scale, minimumCount: 1, into: &state)
        if exponent > 0 {
            combine(UInt8(ascii: "."), into: &state)
            combineDigits(magnitude % scale, minimumCount: exponent, into: &state)
        }
    }

    /// The decimal digits of `value`, zero-padded to at least `minimumCount`.
    static func combineDigits(_ value: UInt64, minimumCount: Int, into state: inout UInt64) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for any UInt64 (20 digits)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(truncatingIfNeeded: rest % 10) | 0x30
                rest /= 10
                count += 1
            } while rest > 0
            while count < minimumCount && count < 24 {
                buffer[23 - count] = 0x30
                count += 1
            }
            for index in (24 - count)..<24 { combine(buffer[index], into: &state) }
        }
    }

    /// `StableHasher.combineNormalised` over several parts as if they were one text: ASCII folded
    /// to lower case, runs of white space one space, none at the ends (the closing separator is
    /// the caller's).
    struct Normaliser {
        private var pendingSpace = false
        private var started = false

        mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>, into state: inout UInt64) {
            // The per-byte work of a million payees: the state stays in registers.
            var hash = state
            var pending = pendingSpace
            var begun = started
            for byte in bytes {
                if byte <= 0x20 && (byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                    pending = begun
                    continue
                }
                if pending {
                    hash = (hash ^ 0x20) &* ContentHasher.prime
                    pending = false
                }
                begun = true
                let folded = byte &- 0x41 < 26 ? byte | 0x20 : byte
                hash = (hash ^ UInt64(folded)) &* ContentHasher.prime
            }
            (state, pendingSpace, started) = (hash, pending, begun)
        }

        @inline(__always)
        mutating func combine(_ byte: UInt8, into state: inout UInt64) {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = started
                return
            }
            if pendingSpace {
                ContentHasher.combine(0x20, into: &state)
                pendingSpace = false
            }
            started = true
            ContentHasher.combine(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte, into: &state)
        }
    }
}
