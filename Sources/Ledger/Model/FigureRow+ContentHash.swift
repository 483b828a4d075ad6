/// A 128-bit hash of every field of a figure row (`FigureRow.contentHash`): what the analysis
/// fingerprints a month's rows by.
///
/// Why a hash per row: a month's fingerprint covers every field of its rows. Made from the rows'
/// strings, that cost a tenth of a second at a million rows (each string retained, read and
/// released); the figure file's reading makes the same value from the bytes it already holds
/// (`FigureFile.read`). Both write the same `ContentRecord`, so they are the same value by
/// construction, and a test checks it.
extension FigureRow {
    /// The hash of every field, texts by their bytes.
    public var contentHash: BulkHash.Value {
        var record = ContentRecord()
        var id = id.rawValue
        var payee = payee
        id.withUTF8 { id in
            payee.withUTF8 { payee in
                record.row(
                    id: UnsafeRawBufferPointer(id), account: Self.textHash(account.rawValue), date: date,
                    minorUnits: amount.minorUnits, currency: Self.currencyHash(amount.currency),
                    payee: UnsafeRawBufferPointer(payee),
                    flags: Self.flags(isPending: status == .pending, isTransfer: isTransfer, isIgnored: isIgnored),
                    kind: categorySourceKind, category: category.map(Self.categoryHash), splitCount: splits.count)
            }
        }
        for split in splits {
            record.split(
                category: Self.categoryHash(split.category), minorUnits: split.amount.minorUnits,
                currency: Self.currencyHash(split.amount.currency))
        }
        return record.hash
    }

    /// The bytes `contentHash` hashes: every field in one fixed order, the id and payee as their
    /// bytes (each after its length), the account, currency and categories as the hashes of
    /// theirs (each a small table's entry, hashed once). Reused from row to row.
    ///
    /// Why one run of bytes rather than folding the fields one by one: `BulkHash` takes 32 bytes a
    /// step on four lanes, where a fold waits on each field in turn; at a million rows the fold
    /// made the figure file's reading about 55 ms slower on two cores.
    public struct ContentRecord: ~Copyable {
        private var storage: UnsafeMutableRawPointer
        private var capacity: Int
        private var count = 0

        public init() {
            capacity = 256
            storage = .allocate(byteCount: capacity, alignment: 8)
        }

        deinit { storage.deallocate() }

        /// Starts the record of a row (dropping the last one's bytes) with every field but the splits.
        @inline(__always)
        public mutating func row(
            id: UnsafeRawBufferPointer, account: BulkHash.Value, date: CivilDate, minorUnits: Int64,
            currency: BulkHash.Value, payee: UnsafeRawBufferPointer, flags: UInt8, kind: CategorySource.Kind,
            category: BulkHash.Value?, splitCount: Int
        ) {
            count = 0
            append(text: id)
            append(account)
            let day = UInt64(UInt32(truncatingIfNeeded: date.year)) << 16 | UInt64(date.month) << 8 | UInt64(date.day)
            append(day | UInt64(flags) << 32 | UInt64(kind.rawValue) << 40 | (category == nil ? 0 : 1 << 48))
            append(UInt64(bitPattern: minorUnits))
            append(currency)
            append(text: payee)
            if let category { append(category) }
            append(UInt64(splitCount))
        }

        /// Adds a split, after `row`.
        @inline(__always)
        public mutating func split(category: BulkHash.Value, minorUnits: Int64, currency: BulkHash.Value) {
            append(category)
            append(UInt64(bitPattern: minorUnits))
            append(currency)
        }

        public var hash: BulkHash.Value { BulkHash.hash(UnsafeRawBufferPointer(start: storage, count: count)) }

        @inline(__always)
        private mutating func append(_ word: UInt64) {
            reserve(8)
            storage.storeBytes(of: word.littleEndian, toByteOffset: count, as: UInt64.self)
            count += 8
        }

        @inline(__always)
        private mutating func append(_ value: BulkHash.Value) {
            append(value.high)
            append(value.low)
        }

        @inline(__always)
        private mutating func append(text: UnsafeRawBufferPointer) {
            append(UInt64(text.count))
            reserve(text.count)
            if let source = text.baseAddress { (storage + count).copyMemory(from: source, byteCount: text.count) }
            count += text.count
        }

        @inline(__always)
        private mutating func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            let larger = max(capacity * 2, count + extra)
            let grown = UnsafeMutableRawPointer.allocate(byteCount: larger, alignment: 8)
            grown.copyMemory(from: storage, byteCount: count)
            storage.deallocate()
            storage = grown
            capacity = larger
        }
    }

    /// The status and the two marks in one byte, as the figure file stores them.
    @inline(__always)
    public static func flags(isPending: Bool, isTransfer: Bool, isIgnored: Bool) -> UInt8 {
        (isPending ? 1 : 0) | (isTransfer ? 2 : 0) | (isIgnored ? 4 : 0)
    }

    public static func textHash(_ text: String) -> BulkHash.Value {
        var text = text
        return text.withUTF8 { BulkHash.hash($0) }
    }

    /// A currency's code and exponent.
    public static func currencyHash(_ currency: Currency) -> BulkHash.Value {
        currencyHash(code: textHash(currency.code), exponent: currency.exponent)
    }

    public static func currencyHash(code: BulkHash.Value, exponent: Int) -> BulkHash.Value {
        var fold = BulkHash.Fold()
        fold.add(code)
        fold.add(UInt64(bitPattern: Int64(exponent)))
        return fold.value
    }

    /// A category's components, in order.
    public static func categoryHash(_ category: CategoryPath) -> BulkHash.Value {
        categoryHash(components: category.components.map(textHash))
    }

    public static func categoryHash(components: [BulkHash.Value]) -> BulkHash.Value {
        BulkHash.combine(components)
    }
}
