import Ledger

/// What the learned fallback guessed in each month, with the digest of everything those guesses
/// depended on (`GuessDigests`): kept for the next run (`closebook-categorize --guess-cache`), which
/// takes a month's guesses from here when its digest is the same and guesses only the others.
///
/// A month end adds one month to years of them, and every older month's digest is the same, so
/// it guesses one month rather than all of them again (the classifier still counts every month's
/// examples, which costs a fraction of the guessing).
///
/// The file, every number little-endian: `closebook guess cache 1\n`; the categories guessed,
/// each its components (a count, then each a length and its UTF-8); the months, each its digest
/// (32 bytes), the examples counted through it, its predictions (a category's number, or
/// `UInt32.max` for none, and the confidence's bits) and each guessed row's prediction; then
/// `ByteKeyedCache.hash` of everything before it. Anything else is read as no cache.
struct GuessCache: Equatable, Sendable {
    static let version = 1
    static let magic = Array("closebook guess cache \(version)\n".utf8)

    struct Month: Equatable, Sendable {
        /// `GuessDigests`: everything through the end of the month.
        var digest: [UInt8]
        /// The examples counted through the end of the month.
        var trainedOn: Int
        /// The month's predictions, in the order made.
        var predictions: [NaiveBayesClassifier.Prediction?]
        /// Each row guessed, in row order: its index into `predictions`.
        var rows: [Int32]
    }

    var months: [Month] = []

    init(months: [Month]) {
        self.months = months
    }

    /// The cache in the file at `path`; nil when there is none or it is not one.
    init?(path: String) {
        guard let bytes = try? FileOutput.read(path) else { return nil }
        guard let read = bytes.withUnsafeBufferPointer({ GuessCache(bytes: $0) }) else { return nil }
        self = read
    }

    /// Writes the cache to `path` in place of the last; a cache that cannot be written is only work
    /// the next run does again.
    func write(to path: String) {
        guard let file = try? AtomicFileWriter(path: path) else { return }
        file.write(encoded())
        try? file.commit()
    }

    // MARK: Bytes

    func encoded() -> [UInt8] {
        var categories: [CategoryPath] = []
        var numbers: [CategoryPath: UInt32] = [:]
        var out = ByteBuffer(capacity: 1 << 16)
        out.append(Self.magic)
        /// Writes `value`'s low `size` bytes, little-endian.
        func number(_ value: UInt64, size: Int = 8) {
            let start = out.room(for: 8)
            UnsafeMutableRawPointer(start).storeBytes(of: value.littleEndian, as: UInt64.self)
            out.didWrite(upTo: start + size)
        }
        // The months' predictions, each category numbered the first time it comes.
        var predicted: [UInt32] = []
        for month in months {
            for prediction in month.predictions {
                guard let category = prediction?.category else {
                    predicted.append(UInt32.max)
                    continue
                }
                if let known = numbers[category] {
                    predicted.append(known)
                } else {
                    numbers[category] = UInt32(categories.count)
                    predicted.append(UInt32(categories.count))
                    categories.append(category)
                }
            }
        }
        number(UInt64(categories.count))
        for category in categories {
            number(UInt64(category.components.count))
            for component in category.components {
                number(UInt64(component.utf8.count))
                out.append(Array(component.utf8))
            }
        }
        number(UInt64(months.count))
        var next = 0
        for month in months {
            out.append(month.digest)
            number(UInt64(month.trainedOn))
            number(UInt64(month.predictions.count))
            for prediction in month.predictions {
                number(UInt64(predicted[next]), size: 4)
                number(prediction?.confidence.bitPattern ?? 0)
                next += 1
            }
            number(UInt64(month.rows.count))
            for row in month.rows { number(UInt64(UInt32(bitPattern: row)), size: 4) }
        }
        number(ByteKeyedCache<Int>.hash(out.bytes))
        return Array(out.bytes)
    }

    /// The cache `encoded()` wrote into `bytes`, every count and number checked; nil for anything else.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        let magic = Self.magic.count
        guard let base = bytes.baseAddress, bytes.count >= magic + 8, bytes.starts(with: Self.magic) else {
            return nil
        }
        let payload = UnsafeBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
        var reader = ByteCursor(base: base, position: payload.count, end: bytes.count)
        guard reader.read(UInt64.self) == ByteKeyedCache<Int>.hash(payload) else { return nil }
        reader = ByteCursor(base: base, position: magic, end: payload.count)
        guard
            let categories = reader.list({ reader -> CategoryPath? in
                guard let components = reader.list({ $0.text() }), !components.isEmpty else { return nil }
                return CategoryPath(components: components)
            }),
            let months = reader.list({ reader -> Month? in
                guard let digest = reader.bytes(32).map(Array.init), let trainedOn = reader.read(UInt64.self),
                    trainedOn <= Int.max,
                    let predictions = reader.list({ reader -> NaiveBayesClassifier.Prediction?? in
                        guard let category = reader.read(UInt32.self), let bits = reader.read(UInt64.self) else {
                            return nil
                        }
                        if category == UInt32.max { return .some(nil) }
                        let confidence = Double(bitPattern: bits)
                        guard category < categories.count, confidence >= 0, confidence <= 1 else { return nil }
                        return .some(.init(category: categories[Int(category)], confidence: confidence))
                    }),
                    let rows = reader.list({ reader -> Int32? in
                        guard let row = reader.read(UInt32.self), row < predictions.count else { return nil }
                        return Int32(row)
                    })
                else { return nil }
                return Month(digest: digest, trainedOn: Int(trainedOn), predictions: predictions, rows: rows)
            }),
            reader.position == reader.end
        else { return nil }
        self.months = months
    }
}

/// The cache's texts and lists, on the cursor its numbers are read with.
extension ByteCursor {
    /// A length, then that many bytes of UTF-8.
    fileprivate mutating func text() -> String? {
        guard let size = read(UInt64.self), size <= UInt64(end - position), let text = bytes(Int(size)) else {
            return nil
        }
        return String(validating: text, as: UTF8.self)
    }

    /// A count, then that many values, each at least a byte long; nil when one is bad.
    fileprivate mutating func list<Value>(_ read: (inout ByteCursor) -> Value?) -> [Value]? {
        guard let count = self.read(UInt64.self), count <= UInt64(end - position) else { return nil }
        var values: [Value] = []
        values.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let value = read(&self) else { return nil }
            values.append(value)
        }
        return values
    }
}
