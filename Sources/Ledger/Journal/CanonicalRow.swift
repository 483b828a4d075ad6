/// A journal row exactly as `JournalRowEncoder` writes it for an uncategorised transaction, found
/// in place: where its fields are and the values of its date and amount.
///
/// Why: a stage that only adds to rows (categorisation changes the payee and appends category,
/// tags and the like) can copy such a row's bytes and splice in the new fields, instead of decoding
/// a million rows into `Transaction`s and encoding them again. That is only sound when encoding the
/// decoded row would give back the same bytes, so `scan` accepts nothing else: keys in the
/// encoder's order with no white space, every string valid UTF-8 without escapes, amounts and line
/// numbers in the encoder's digits, optional fields only when the encoder would write them, and
/// none of the fields a categorised row carries. Any other row is for `JournalRowDecoder`.
public struct CanonicalRow: Sendable {
    /// The row's bytes, without its line feed, as offsets into the file.
    public var start: Int
    public var end: Int
    public var id: Range<Int>
    public var account: Range<Int>
    public var date: CivilDate
    public var amount: Money
    /// The payee's bytes between its quotes.
    public var payee: Range<Int>
    /// Empty when the row has no memo.
    public var memo: Range<Int>
    public var bankType: Range<Int>?
    public var bankCategory: Range<Int>?
    /// Where `,"file":` starts: the fields a categorised row adds go just before it.
    public var tail: Int

    /// The row in `base[start..<end]` when it is in the encoder's exact form, else nil.
    /// `currencies` remembers currency codes already met.
    static func scan(
        _ base: UnsafePointer<UInt8>, start: Int, end: Int, currencies: inout ByteKeyedCache<Currency?>
    ) -> CanonicalRow? {
        var cursor = Cursor(base: base, position: start, end: end)
        guard cursor.literal("{\"id\":\""), let id = cursor.plainString(),
            cursor.literal(",\"account\":\""), let account = cursor.plainString(),
            cursor.literal(",\"date\":\""), let dateRange = cursor.plainString(),
            let date = JournalRowDecoder.isoDate(base, dateRange.lowerBound, dateRange.upperBound),
            cursor.literal(",\"amount\":\""), let amountRange = cursor.plainString(),
            cursor.literal(",\"currency\":\""), let codeRange = cursor.plainString(),
            cursor.literal(",\"payee\":\""), let payee = cursor.plainString()
        else { return nil }
        let code = UnsafeBufferPointer(start: base + codeRange.lowerBound, count: codeRange.count)
        guard let currency = currencies.value(for: code, make: { Currency(code: $0) }) ?? nil,
            ByteKeyedCache<Currency?>.equal(currency.code, code),
            let amount = CanonicalRow.amount(base, amountRange, currency)
        else { return nil }
        var memo = end..<end
        if cursor.literal(",\"memo\":\"") {
            guard let range = cursor.plainString(), !range.isEmpty else { return nil }
            memo = range
        }
        // The encoder writes a status only when it is not `posted`.
        if cursor.literal(",\"status\":\"") {
            guard cursor.literal("pending\"") else { return nil }
        }
        if cursor.literal(",\"checkNumber\":\"") {
            guard cursor.plainString() != nil else { return nil }
        }
        var bankType: Range<Int>?
        if cursor.literal(",\"bankType\":\"") {
            guard let range = cursor.plainString() else { return nil }
            bankType = range
        }
        var bankCategory: Range<Int>?
        if cursor.literal(",\"bankCategory\":\"") {
            guard let range = cursor.plainString() else { return nil }
            bankCategory = range
        }
        let tail = cursor.position
        guard cursor.literal(",\"file\":\""), cursor.plainString() != nil, cursor.literal(",\"line\":"),
            cursor.digits(), cursor.literal("}"), cursor.position == end,
            CanonicalRow.isValidUTF8(base, start, end)
        else { return nil }
        return CanonicalRow(
            start: start, end: end, id: id, account: account, date: date, amount: amount, payee: payee, memo: memo,
            bankType: bankType, bankCategory: bankCategory, tail: tail)
    }

    /// An amount in exactly the digits `JournalRowEncoder` writes: `-` only below zero, no leading
    /// zeros, as many fraction digits as the currency has.
    static func amount(_ base: UnsafePointer<UInt8>, _ range: Range<Int>, _ currency: Currency) -> Money? {
        guard let money = JournalRowDecoder.plainAmount(base, range.lowerBound, range.upperBound, currency) else {
            return nil
        }
        var index = range.lowerBound
        if base[index] == UInt8(ascii: "-") {
            guard money.minorUnits != 0 else { return nil }
            index += 1
        }
        let digitsStart = index
        while index < range.upperBound, base[index] != UInt8(ascii: ".") { index += 1 }
        if base[digitsStart] == UInt8(ascii: "0"), index - digitsStart > 1 { return nil }
        let exponent = currency.exponent
        let fraction = index < range.upperBound ? range.upperBound - index - 1 : 0
        guard fraction == exponent else { return nil }
        return money
    }

    /// True when the bytes are ASCII, or else valid UTF-8 (the decoder would repair anything else,
    /// and the encoder then write the repaired text).
    static func isValidUTF8(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let raw = UnsafeRawPointer(base)
        var index = start
        var high: UInt64 = 0
        while index + 8 <= end {
            high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < end {
            high |= UInt64(base[index])
            index += 1
        }
        if high & 0x8080_8080_8080_8080 == 0 { return true }
        return String(validating: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self) != nil
    }

    /// Reads literals, plain strings and digits, never throwing: anything unexpected is a nil.
    struct Cursor {
        let base: UnsafePointer<UInt8>
        var position: Int
        let end: Int

        /// After `text`, when the bytes here are `text`'s. Compared a word at a time (the keys are
        /// most of a row's bytes): eight bytes, then the next eight, the last eight overlapping
        /// those before them; four and four overlapping below eight; byte by byte below four.
        @inline(__always)
        mutating func literal(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard end - position >= count else { return false }
            let here = UnsafeRawPointer(base + position)
            let other = UnsafeRawPointer(text.utf8Start)
            @inline(__always) func same<Word: FixedWidthInteger>(_ offset: Int, _: Word.Type) -> Bool {
                here.loadUnaligned(fromByteOffset: offset, as: Word.self)
                    == other.loadUnaligned(fromByteOffset: offset, as: Word.self)
            }
            if count >= 8 {
                var offset = 0
                while offset + 8 < count {
                    guard same(offset, UInt64.self) else { return false }
                    offset += 8
                }
                guard same(count - 8, UInt64.self) else { return false }
            } else if count >= 4 {
                guard same(0, UInt32.self), same(count - 4, UInt32.self) else { return false }
            } else {
                for offset in 0..<count where base[position + offset] != text.utf8Start[offset] { return false }
            }
            position += count
            return true
        }

        /// After an opening quote: the string's bytes up to a closing quote, with no escape or
        /// control character on the way; the position is then after the quote.
        @inline(__always)
        mutating func plainString() -> Range<Int>? {
            let index = JSONStringBytes.firstSpecial(base, from: position, to: end)
            guard index < end, base[index] == 0x22 else { return nil }
            defer { position = index + 1 }
            return position..<index
        }

        /// A non-negative integer as `String(value)` writes it.
        mutating func digits() -> Bool {
            let start = position
            while position < end, base[position] &- 0x30 < 10 { position += 1 }
            let count = position - start
            return count > 0 && count <= 18 && (count == 1 || base[start] != UInt8(ascii: "0"))
        }
    }
}
