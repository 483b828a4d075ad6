/// Reads one journal row (a JSON object on one line) into a `Transaction`.
///
/// Why it is written this way: decoding is the first thing every later stage does with a journal
/// of up to millions of rows. So keys are compared as bytes in place (no `String` per key), strings
/// without escapes are made straight from the file's buffer, texts that repeat from row to row
/// (account, currency, file, payee, category...) are looked up in `ByteKeyedCache`s instead of
/// being decoded again, and dates and plain amounts are parsed inline. Anything unusual (an escape,
/// a control character, an unknown key, an odd amount) is handed to `JSONScanner` or
/// `Money.parse` from the same position, so the result and the error messages are those of the
/// general code.
///
/// One file of some 500 lines, against the habit: it is the one row schema's reader, a key switch
/// and the inline parsers it calls, and every field here must match its counterpart in
/// `JournalRowEncoder`; split into files, a reader of one key would no longer be beside the others.
struct JournalRowDecoder {
    /// Texts and values seen on earlier rows, shared by every row of one file.
    struct Caches {
        var strings = ByteKeyedCache<String>(capacity: 1024)
        var payees = ByteKeyedCache<String>(capacity: 1 << 14)
        var currencies = ByteKeyedCache<Currency?>()
        var categories = ByteKeyedCache<CategoryPath?>()
        var sources = ByteKeyedCache<CategorySource?>()
    }

    /// The array `JSONScanner` reads for the unusual cases, and where `base[0]` is in it: the
    /// buffer's own array, or (for a buffer that is not an array's, such as a mapped file) a copy
    /// of this row alone, made the first time one is needed.
    private var scanned: (bytes: [UInt8], offset: Int)?
    private let base: UnsafePointer<UInt8>
    private let start: Int
    private var position: Int
    private let end: Int

    /// `buffer` must be the storage of `bytes`; offsets are positions in both.
    init(bytes: [UInt8], buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.init(buffer: buffer, start: start, end: end)
        self.scanned = (bytes, 0)
    }

    /// Reads the row at `start..<end` of `buffer`, which must stay valid while the row is decoded.
    init(buffer: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        // A non-empty line lies inside the buffer, so it has a base address.
        self.base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.start = start
        self.position = start
        self.end = end
    }

    typealias Failure = JSONScanner.Failure

    /// The keys of a row, recognised by their bytes.
    enum Key {
        case id, account, date, amount, currency, payee, memo, status, checkNumber, bankType, bankCategory
        case category, categorySource, tags, note, splits, transfer, transferPeer, ignored, file, line
        case unknown

        /// A text that describes the transaction but enters no figure (see `FigureRow`). The
        /// category's source is read: the analysis counts spending by the kind of source.
        var isDescriptive: Bool {
            switch self {
            case .memo, .checkNumber, .bankType, .bankCategory, .tags, .note, .transferPeer, .file, .line:
                true
            default: false
            }
        }

        /// Dispatches on the length first, so most keys are told apart by one comparison.
        init(_ key: UnsafeBufferPointer<UInt8>) {
            switch key.count {
            case 2: self = key.matches("id") ? .id : .unknown
            case 4:
                self =
                    key.matches("date")
                    ? .date
                    : key.matches("memo")
                        ? .memo
                        : key.matches("file")
                            ? .file
                            : key.matches("line")
                                ? .line
                                : key.matches("tags")
                                    ? .tags
                                    : key.matches("note")
                                        ? .note
                                        : .unknown
            case 5: self = key.matches("payee") ? .payee : .unknown
            case 6:
                self =
                    key.matches("amount")
                    ? .amount
                    : key.matches("status")
                        ? .status
                        : key.matches("splits")
                            ? .splits
                            : .unknown
            case 7: self = key.matches("account") ? .account : key.matches("ignored") ? .ignored : .unknown
            case 8:
                self =
                    key.matches("currency")
                    ? .currency
                    : key.matches("bankType")
                        ? .bankType
                        : key.matches("category")
                            ? .category
                            : key.matches("transfer")
                                ? .transfer
                                : .unknown
            case 11: self = key.matches("checkNumber") ? .checkNumber : .unknown
            case 12:
                self =
                    key.matches("bankCategory") ? .bankCategory : key.matches("transferPeer") ? .transferPeer : .unknown
            case 14: self = key.matches("categorySource") ? .categorySource : .unknown
            default: self = .unknown
            }
        }
    }

    mutating func decode(caches: inout Caches) throws(Failure) -> Transaction {
        try decode(caches: &caches, as: Transaction.self)
    }

    /// Decodes the row as `Row`. A row type that does not keep the descriptive texts has them
    /// checked as JSON and passed over, not made into strings.
    mutating func decode<Row: DecodableRow>(caches: inout Caches, as: Row.Type) throws(Failure) -> Row {
        var id = "", account = "", payee = "", memo = ""
        var date: CivilDate?
        var amountStart = 0, amountEnd = 0
        var currencyCode: UnsafeBufferPointer<UInt8>?
        var currencyText = ""
        var status = TransactionStatus.posted
        var checkNumber: String?, bankType: String?, bankCategory: String?, note: String?
        var category: CategoryPath?
        var source = CategorySource.none
        var tags: [String] = []
        var rawSplits: [(String, ArraySlice<UInt8>)] = []
        var isTransfer = false, isIgnored = false
        var peer: TransactionID?
        var file = ""
        var line = 0
        let start = position
        // The object's frame, as `JSONScanner.readObject` reads it.
        try expect(UInt8(ascii: "{"))
        if !consume(UInt8(ascii: "}")) {
            repeat {
                let key = try readKey()
                try expect(UInt8(ascii: ":"))
                if !Row.keepsDescriptions, key.isDescriptive {
                    try skipValue()
                    continue
                }
                switch key {
                case .id: id = try readString()
                case .account: account = try readString(cache: &caches.strings)
                case .date:
                    let offset = position
                    let range = try readRawString()
                    guard let value = JournalRowDecoder.isoDate(base, range.start, range.end) else {
                        throw Failure(offset: offset, reason: "invalid date")
                    }
                    date = value
                case .amount:
                    (amountStart, amountEnd) = try readRawString()
                case .currency:
                    skipWhitespace()
                    if let range = try plainString() {
                        currencyCode = UnsafeBufferPointer(start: base + range.start, count: range.end - range.start)
                    } else {
                        currencyCode = nil
                        currencyText = try scanner { (s) throws(Failure) in try s.readString() }
                    }
                case .payee: payee = try readString(cache: &caches.payees)
                case .memo: memo = try readString(cache: &caches.payees)
                case .status:
                    let offset = position
                    guard let value = TransactionStatus(rawValue: try readString(cache: &caches.strings)) else {
                        throw Failure(offset: offset, reason: "invalid status")
                    }
                    status = value
                case .checkNumber: checkNumber = try readString()
                case .bankType: bankType = try readString(cache: &caches.strings)
                case .bankCategory: bankCategory = try readString(cache: &caches.strings)
                case .category:
                    skipWhitespace()
                    if let range = try plainString() {
                        category = caches.categories.value(for: buffer(range)) { CategoryPath($0) }
                    } else {
                        category = CategoryPath(try scanner { (s) throws(Failure) in try s.readString() })
                    }
                case .categorySource:
                    skipWhitespace()
                    if let range = try plainString() {
                        source = caches.sources.value(for: buffer(range)) { CategorySource($0) } ?? .none
                    } else {
                        source = CategorySource(try scanner { (s) throws(Failure) in try s.readString() }) ?? .none
                    }
                case .tags:
                    try scanner { (s) throws(Failure) in
                        try s.readArray { (e) throws(Failure) in tags.append(try e.readString()) }
                    }
                case .note: note = try readString(cache: &caches.strings)
                case .splits:
                    try scanner { (s) throws(Failure) in
                        try s.readArray { (e) throws(Failure) in
                            var splitCategory = ""
                            var splitAmount: ArraySlice<UInt8> = []
                            try e.readObject { (o, k) throws(Failure) in
                                switch k {
                                case "category": splitCategory = try o.readString()
                                case "amount": splitAmount = try o.readStringBytes()
                                default: try o.skipValue()
                                }
                            }
                            rawSplits.append((splitCategory, splitAmount))
                        }
                    }
                case .transfer: isTransfer = try scanner { (s) throws(Failure) in try s.readBool() }
                case .transferPeer: peer = TransactionID(try readString())
                case .ignored: isIgnored = try scanner { (s) throws(Failure) in try s.readBool() }
                case .file: file = try readString(cache: &caches.strings)
                case .line: line = try readInt()
                case .unknown: try scanner { (s) throws(Failure) in try s.skipValue() }
                }
            } while consume(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
        }
        guard let date else { throw Failure(offset: start, reason: "transaction has no date") }
        let currency: Currency
        let known: Currency??
        if let currencyCode {
            known = caches.currencies.value(for: currencyCode) { Currency(code: $0) }
        } else {
            known = Currency(code: currencyText)
        }
        if let known, let known {
            currency = known
        } else {
            let code = currencyCode.map { String(decoding: $0, as: UTF8.self) } ?? currencyText
            throw Failure(offset: start, reason: "invalid currency '\(code)'")
        }
        let amount: Money
        if let plain = JournalRowDecoder.plainAmount(base, amountStart, amountEnd, currency) {
            amount = plain
        } else {
            do {
                amount = try Money.parse(
                    UnsafeBufferPointer(start: base + amountStart, count: amountEnd - amountStart), currency: currency)
            } catch {
                throw Failure(offset: start, reason: "invalid amount: \(error)")
            }
        }
        var splits: [Split] = []
        for (text, bytes) in rawSplits {
            guard let path = CategoryPath(text), let value = try? Money.parse(bytes, currency: currency) else {
                throw Failure(offset: start, reason: "invalid split")
            }
            splits.append(Split(category: path, amount: value))
        }
        return Row(
            id: TransactionID(id), account: AccountID(account), date: date, amount: amount, payee: payee, memo: memo,
            status: status, checkNumber: checkNumber, bankType: bankType, bankCategory: bankCategory,
            category: category, categorySource: source, tags: tags, note: note, splits: splits,
            isTransfer: isTransfer, transferPeer: peer, isIgnored: isIgnored,
            source: SourceLocation(file: file, line: line))
    }

    // MARK: Structure (as JSONScanner reads it)

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < end {
            let byte = base[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }

    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws(Failure) {
        skipWhitespace()
        guard position < end, base[position] == byte else {
            throw Failure(offset: position, reason: "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        position += 1
    }

    @inline(__always)
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if position < end, base[position] == byte {
            position += 1
            return true
        }
        return false
    }

    /// Runs `body` on a `JSONScanner` at the current position, then carries on after what it read.
    /// Positions that `body` returns or fails at are the scanner's; `scannerOffset` turns them into
    /// the buffer's.
    @inline(__always)
    private mutating func scanner<T>(
        _ body: (inout JSONScanner) throws(Failure) -> T
    ) throws(Failure) -> T {
        let (bytes, offset) = scannerBytes()
        var scanner = JSONScanner(bytes: bytes, start: position - offset, end: end - offset)
        let value: T
        do throws(Failure) {
            value = try body(&scanner)
        } catch {
            throw Failure(offset: error.offset + offset, reason: error.reason)
        }
        position = scanner.position + offset
        return value
    }

    /// The array for `JSONScanner` and the buffer position of its first byte.
    private mutating func scannerBytes() -> (bytes: [UInt8], offset: Int) {
        if let scanned { return scanned }
        let copy = (Array(UnsafeBufferPointer(start: base + start, count: end - start)), start)
        scanned = copy
        return copy
    }

    /// The buffer position of the scanner's position 0.
    private var scannerOffset: Int { scanned?.offset ?? 0 }

    @inline(__always)
    private func buffer(_ range: (start: Int, end: Int)) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.start, count: range.end - range.start)
    }

    /// At a string (after white space): its content range when it has no escape and no control
    /// character, the position then after its closing quote; nil (position unchanged) otherwise.
    @inline(__always)
    private mutating func plainString() throws(Failure) -> (start: Int, end: Int)? {
        guard position < end, base[position] == 0x22 else {
            throw Failure(offset: position, reason: "expected '\"'")
        }
        let start = position + 1
        let index = JSONStringBytes.firstSpecial(base, from: start, to: end)
        if index < end, base[index] == 0x22 {
            position = index + 1
            return (start, index)
        }
        return nil
    }

    private mutating func readKey() throws(Failure) -> Key {
        skipWhitespace()
        if let range = try plainString() { return Key(buffer(range)) }
        let text = try scanner { (s) throws(Failure) in try s.readString() }
        var copy = text
        return copy.withUTF8 { Key($0) }
    }

    @inline(__always)
    private mutating func readString() throws(Failure) -> String {
        skipWhitespace()
        if let range = try plainString() { return String(decoding: buffer(range), as: UTF8.self) }
        return try scanner { (s) throws(Failure) in try s.readString() }
    }

    @inline(__always)
    private mutating func readString(cache: inout ByteKeyedCache<String>) throws(Failure) -> String {
        skipWhitespace()
        if let range = try plainString() { return cache.value(for: buffer(range)) { $0 } }
        return try scanner { (s) throws(Failure) in try s.readString() }
    }

    /// The raw bytes of a string value without decoding escapes, as `JSONScanner.readStringBytes`.
    private mutating func readRawString() throws(Failure) -> (start: Int, end: Int) {
        try scannerRange { (s) throws(Failure) in try s.readStringBytes() }
    }

    @inline(__always)
    private mutating func scannerRange(
        _ body: (inout JSONScanner) throws(Failure) -> ArraySlice<UInt8>
    ) throws(Failure) -> (start: Int, end: Int) {
        skipWhitespace()
        if let range = try plainString() { return range }
        let slice = try scanner(body)
        return (slice.startIndex + scannerOffset, slice.endIndex + scannerOffset)
    }

    /// Checks and passes over one value: a string in place, anything else with `JSONScanner`.
    private mutating func skipValue() throws(Failure) {
        skipWhitespace()
        if position < end, base[position] == 0x22, try plainString() != nil { return }
        try scanner { (s) throws(Failure) in try s.skipValue() }
    }

    /// As `JSONScanner.readInt`.
    private mutating func readInt() throws(Failure) -> Int {
        skipWhitespace()
        var negative = false
        if position < end, base[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var value = 0
        let start = position
        while position < end, base[position] &- 0x30 < 10 {
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = shifted.addingReportingOverflow(Int(base[position] &- 0x30))
            if o1 || o2 { throw Failure(offset: start, reason: "integer out of range") }
            value = sum
            position += 1
        }
        guard position > start else { throw Failure(offset: position, reason: "expected a number") }
        return negative ? -value : value
    }

    // MARK: Values

    /// `YYYY-MM-DD`, as `CivilDate(iso:)` reads it, without building an array.
    @inline(__always)
    static func isoDate(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> CivilDate? {
        guard end - start == 10, base[start + 4] == UInt8(ascii: "-"), base[start + 7] == UInt8(ascii: "-") else {
            return nil
        }
        @inline(__always) func number(_ from: Int, _ to: Int) -> Int? {
            var value = 0
            for index in from..<to {
                let digit = base[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(start, start + 4), let month = number(start + 5, start + 7),
            let day = number(start + 8, start + 10)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// `-?digits(.digits)?` with no more fraction digits than the currency has: the form every
    /// stage writes. Nil for anything else, which then goes through `Money.parse`.
    @inline(__always)
    static func plainAmount(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ currency: Currency) -> Money? {
        var index = start
        var negative = false
        if index < end, base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var integer: Int64 = 0
        var digits = 0
        while index < end, base[index] &- 0x30 < 10 {
            integer = integer * 10 + Int64(base[index] &- 0x30)
            digits += 1
            index += 1
            if digits > 17 { return nil }
        }
        guard digits > 0 else { return nil }
        let exponent = currency.exponent
        var fraction: Int64 = 0
        var fractionDigits = 0
        if index < end {
            guard base[index] == UInt8(ascii: "."), exponent > 0 else { return nil }
            index += 1
            while index < end, base[index] &- 0x30 < 10 {
                guard fractionDigits < exponent else { return nil }
                fraction = fraction * 10 + Int64(base[index] &- 0x30)
                fractionDigits += 1
                index += 1
            }
            guard index == end else { return nil }
        }
        guard exponent <= 4 else { return nil }
        for _ in fractionDigits..<exponent { fraction *= 10 }
        let units = integer * currency.scale + fraction
        return Money(minorUnits: negative ? -units : units, currency: currency)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// True when the bytes are exactly `literal`'s.
    @inline(__always)
    fileprivate func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard self.count == count, let base = baseAddress else { return false }
        let other = literal.utf8Start
        for index in 0..<count where base[index] != other[index] { return false }
        return true
    }
}

/// What `JournalRowDecoder` can decode a row into.
protocol DecodableRow {
    /// False for a type that drops the descriptive texts, which the decoder then skips.
    static var keepsDescriptions: Bool { get }

    init(
        id: TransactionID, account: AccountID, date: CivilDate, amount: Money, payee: String, memo: String,
        status: TransactionStatus, checkNumber: String?, bankType: String?, bankCategory: String?,
        category: CategoryPath?, categorySource: CategorySource, tags: [String], note: String?, splits: [Split],
        isTransfer: Bool, transferPeer: TransactionID?, isIgnored: Bool, source: SourceLocation)
}

extension Transaction: DecodableRow {
    static var keepsDescriptions: Bool { true }
}

extension FigureRow: DecodableRow {
    static var keepsDescriptions: Bool { false }

    init(
        id: TransactionID, account: AccountID, date: CivilDate, amount: Money, payee: String, memo: String,
        status: TransactionStatus, checkNumber: String?, bankType: String?, bankCategory: String?,
        category: CategoryPath?, categorySource: CategorySource, tags: [String], note: String?, splits: [Split],
        isTransfer: Bool, transferPeer: TransactionID?, isIgnored: Bool, source: SourceLocation
    ) {
        self.init(
            id: id, account: account, date: date, amount: amount, payee: payee, status: status, category: category,
            splits: splits, isTransfer: isTransfer, isIgnored: isIgnored, categorySourceKind: categorySource.kind)
    }
}
