/// Looking entries up in a `TextCache`: the cache's bytes and table through pointers, valid while
/// the cache lives.
///
/// Why a value of pointers: the rules step and the thread that looks payees up ahead
/// (`PayeesAheadJob`) both look entries up, and every call on the shared cache object retained
/// and released it, an atomic write to one cache line from both cores, which was about a tenth of
/// a month end's rules step. A reader retains nothing; whoever uses one holds the cache.
extension TextCache {
    struct Reader: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let slotHashes: UnsafeBufferPointer<UInt64>
        let slotOffsets: UnsafeBufferPointer<Int32>
        let mask: Int

        /// The entry for these texts, if the cache has one.
        ///
        /// `next` is where the entry after the last one found starts: runs meet texts in the order the
        /// last run wrote them, so that one is compared first, and the table is read only when it
        /// differs.
        func entry(payee: String, memo: String, bankType: String, bankCategory: String, next: inout Int) -> Entry? {
            var payee = payee
            var memo = memo
            var bankType = bankType
            var bankCategory = bankCategory
            return payee.withUTF8 { payee in
                memo.withUTF8 { memo in
                    bankType.withUTF8 { bankType in
                        bankCategory.withUTF8 { bankCategory in
                            entry(payee, memo, bankType, bankCategory, next: &next)
                        }
                    }
                }
            }
        }

        private func entry(
            _ payee: UnsafeBufferPointer<UInt8>, _ memo: UnsafeBufferPointer<UInt8>,
            _ bankType: UnsafeBufferPointer<UInt8>, _ bankCategory: UnsafeBufferPointer<UInt8>, next: inout Int
        ) -> Entry? {
            let buffer = bytes
            func holds(_ offset: Int) -> Bool {
                let texts = TextCache.texts(buffer, at: offset)
                return TextCache.same(texts.0, payee) && TextCache.same(texts.1, memo)
                    && TextCache.same(texts.2, bankType)
                    && TextCache.same(texts.3, bankCategory)
            }
            func found(_ offset: Int) -> Entry {
                next = offset + Lengths(buffer, at: offset).size
                return Entry(offset: offset)
            }
            if next >= TextCache.headerSize, next < buffer.count, holds(next) { return found(next) }
            let hash = TextCache.hash(payee, memo, bankType, bankCategory)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slotOffsets[slot] != 0 {
                if slotHashes[slot] == hash, holds(Int(slotOffsets[slot]) - 1) {
                    return found(Int(slotOffsets[slot]) - 1)
                }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// The bytes of the payee's normalised key and display, handed to `body`.
        func withClean<T>(_ entry: Entry, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> T) -> T {
            let buffer = bytes
            let lengths = Lengths(buffer, at: entry.offset)
            let start = entry.offset + TextCache.lengthsSize + lengths.texts
            return body(
                UnsafeBufferPointer(rebasing: buffer[start..<start + lengths.key]),
                UnsafeBufferPointer(rebasing: buffer[start + lengths.key..<start + lengths.key + lengths.display]))
        }

        /// The file's numbers of the entry's key and display (`TextCache`): below the cache's
        /// `keyCount` and `displayCount`.
        func numbers(_ entry: Entry) -> (key: Int, display: Int) {
            let lengths = Lengths(bytes, at: entry.offset)
            return (lengths.keyNumber, lengths.displayNumber)
        }

        /// The rules the texts match, in order, appended to `matched`; false, with nothing appended,
        /// when some rule also reads each row's amount, date or account (the texts are matched again).
        func matched(_ entry: Entry, into matched: inout [Int]) -> Bool {
            let buffer = bytes
            let lengths = Lengths(buffer, at: entry.offset)
            guard lengths.isSettled else { return false }
            var start = entry.offset + TextCache.lengthsSize + lengths.texts + lengths.key + lengths.display
            for _ in 0..<lengths.matched {
                matched.append(Int(Int32(bitPattern: TextCache.uint32(buffer, at: start))))
                start += 4
            }
            return true
        }
    }
}
