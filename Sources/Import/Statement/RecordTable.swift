import Ledger

/// The records of one statement: a fixed-size row per record, and every record's texts side by
/// side in one byte array.
///
/// A million-row export as a million `ParsedRecord`s is a million 200-byte values, each holding
/// six strings; making those strings meant either a heap allocation per text or a lookup in a
/// table of texts already made, and every later pass (ids, journal rows) chased them around the
/// heap. Here a reader appends each text's UTF-8 bytes once, in file order, and a row keeps only
/// their lengths, so the passes that follow read texts front to back as bytes.
///
/// As a collection it hands out `ParsedRecord` values (made on demand), which is what tests,
/// readers of small files and the paths that are not hot use; the import driver reads the
/// columns through `date(at:)`, `withTexts(at:_:)` and the other accessors.
public struct RecordTable: Sendable {
    /// One record without its texts and splits.
    struct Row {
        var line: Int
        var date: CivilDate
        var minorUnits: Int64
        /// Meaningful when `hasBalance`.
        var balanceMinorUnits: Int64
        /// Where the record's texts begin in `texts`.
        var textStart: Int
        var lengths: TextLengths
        /// Indices in `currencies` of the amount's and the balance's currency.
        var currency: UInt16
        var balanceCurrency: UInt16
        var status: TransactionStatus
        var hasBalance: Bool
        var hasSplits: Bool
    }

    /// The byte lengths of a record's texts, which lie one after the other in `texts` in this
    /// order: payee, memo, FITID, check number, bank type, bank category. An optional text that
    /// is absent has length `TextLengths.absent` (and no bytes).
    public struct TextLengths: Sendable, Equatable {
        public static let absent = UInt32.max

        public var payee: UInt32 = 0
        public var memo: UInt32 = 0
        public var fitID: UInt32 = TextLengths.absent
        public var checkNumber: UInt32 = TextLengths.absent
        public var bankType: UInt32 = TextLengths.absent
        public var bankCategory: UInt32 = TextLengths.absent

        public init() {}

        /// The number of bytes all the texts take.
        var total: Int {
            func bytes(_ length: UInt32) -> Int { length == TextLengths.absent ? 0 : Int(length) }
            return Int(payee) + Int(memo) + bytes(fitID) + bytes(checkNumber) + bytes(bankType) + bytes(bankCategory)
        }
    }

    /// The texts of one record, as UTF-8 bytes in the table (valid while the closure runs).
    public struct Texts {
        public var payee: UnsafeBufferPointer<UInt8>
        public var memo: UnsafeBufferPointer<UInt8>
        public var fitID: UnsafeBufferPointer<UInt8>?
        public var checkNumber: UnsafeBufferPointer<UInt8>?
        public var bankType: UnsafeBufferPointer<UInt8>?
        public var bankCategory: UnsafeBufferPointer<UInt8>?
    }

    private(set) var rows: [Row] = []
    /// Every record's texts, record after record, valid UTF-8.
    private(set) var texts: [UInt8] = []
    /// The bytes in `texts` that belong to appended records; bytes after them are the texts of
    /// the record being appended (see `appendText`).
    private var committedTexts = 0
    /// The currencies of the records' amounts and balances, each once, in first-seen order.
    private(set) var currencies: [Currency] = []
    /// The splits of the records that have any, by record index.
    private(set) var splitLists: [Int: [ParsedSplit]] = [:]

    public init() {}

    /// A table of `rows` whose texts lie in `texts`, as `ParsedFileBytes` reads one back: the
    /// caller has checked that every row's texts and currencies are within `texts` and
    /// `currencies`, and that `splitLists` names rows that have splits.
    init(rows: [Row], texts: [UInt8], currencies: [Currency], splitLists: [Int: [ParsedSplit]]) {
        self.rows = rows
        self.texts = texts
        self.committedTexts = texts.count
        self.currencies = currencies
        self.splitLists = splitLists
    }

    public init(_ records: some Sequence<ParsedRecord>) {
        for record in records { append(record) }
    }

    /// Makes room for `count` records whose texts take about `textBytes` bytes.
    public mutating func reserveCapacity(_ count: Int, textBytes: Int = 0) {
        rows.reserveCapacity(count)
        if textBytes > 0 { texts.reserveCapacity(textBytes) }
    }

    /// Gives back reserved room that the records did not take, when it is most of it (a small
    /// statement in a large file).
    public mutating func releaseUnusedCapacity() {
        if rows.capacity > 65536 && rows.capacity > 4 * rows.count { rows = Array(rows) }
        if texts.capacity > 1 << 20 && texts.capacity > 4 * texts.count { texts = Array(texts) }
    }

    // MARK: - Appending

    /// Appends `record`, its texts copied into the table (text appended with `appendText` for a
    /// record that was then not appended is dropped first).
    public mutating func append(_ record: ParsedRecord) {
        discardPendingText()
        var lengths = TextLengths()
        lengths.payee = appendText(record.payee)
        lengths.memo = appendText(record.memo)
        if let text = record.fitID { lengths.fitID = appendText(text) }
        if let text = record.checkNumber { lengths.checkNumber = appendText(text) }
        if let text = record.bankType { lengths.bankType = appendText(text) }
        if let text = record.bankCategory { lengths.bankCategory = appendText(text) }
        appendRecord(
            line: record.line, date: record.date, amount: record.amount, status: record.status, texts: lengths,
            balanceAfter: record.balanceAfter)
        if record.hasSplits { setSplitsOfLast(record.splits) }
    }

    /// Appends every record of `other` after this table's, as if each had been appended here in
    /// turn: texts moved along, currencies numbered in this table's first-seen order, splits kept.
    /// For a file read in parts at once, each part into its own table; `lines` is added to each
    /// record's line (a part that numbered its lines from its own start).
    public mutating func append(contentsOf other: RecordTable, movingLinesBy lines: Int = 0) {
        discardPendingText()
        let textOffset = texts.count
        let rowOffset = rows.count
        let currencyNumbers = other.currencies.map { currencyIndex($0) }
        texts.append(contentsOf: other.texts[..<other.committedTexts])
        rows.reserveCapacity(rows.count + other.rows.count)
        for var row in other.rows {
            row.textStart += textOffset
            row.line += lines
            row.currency = currencyNumbers[Int(row.currency)]
            row.balanceCurrency = currencyNumbers[Int(row.balanceCurrency)]
            rows.append(row)
        }
        for (index, splits) in other.splitLists { splitLists[index + rowOffset] = splits }
        committedTexts = texts.count
    }

    /// Appends UTF-8 `bytes` to the texts of the record being appended; returns how many bytes
    /// were appended. Ill-formed UTF-8 becomes U+FFFD, as `String(decoding:as:)` makes it.
    ///
    /// A record's texts are appended in `TextLengths` order, then the record with
    /// `appendRecord`; the lengths it is given must add up to the bytes appended since the last
    /// record (`pendingTextCount`).
    @discardableResult
    public mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard !bytes.isEmpty else { return 0 }
        if RecordTable.isASCII(bytes) {
            texts.append(contentsOf: bytes)
            return UInt32(truncatingIfNeeded: bytes.count)
        }
        return appendText(String(decoding: bytes, as: UTF8.self))
    }

    /// Appends `text` (see `appendText(_:)` for bytes); returns how many bytes were appended.
    @discardableResult
    public mutating func appendText(_ text: String) -> UInt32 {
        let before = texts.count
        texts.append(contentsOf: text.utf8)
        return UInt32(truncatingIfNeeded: texts.count - before)
    }

    /// The bytes appended since the last record.
    public var pendingTextCount: Int { texts.count - committedTexts }

    /// Drops text appended since the last record (for a record that is not appended after all).
    public mutating func discardPendingText() {
        texts.removeSubrange(committedTexts...)
    }

    /// Appends a record whose texts were appended just before (see `appendText`).
    public mutating func appendRecord(
        line: Int, date: CivilDate, amount: Money, status: TransactionStatus, texts lengths: TextLengths,
        balanceAfter: Money?
    ) {
        precondition(lengths.total == pendingTextCount, "a record's text lengths must cover the text appended for it")
        let currency = currencyIndex(amount.currency)
        let balanceCurrency = balanceAfter.map { currencyIndex($0.currency) } ?? currency
        rows.append(
            Row(
                line: line, date: date, minorUnits: amount.minorUnits,
                balanceMinorUnits: balanceAfter?.minorUnits ?? 0, textStart: committedTexts, lengths: lengths,
                currency: currency, balanceCurrency: balanceCurrency, status: status, hasBalance: balanceAfter != nil,
                hasSplits: false))
        committedTexts = texts.count
    }

    /// Gives the last record `splits` (nothing when empty).
    public mutating func setSplitsOfLast(_ splits: [ParsedSplit]) {
        guard !splits.isEmpty, !rows.isEmpty else { return }
        rows[rows.count - 1].hasSplits = true
        splitLists[rows.count - 1] = splits
    }

    @inline(__always)
    private mutating func currencyIndex(_ currency: Currency) -> UInt16 {
        if let last = currencies.last, last == currency { return UInt16(currencies.count - 1) }
        if let known = currencies.firstIndex(of: currency) { return UInt16(known) }
        currencies.append(currency)
        return UInt16(currencies.count - 1)
    }

    /// True when every byte is below 0x80, checked eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var offset = 0
        var high: UInt64 = 0
        while offset + 8 <= count {
            high |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < count {
            high |= UInt64(base[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    // MARK: - Columns

    public func line(at index: Int) -> Int { rows[index].line }
    public func date(at index: Int) -> CivilDate { rows[index].date }
    public func status(at index: Int) -> TransactionStatus { rows[index].status }
    public func currency(at index: Int) -> Currency { currencies[Int(rows[index].currency)] }
    public func amount(at index: Int) -> Money {
        Money(minorUnits: rows[index].minorUnits, currency: currencies[Int(rows[index].currency)])
    }
    public func minorUnits(at index: Int) -> Int64 { rows[index].minorUnits }
    public func hasBalance(at index: Int) -> Bool { rows[index].hasBalance }
    public func balanceAfter(at index: Int) -> Money? {
        guard rows[index].hasBalance else { return nil }
        return Money(minorUnits: rows[index].balanceMinorUnits, currency: currencies[Int(rows[index].balanceCurrency)])
    }
    public func hasSplits(at index: Int) -> Bool { rows[index].hasSplits }
    public func fitID(at index: Int) -> String? {
        withTexts(at: index) { texts in texts.fitID.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with the texts of the record at `index`.
    public func withTexts<Result>(at index: Int, _ body: (Texts) throws -> Result) rethrows -> Result {
        try texts.withUnsafeBufferPointer { bytes in
            try body(RecordTable.texts(of: rows[index], in: bytes))
        }
    }

    /// Calls `body` with the table's rows and text bytes, for loops over many records.
    func withRows<Result>(
        _ body: (UnsafeBufferPointer<Row>, UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try rows.withUnsafeBufferPointer { rows in try texts.withUnsafeBufferPointer { try body(rows, $0) } }
    }

    /// The texts of `row`, whose bytes are in `bytes` (the table's `texts`).
    @inline(__always)
    static func texts(of row: Row, in bytes: UnsafeBufferPointer<UInt8>) -> Texts {
        var cursor = row.textStart
        @inline(__always) func next(_ length: UInt32) -> UnsafeBufferPointer<UInt8> {
            let start = cursor
            cursor += Int(length)
            return UnsafeBufferPointer(rebasing: bytes[start..<cursor])
        }
        @inline(__always) func optional(_ length: UInt32) -> UnsafeBufferPointer<UInt8>? {
            length == TextLengths.absent ? nil : next(length)
        }
        let lengths = row.lengths
        let payee = next(lengths.payee)
        let memo = next(lengths.memo)
        let fitID = optional(lengths.fitID)
        let checkNumber = optional(lengths.checkNumber)
        let bankType = optional(lengths.bankType)
        return Texts(
            payee: payee, memo: memo, fitID: fitID, checkNumber: checkNumber, bankType: bankType,
            bankCategory: optional(lengths.bankCategory))
    }
}

extension RecordTable: ExpressibleByArrayLiteral {
    public init(arrayLiteral records: ParsedRecord...) {
        self.init(records)
    }
}

extension RecordTable: RandomAccessCollection, MutableCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    /// The record at `index`, made from the table. Setting one rewrites its row, its texts
    /// appended anew (the old bytes stay unused): for the rare record a reader revises.
    public subscript(index: Int) -> ParsedRecord {
        get {
            withTexts(at: index) { texts in
                func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? {
                    bytes.map { String(decoding: $0, as: UTF8.self) }
                }
                return ParsedRecord(
                    date: rows[index].date, amount: amount(at: index), payee: string(texts.payee) ?? "",
                    memo: string(texts.memo) ?? "", status: rows[index].status, fitID: string(texts.fitID),
                    checkNumber: string(texts.checkNumber), bankType: string(texts.bankType),
                    bankCategory: string(texts.bankCategory), splits: splitLists[index],
                    balanceAfter: balanceAfter(at: index), line: rows[index].line)
            }
        }
        set {
            discardPendingText()
            var replacement = RecordTable()
            replacement.append(newValue)
            var row = replacement.rows[0]
            row.textStart = texts.count
            texts.append(contentsOf: replacement.texts)
            committedTexts = texts.count
            row.currency = currencyIndex(replacement.currencies[Int(row.currency)])
            row.balanceCurrency = currencyIndex(replacement.currencies[Int(row.balanceCurrency)])
            row.hasSplits = newValue.hasSplits
            splitLists[index] = newValue.hasSplits ? newValue.splits : nil
            rows[index] = row
        }
    }
}

extension RecordTable: Equatable {
    /// Tables are equal when they hold equal records in the same order (however their texts lie).
    public static func == (lhs: RecordTable, rhs: RecordTable) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
