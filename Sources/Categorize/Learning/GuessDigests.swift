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
        for month in months {
            for index in month {
                guard let role = role(index) else { continue }
                digests.write(row: index, role: role, rows: rows, texts: texts, facts: facts, bucket: bucket(index))
            }
            made.append(digests.digest())
        }
        return made
    }

    /// Writes row `index`: a byte of its role and sign, a byte of its bucket, then the numbers of its
    /// key, memo, account and (for an example) category, each followed by its text when it is new.
    private mutating func write(
        row index: Int, role: Role, rows: LedgerRows, texts: DistinctTexts, facts: RowFacts, bucket: Int32
    ) {
        let key = Int(texts.payees[Int(facts.payee[index])].key)
        let memo = Int(rows.memo[index])
        let account = Int(rows.account[index])
        let category = role == .example ? Int(rows.category[index]) : -1
        let head = role.rawValue | (rows.minorUnits[index] < 0 ? 4 : 0)
        // Nearly every row: every text met before, one write of 14 or 18 bytes.
        if keys[key] >= 0, memos[memo] >= 0, accounts[account] >= 0, category < 0 || categories[category] >= 0 {
            let start = buffer.room(for: 18)
            start[0] = head
            start[1] = UInt8(truncatingIfNeeded: bucket)
            var end = Self.store(UInt32(keys[key]), at: start + 2)
            end = Self.store(UInt32(memos[memo]), at: end)
            end = Self.store(UInt32(accounts[account]), at: end)
            if category >= 0 { end = Self.store(UInt32(categories[category]), at: end) }
            buffer.didWrite(upTo: end)
        } else {
            buffer.append(head)
            buffer.append(UInt8(truncatingIfNeeded: bucket))
            if Self.number(key, in: &keys, count: &counts.keys, into: &buffer) != nil {
                texts.withKeyBytes(Int32(key)) { Self.append(text: $0, to: &buffer) }
            }
            if Self.number(memo, in: &memos, count: &counts.memos, into: &buffer) != nil {
                Self.append(text: rows.texts[memo], to: &buffer)
            }
            if Self.number(account, in: &accounts, count: &counts.accounts, into: &buffer) != nil {
                Self.append(text: rows.accounts[account].rawValue, to: &buffer)
            }
            if category >= 0, Self.number(category, in: &categories, count: &counts.categories, into: &buffer) != nil {
                Self.append(text: rows.categories[category].description, to: &buffer)
            }
        }
        if buffer.count >= 1 << 15 { flush() }
    }

    /// Stores `value` little-endian at `at`; returns where the next value goes.
    @inline(__always)
    private static func store(_ value: UInt32, at: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        UnsafeMutableRawPointer(at).storeBytes(of: value.littleEndian, as: UInt32.self)
        return at + 4
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
        buffer.didWrite(upTo: store(value, at: buffer.room(for: 4)))
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
