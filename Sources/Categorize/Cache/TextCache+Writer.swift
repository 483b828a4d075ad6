import Ledger

extension TextCache {
    /// The next cache file, entry by entry, written to `file` as it goes: what `TextCache` reads.
    struct Writer {
        /// Where the bytes go, in order.
        private let sink: (UnsafeBufferPointer<UInt8>) -> Void
        private var buffer: [UInt8] = []

        init(fingerprint: [UInt8], to file: AtomicFileWriter) {
            precondition(fingerprint.count == 32)
            sink = { file.write($0) }
            buffer.reserveCapacity(Self.bufferSize)
            buffer += TextCache.magic
            Self.append(TextCache.version, to: &buffer)
            buffer += fingerprint
        }

        /// Entries added after those of a cache file already written (`TextCacheAppender`).
        init(appendingTo file: TextCacheAppender) {
            sink = { file.write($0) }
            buffer.reserveCapacity(Self.bufferSize)
        }

        private static let bufferSize = 1 << 20

        /// Adds the texts of a row, what its payee normalises to (`key` and `display`, numbered
        /// `keyNumber` and `displayNumber` in this file: see `TextCache`) and the rules they
        /// match; nil `matched` when some rule also reads each row's amount, date or account (the
        /// texts are matched again, only the payee's normalisation is kept). Texts too long for the
        /// format (over 65,535 bytes) are left out.
        mutating func add(
            payee: String, memo: String, bankType: String, bankCategory: String, key: String, keyNumber: Int32,
            display: String, displayNumber: Int32, matched: [Int]?
        ) {
            let limit = Int(UInt16.max)
            guard payee.utf8.count <= limit, memo.utf8.count <= limit, bankType.utf8.count <= limit,
                bankCategory.utf8.count <= limit, key.utf8.count <= limit, display.utf8.count <= limit,
                (matched?.count ?? 0) < limit
            else { return }
            Self.append(UInt16(payee.utf8.count), to: &buffer)
            Self.append(UInt16(memo.utf8.count), to: &buffer)
            Self.append(UInt16(bankType.utf8.count), to: &buffer)
            Self.append(UInt16(bankCategory.utf8.count), to: &buffer)
            Self.append(UInt16(key.utf8.count), to: &buffer)
            Self.append(UInt16(display.utf8.count), to: &buffer)
            Self.append(matched.map { UInt16($0.count) } ?? TextCache.unsettled, to: &buffer)
            Self.append(UInt32(bitPattern: keyNumber), to: &buffer)
            Self.append(UInt32(bitPattern: displayNumber), to: &buffer)
            buffer.append(contentsOf: payee.utf8)
            buffer.append(contentsOf: memo.utf8)
            buffer.append(contentsOf: bankType.utf8)
            buffer.append(contentsOf: bankCategory.utf8)
            buffer.append(contentsOf: key.utf8)
            buffer.append(contentsOf: display.utf8)
            for rule in matched ?? [] { Self.append(UInt32(bitPattern: Int32(rule)), to: &buffer) }
            if buffer.count >= Self.bufferSize { flush() }
        }

        /// Adds entries of another cache file as they are there, end to end.
        mutating func add(entries: UnsafeBufferPointer<UInt8>) {
            flush()
            sink(entries)
        }

        /// Writes what is buffered; the caller then commits `file`.
        mutating func flush() {
            guard !buffer.isEmpty else { return }
            buffer.withUnsafeBufferPointer { sink($0) }
            buffer.removeAll(keepingCapacity: true)
        }

        private static func append(_ value: UInt16, to bytes: inout [UInt8]) {
            bytes.append(UInt8(truncatingIfNeeded: value))
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        }

        private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
            for shift in stride(from: 0, to: 32, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
            }
        }
    }
}
