import Crypto
import Ledger

/// Per month, a SHA-256 of everything the learned fallback's guesses for that month depend on:
/// the program and the threshold (`seed`), then, month after month up to and including it, every
/// example (its features' texts and its category) and every row to guess (its features' texts),
/// in row order.
///
/// Why this is all: a month is guessed from what rules and overrides decided through its end,
/// never from later months (`GrowingClassifier`), so equal digests mean equal guesses, and a month
/// end's run takes every older month's guesses from the last run (`GuessCache`).
///
/// Texts are written by content, never by the run's numbers for them (those depend on the order
/// texts were first met): each key, memo, account and category is written in full the first time
/// it comes, then by the number of its first coming, so the writing says exactly the same
/// sequence of rows for the same digest.
struct GuessDigests: ~Copyable {
    /// What a row is to the classifier.
    enum Role: UInt8 {
        case example = 1
        case guessed = 2
    }

    /// Where each kind of text was first written, by the run's number for it; -1 until then.
    private var keys: [Int32]
    private var memos: [Int32]
    private var accounts: [Int32]
    private var categories: [Int32]
    private var counts = (keys: Int32(0), memos: Int32(0), accounts: Int32(0), categories: Int32(0))
    private var hasher = SHA256()
    private var buffer = ByteBuffer(capacity: 1 << 16)

    /// A digest of what every month's guesses also depend on: the program (as `CacheFingerprint`
    /// names it) and the confidence a guess needs to be applied. Nil when the program's file cannot
    /// be told.
    static func seed(learnedThreshold: Double, executable: String = "/proc/self/exe") -> [UInt8]? {
        guard let program = CacheFingerprint.program(executable: executable) else { return nil }
        var hasher = SHA256()
        let text = "closebook guesses \(GuessCache.version)\n\(program)\nthreshold \(learnedThreshold.bitPattern)\n"
        Array(text.utf8).withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Array(hasher.finalize())
    }

    private init(seed: [UInt8], keyCount: Int, textCount: Int, accountCount: Int, categoryCount: Int) {
        keys = [Int32](repeating: -1, count: keyCount)
        memos = [Int32](repeating: -1, count: textCount)
        accounts = [Int32](repeating: -1, count: accountCount)
        categories = [Int32](repeating: -1, count: categoryCount)
        seed.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    /// The digest through the end of each of `months` (the rows of each month, months in order).
    /// `role` says what a row is to the classifier (nil: neither, not written); `bucket` its
    /// amount's bucket.
    static func make(
        seed: [UInt8], months: [ArraySlice<Int>], rows: LedgerRows, texts: DistinctTexts, facts: RowFacts,
        role: (Int) -> Role?, bucket: (Int) -> Int32
    ) -> [[UInt8]] {
        var digests = GuessDigests(
            seed: seed, keyCount: texts.keyFeatures.count, textCount: rows.texts.count,
            accountCount: rows.accounts.count, categoryCount: rows.categories.count)
        var made: [[UInt8]] = []
        made.reserveCapacity(months.count)
        // The columns read, each once: a row is read in a few loads, with no retain of a table.
        let payeeOf = facts.payee
        let payees = texts.payees
        let memos = rows.memo
        let accounts = rows.account
        let categories = rows.category
        let amounts = rows.minorUnits
        for month in months {
            for index in month {
                guard let role = role(index) else { continue }
                // The role in bits 0-1, the sign in bit 2, the bucket (0-30) in bits 3-7.
                let head = role.rawValue | (amounts[index] < 0 ? 4 : 0) | UInt8(truncatingIfNeeded: bucket(index)) << 3
                let row = Row(
                    head: head,
                    key: Int(payees[Int(payeeOf[index])].key), memo: Int(memos[index]), account: Int(accounts[index]),
                    category: role == .example ? Int(categories[index]) : -1)
                if !digests.writeKnown(row) { digests.writeNew(row, rows: rows, texts: texts) }
            }
            made.append(digests.digest())
        }
        return made
    }

    /// A row as written: a byte of its role, sign and amount's bucket, and the run's numbers of its
    /// key, memo, account and (for an example; else -1) category.
    private struct Row {
        var head: UInt8
        var key: Int
        var memo: Int
        var account: Int
        var category: Int
    }

    /// Writes `row` when every text of it was met before (nearly every row): its byte, then the
    /// numbers its texts were first written as (`store`), in one write. False, writing nothing, when
    /// one is new.
    @inline(__always)
    private mutating func writeKnown(_ row: Row) -> Bool {
        let key = keys[row.key]
        let memo = memos[row.memo]
        let account = accounts[row.account]
        let category = row.category >= 0 ? categories[row.category] : 0
        guard key >= 0, memo >= 0, account >= 0, category >= 0 else { return false }
        let start = buffer.room(for: 21)
        start[0] = row.head
        var end = Self.store(UInt32(key), at: start + 1)
        end = Self.store(UInt32(memo), at: end)
        end = Self.store(UInt32(account), at: end)
        if row.category >= 0 { end = Self.store(UInt32(category), at: end) }
        buffer.didWrite(upTo: end)
        if buffer.count >= 1 << 15 { flush() }
        return true
    }

    /// Writes `row` as `writeKnown` does, each text new to the writing followed by its bytes.
    private mutating func writeNew(_ row: Row, rows: LedgerRows, texts: DistinctTexts) {
        buffer.append(row.head)
        if Self.number(row.key, in: &keys, count: &counts.keys, into: &buffer) != nil {
            texts.withKeyBytes(Int32(row.key)) { Self.append(text: $0, to: &buffer) }
        }
        if Self.number(row.memo, in: &memos, count: &counts.memos, into: &buffer) != nil {
            Self.append(text: rows.texts[row.memo], to: &buffer)
        }
        if Self.number(row.account, in: &accounts, count: &counts.accounts, into: &buffer) != nil {
            Self.append(text: rows.accounts[row.account].rawValue, to: &buffer)
        }
        if row.category >= 0,
            Self.number(row.category, in: &categories, count: &counts.categories, into: &buffer) != nil
        {
            Self.append(text: rows.categories[row.category].description, to: &buffer)
        }
        if buffer.count >= 1 << 15 { flush() }
    }

    /// Stores `value` at `at` seven bits a byte, low bits first, the high bit of each byte but the
    /// last set (at most 5 bytes; a number below 128 in one): a text's number is usually small, and
    /// the fewer bytes, the less to digest. Returns where the next value goes.
    @inline(__always)
    private static func store(_ value: UInt32, at: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var value = value
        var end = at
        while value >= 0x80 {
            end.pointee = UInt8(truncatingIfNeeded: value) | 0x80
            value >>= 7
            end += 1
        }
        end.pointee = UInt8(value)
        return end + 1
    }

    /// Writes the number text `run` was first written as, numbering it first if it is new; returns
    /// its new number when it was new (its text is then written after it).
    private static func number(
        _ run: Int, in numbers: inout [Int32], count: inout Int32, into buffer: inout ByteBuffer
    )
        -> Int32?
    {
        let known = numbers[run]
        if known >= 0 {
            append(UInt32(known), to: &buffer)
            return nil
        }
        numbers[run] = count
        append(UInt32(count), to: &buffer)
        count += 1
        return count - 1
    }

    private static func append(_ value: UInt32, to buffer: inout ByteBuffer) {
        buffer.didWrite(upTo: store(value, at: buffer.room(for: 5)))
    }

    private static func append(text bytes: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) {
        append(UInt32(truncatingIfNeeded: bytes.count), to: &buffer)
        buffer.append(bytes)
    }

    private static func append(text: String, to buffer: inout ByteBuffer) {
        var text = text
        text.withUTF8 { append(text: $0, to: &buffer) }
    }

    private mutating func flush() {
        hasher.update(bufferPointer: UnsafeRawBufferPointer(buffer.bytes))
        buffer.removeAll()
    }

    /// The digest of everything written so far; writing goes on after it.
    private mutating func digest() -> [UInt8] {
        flush()
        return Array(hasher.finalize())
    }
}
