/// Writes one transaction as a journal row (a JSON object) into raw memory.
///
/// Why raw memory: a million rows of a dozen fields are tens of millions of small writes. Through
/// `Array.append` each pays a uniqueness and capacity check, and `String` interpolation of dates
/// and amounts allocates. Here the row's worst-case size is reserved once and every byte is stored
/// with no check; keys are compile-time literals; numbers are written as digits directly.
///
/// The bytes are exactly those the field-by-field `JSONWriter` form gives (same key order, same
/// escapes), which `JournalCodecTests` pins down.
///
/// One file of over 400 lines, against the habit: the two row writers (a whole transaction, and
/// an imported row straight from its record) must write the same keys in the same order with the
/// same pieces, and read best side by side with those pieces.
public struct JournalRowEncoder {
    private var cursor: UnsafeMutablePointer<UInt8>

    private init(_ start: UnsafeMutablePointer<UInt8>) { cursor = start }

    /// Appends the row for `t` (and a line feed when `newline`) to `bytes`, using `scratch` as
    /// working memory: one bounds-checked append per row.
    ///
    /// The transaction is read through a pointer into its array: passing it by value would copy it,
    /// retaining and releasing every string it holds, for each row.
    static func append(
        _ t: UnsafePointer<Transaction>, newline: Bool, to bytes: inout [UInt8], scratch: RowScratch
    ) {
        let start = scratch.pointer(capacity: maximumSize(of: t))
        var encoder = JournalRowEncoder(start)
        encoder.row(t)
        if newline { encoder.byte(0x0A) }
        bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: encoder.cursor - start))
    }

    /// A bound on the row's size: every text byte escaped at most six bytes long (`\u00XX`).
    static func maximumSize(of t: UnsafePointer<Transaction>) -> Int {
        var size =
            400 + 6
            * (t.pointee.id.rawValue.utf8.count + t.pointee.account.rawValue.utf8.count + t.pointee.payee.utf8.count
                + t.pointee.memo.utf8.count + t.pointee.source.file.utf8.count
                + t.pointee.amount.currency.code.utf8.count)
        size +=
            6
            * ((t.pointee.checkNumber?.utf8.count ?? 0) + (t.pointee.bankType?.utf8.count ?? 0)
                + (t.pointee.bankCategory?.utf8.count ?? 0)
                + (t.pointee.note?.utf8.count ?? 0) + (t.pointee.transferPeer?.rawValue.utf8.count ?? 0))
        if let category = t.pointee.category { size += categorySize(category) }
        switch t.pointee.categorySource {
        case .rule(let file, _), .profileRule(let file, _), .starterRule(let file, _), .exportCategory(let file, _),
            .override(let file, _):
            size += 6 * file.utf8.count
        default: break
        }
        for tag in t.pointee.tags { size += 6 * tag.utf8.count + 3 }
        for split in t.pointee.splits { size += categorySize(split.category) + 64 }
        return size
    }

    private static func categorySize(_ path: CategoryPath) -> Int {
        var size = 0
        for component in path.components { size += 6 * component.utf8.count + 1 }
        return size
    }

    private mutating func row(_ t: UnsafePointer<Transaction>) {
        literal("{\"id\":")
        quoted(t.pointee.id.rawValue)
        literal(",\"account\":")
        quoted(t.pointee.account.rawValue)
        literal(",\"date\":\"")
        date(t.pointee.date)
        literal("\",\"amount\":\"")
        amount(t.pointee.amount)
        literal("\",\"currency\":")
        quoted(t.pointee.amount.currency.code)
        literal(",\"payee\":")
        quoted(t.pointee.payee)
        if !t.pointee.memo.isEmpty {
            literal(",\"memo\":")
            quoted(t.pointee.memo)
        }
        if t.pointee.status != .posted {
            literal(",\"status\":")
            quoted(t.pointee.status.rawValue)
        }
        if let value = t.pointee.checkNumber {
            literal(",\"checkNumber\":")
            quoted(value)
        }
        if let value = t.pointee.bankType {
            literal(",\"bankType\":")
            quoted(value)
        }
        if let value = t.pointee.bankCategory {
            literal(",\"bankCategory\":")
            quoted(value)
        }
        if let value = t.pointee.category {
            literal(",\"category\":\"")
            category(value)
            byte(0x22)
        }
        if t.pointee.categorySource != .none {
            literal(",\"categorySource\":\"")
            categorySource(t.pointee.categorySource)
            byte(0x22)
        }
        if !t.pointee.tags.isEmpty {
            literal(",\"tags\":[")
            for (index, tag) in t.pointee.tags.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                quoted(tag)
            }
            byte(UInt8(ascii: "]"))
        }
        if let value = t.pointee.note {
            literal(",\"note\":")
            quoted(value)
        }
        if !t.pointee.splits.isEmpty { splits(t.pointee.splits) }
        if t.pointee.isTransfer { literal(",\"transfer\":true") }
        if let value = t.pointee.transferPeer {
            literal(",\"transferPeer\":")
            quoted(value.rawValue)
        }
        if t.pointee.isIgnored { literal(",\"ignored\":true") }
        literal(",\"file\":")
        quoted(t.pointee.source.file)
        literal(",\"line\":")
        integer(t.pointee.source.line)
        byte(UInt8(ascii: "}"))
    }

    // MARK: Rows the import stage makes

    /// The most bytes `writeImported` writes for a row whose texts (id, account, currency, file,
    /// payee, memo, check number, bank type and bank category) have `textBytes` UTF-8 bytes in
    /// all, and which has `splits` (whose category texts are counted in `textBytes` too).
    public static func importedRowBound(textBytes: Int, splits: Int) -> Int {
        400 + 6 * textBytes + 96 * splits
    }

    /// `text` as it stands between the quotes of a JSON string in a row: its UTF-8 bytes, escaped.
    public static func escapedBytes(_ text: String) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 6 * text.utf8.count + 1) { buffer, count in
            guard let start = buffer.baseAddress else { return }
            count = writeEscaped(text, at: start) - start
        }
    }

    /// Writes `text` escaped (as `escapedBytes`) at `start`, which has room for six bytes per
    /// UTF-8 byte of `text`; returns the end.
    public static func writeEscaped(
        _ text: String, at start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var encoder = JournalRowEncoder(start)
        encoder.escaped(text)
        return encoder.cursor
    }

    /// Writes UTF-8 `bytes` escaped (as `escapedBytes` would the string they spell) at `start`,
    /// which has room for six bytes per byte; returns the end.
    public static func writeEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var encoder = JournalRowEncoder(start)
        encoder.escaped(bytes)
        return encoder.cursor
    }

    /// Writes the row of a transaction as the import stage makes it (no category, tags, note or
    /// transfer) at `start`, which has room for `importedRowBound` bytes; returns the end.
    ///
    /// The import writes its million rows from its records, never making `Transaction` values:
    /// the id, account, currency code (of `exponent` decimals) and file come as bytes already
    /// escaped (`escapedBytes`, `writeEscaped`), which the import makes once for all rows (the
    /// id from its escaped account prefix and hex digits); the record's own texts come as their
    /// UTF-8 bytes, escaped here. The bytes are those `append` writes for the same transaction.
    public static func writeImported(
        at start: UnsafeMutablePointer<UInt8>, id: UnsafeBufferPointer<UInt8>, account: UnsafeBufferPointer<UInt8>,
        date: CivilDate, minorUnits: Int64, exponent: Int, currencyCode: UnsafeBufferPointer<UInt8>,
        payee: UnsafeBufferPointer<UInt8>, memo: UnsafeBufferPointer<UInt8>, status: TransactionStatus,
        checkNumber: UnsafeBufferPointer<UInt8>?, bankType: UnsafeBufferPointer<UInt8>?,
        bankCategory: UnsafeBufferPointer<UInt8>?, splits: [Split]?,
        file: UnsafeBufferPointer<UInt8>, line: Int
    ) -> UnsafeMutablePointer<UInt8> {
        var encoder = JournalRowEncoder(start)
        encoder.literal("{\"id\":\"")
        encoder.bytes(id)
        encoder.literal("\",\"account\":\"")
        encoder.bytes(account)
        encoder.literal("\",\"date\":\"")
        encoder.date(date)
        encoder.literal("\",\"amount\":\"")
        var scale: UInt64 = 1
        for _ in 0..<exponent { scale &*= 10 }
        encoder.amount(minorUnits, exponent: exponent, scale: scale)
        encoder.literal("\",\"currency\":\"")
        encoder.bytes(currencyCode)
        encoder.literal("\",\"payee\":")
        encoder.quoted(bytes: payee)
        if !memo.isEmpty {
            encoder.literal(",\"memo\":")
            encoder.quoted(bytes: memo)
        }
        if status != .posted {
            encoder.literal(",\"status\":")
            encoder.quoted(status.rawValue)
        }
        if let value = checkNumber {
            encoder.literal(",\"checkNumber\":")
            encoder.quoted(bytes: value)
        }
        if let value = bankType {
            encoder.literal(",\"bankType\":")
            encoder.quoted(bytes: value)
        }
        if let value = bankCategory {
            encoder.literal(",\"bankCategory\":")
            encoder.quoted(bytes: value)
        }
        if let splits, !splits.isEmpty { encoder.splits(splits) }
        encoder.literal(",\"file\":\"")
        encoder.bytes(file)
        encoder.literal("\",\"line\":")
        encoder.integer(line)
        encoder.byte(UInt8(ascii: "}"))
        return encoder.cursor
    }

    // MARK: Pieces

    @inline(__always)
    private mutating func byte(_ value: UInt8) {
        cursor.pointee = value
        cursor += 1
    }

    @inline(__always)
    private mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress else { return }
        cursor.update(from: base, count: source.count)
        cursor += source.count
    }

    @inline(__always)
    private mutating func literal(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        cursor.update(from: text.utf8Start, count: count)
        cursor += count
    }

    /// `"text"` with JSON escapes, exactly as `JSONWriter` writes them.
    @inline(__always)
    private mutating func quoted(_ text: String) {
        byte(0x22)
        escaped(text)
        byte(0x22)
    }

    /// `"bytes"` (UTF-8) with JSON escapes, as `quoted` writes the string they spell.
    @inline(__always)
    private mutating func quoted(bytes: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        escaped(bytes)
        byte(0x22)
    }

    @inline(__always)
    private mutating func escaped(_ text: String) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { escaped($0) }
        if done == nil {
            var copy = text
            copy.withUTF8 { escaped($0) }
        }
    }

    /// Through the one escaper (`JSONStringEscaper`), which copies runs of plain bytes in one move.
    @inline(__always)
    private mutating func escaped(_ source: UnsafeBufferPointer<UInt8>) {
        cursor = JSONStringEscaper.write(source, at: cursor)
    }

    /// Decimal digits of `value`, no sign.
    @inline(__always)
    private mutating func digits(_ value: UInt64) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var remaining = value
        var length = 0
        withUnsafeMutableBytes(of: &buffer) { raw in
            repeat {
                length += 1
                raw[24 - length] = UInt8(truncatingIfNeeded: remaining % 10) + 0x30
                remaining /= 10
            } while remaining > 0
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            cursor.update(from: base + (24 - length), count: length)
        }
        cursor += length
    }

    /// Exactly `width` digits, zero-padded (`value` must fit).
    @inline(__always)
    private mutating func padded(_ value: UInt64, width: Int) {
        var remaining = value
        var index = width - 1
        while index >= 0 {
            cursor[index] = UInt8(truncatingIfNeeded: remaining % 10) + 0x30
            remaining /= 10
            index -= 1
        }
        cursor += width
    }

    /// As `String(value)`.
    private mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        digits(value.magnitude.toUInt64)
    }

    /// `YYYY-MM-DD`, as `CivilDate.isoString` (years are 1...9999, so always four digits).
    private mutating func date(_ date: CivilDate) {
        padded(UInt64(date.year), width: 4)
        byte(UInt8(ascii: "-"))
        padded(UInt64(date.month), width: 2)
        byte(UInt8(ascii: "-"))
        padded(UInt64(date.day), width: 2)
    }

    /// `,"splits":[...]`.
    private mutating func splits(_ splits: [Split]) {
        literal(",\"splits\":[")
        for (index, split) in splits.enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            literal("{\"category\":\"")
            category(split.category)
            literal("\",\"amount\":\"")
            amount(split.amount)
            literal("\"}")
        }
        byte(UInt8(ascii: "]"))
    }

    /// As `Money.decimalString`: `-1234.50`, zero-padded fraction, no sign on zero.
    private mutating func amount(_ money: Money) {
        amount(money.minorUnits, exponent: money.currency.exponent, scale: UInt64(money.currency.scale))
    }

    private mutating func amount(_ minorUnits: Int64, exponent: Int, scale: UInt64) {
        let magnitude = minorUnits.magnitude
        if minorUnits < 0 { byte(UInt8(ascii: "-")) }
        digits(magnitude / scale)
        if exponent > 0 {
            byte(UInt8(ascii: "."))
            padded(magnitude % scale, width: exponent)
        }
    }

    /// As `CategoryPath.description`, escaped.
    private mutating func category(_ path: CategoryPath) {
        for (index, component) in path.components.enumerated() {
            if index > 0 { byte(UInt8(ascii: ":")) }
            escaped(component)
        }
    }

    /// `kind file:line`, the file escaped.
    private mutating func place(_ kind: StaticString, _ file: String, _ line: Int) {
        literal(kind)
        escaped(file)
        byte(UInt8(ascii: ":"))
        integer(line)
    }

    /// As `CategorySource.description`, escaped.
    private mutating func categorySource(_ source: CategorySource) {
        switch source {
        case .rule(let file, let line): place("rule ", file, line)
        case .profileRule(let file, let line): place("profile ", file, line)
        case .starterRule(let file, let line): place("starter ", file, line)
        case .exportCategory(let file, let line): place("export ", file, line)
        case .override(let file, let line): place("override ", file, line)
        case .learned(let confidence):
            let hundredths = Int((confidence * 100).rounded())
            guard hundredths >= 0 else {
                escaped(source.description)
                return
            }
            literal("learned ")
            digits(UInt64(hundredths / 100))
            byte(UInt8(ascii: "."))
            padded(UInt64(hundredths % 100), width: 2)
        case .transfer: literal("transfer")
        case .none: literal("none")
        }
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}

/// Reusable working memory for one row at a time; grows to the largest row seen.
final class RowScratch {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    /// At least `capacity` bytes; the contents are not kept across calls.
    func pointer(capacity needed: Int) -> UnsafeMutablePointer<UInt8> {
        if needed > capacity {
            start.deallocate()
            capacity = max(needed, capacity * 2)
            start = .allocate(capacity: capacity)
        }
        return start
    }
}
