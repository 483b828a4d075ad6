import Foundation

/// Turns a bank's payee text into a merchant name: `CARD PAYMENT TO TESCO STORES 3297 ON 12 OCT`,
/// `TESCO STORES 3297 LONDON GB` and `TESCO STORE 1123` all become `Tesco`.
///
/// Works on bytes, by words, in one pass:
/// 1. payment-method prefixes are dropped (`CARD PAYMENT TO`, `VISA DEBIT`, `POS`, `DD`, `FPO`...),
///    and so are payment processors before a `*` (`PAYPAL *NETFLIX` is `Netflix`);
/// 2. the name ends at the first store, terminal or card number, date, time or reference
///    (`3297`, `#541`, `****1234`, `12/10`, `2K3L45`): what follows it is city, country and noise;
/// 3. trailing country codes, payment type codes and generic words (`STORES`, `LTD`) are dropped
///    while at least one word remains;
/// 4. all-capitals words are title-cased for display (`Trader Joe's`); short words without a vowel
///    stay capitals (`BP`, `TFL`); a payee written in mixed case keeps its spelling.
///
/// When nothing is left (a payee that is all noise) the payee is kept as written.
///
/// The pass is here; splitting into words (`PayeeNormaliser+Words`), the noise it drops with its
/// word lists (`+Noise`) and the display form (`+Display`) are files of their own.
public struct PayeeNormaliser: Sendable {
    public init() {}

    /// One word of the payee: where its bytes are, and what kind of word it is.
    ///
    /// A range, not slices: a slice holds on to its array, and retaining and releasing the payee's
    /// arrays for every word copied cost more than finding the words (a payee of 40 bytes has 6).
    struct Word {
        /// The word's bytes in the payee as written and in the payee folded once as a whole.
        var range: Range<Int>
        /// `*` between a processor and a merchant (`PAYPAL *NETFLIX`), or before a reference.
        var isStar = false
    }

    /// Buffers one normalisation works in, kept from one payee to the next: a caller that
    /// normalises many payees (`DistinctTexts`) passes the same one, so a payee allocates only the
    /// two strings it returns.
    struct Scratch {
        var lowered: [UInt8] = []
        var words: [Word] = []
        var name: [Word] = []
        var key: [UInt8] = []
        var display: [UInt8] = []
    }

    public func normalise(_ raw: String) -> CleanPayee {
        var scratch = Scratch()
        return normalise(raw, scratch: &scratch)
    }

    func normalise(_ raw: String, scratch: inout Scratch) -> CleanPayee {
        normalise(raw, into: &scratch)
        return CleanPayee(
            display: String(decoding: scratch.display, as: UTF8.self), key: String(decoding: scratch.key, as: UTF8.self)
        )
    }

    /// `normalise(raw)`'s key and then its display appended to `output` as UTF-8, where each ends
    /// appended to `ends`: for a caller that keeps them as bytes (`PayeesAhead`), with no string
    /// made.
    func normalise(_ raw: String, scratch: inout Scratch, appendingTo output: inout [UInt8], ends: inout [Int]) {
        normalise(raw, into: &scratch)
        output.append(contentsOf: scratch.key)
        ends.append(output.count)
        output.append(contentsOf: scratch.display)
        ends.append(output.count)
    }

    /// Leaves `raw`'s clean key and display in `scratch.key` and `scratch.display`, as UTF-8.
    private func normalise(_ raw: String, into scratch: inout Scratch) {
        var text = raw
        text.withUTF8 { bytes in normalise(bytes, raw: raw, scratch: &scratch) }
    }

    /// `normalise(raw, into:)`, `bytes` being `raw`'s UTF-8.
    private func normalise(_ bytes: UnsafeBufferPointer<UInt8>, raw: String, scratch: inout Scratch) {
        // The buffers are taken out of `scratch` while in use and put back after.
        var lowered = scratch.lowered
        var words = scratch.words
        var name = scratch.name
        var key = scratch.key
        var display = scratch.display
        scratch = Scratch()
        defer {
            scratch = Scratch(
                lowered: lowered, words: words, name: name, key: key, display: display)
        }
        // Copied whole, then lowered in place: appending byte by byte checked the array at every byte.
        lowered.removeAll(keepingCapacity: true)
        lowered.append(contentsOf: bytes)
        lowered.withUnsafeMutableBufferPointer { lowered in
            for index in lowered.indices { lowered[index] = TextFold.lower(lowered[index]) }
        }
        key.removeAll(keepingCapacity: true)
        display.removeAll(keepingCapacity: true)
        lowered.withUnsafeBufferPointer { lowered in
            PayeeNormaliser.split(bytes, lowered: lowered, into: &words)
            PayeeNormaliser.name(of: words, lowered: lowered, into: &name)
            guard !name.isEmpty else {
                key.append(contentsOf: TextFold.fold(raw))
                display.append(contentsOf: TextFold.collapse(Array(bytes)))
                return
            }
            // A payee already written in mixed case keeps every word as written: `Amazon *Mktplce EU-AT`.
            var highBits: UInt8 = 0
            var hasLowerASCII = false
            for byte in bytes {
                highBits |= byte
                if byte &- 0x61 < 26 { hasLowerASCII = true }
            }
            let beyondASCII = highBits >= 0x80
            let mixedCase = hasLowerASCII || beyondASCII && raw.contains(where: \.isLowercase)
            if beyondASCII {
                for (position, word) in name.enumerated() {
                    if position > 0 {
                        key.append(0x20)
                        display.append(0x20)
                    }
                    key.append(contentsOf: UnsafeBufferPointer(rebasing: lowered[word.range]))
                    let original = UnsafeBufferPointer(rebasing: bytes[word.range])
                    if mixedCase {
                        display.append(contentsOf: original)
                    } else {
                        PayeeNormaliser.appendDisplayForm(original, to: &display)
                    }
                }
                // The words were folded byte by byte (ASCII); a key beyond ASCII takes the full fold,
                // so `CAFÉ` and `Café` have one key.
                key = TextFold.fold(String(decoding: key, as: UTF8.self))
                return
            }
            // ASCII: the key and the display are the words joined by spaces, each word as long
            // as written, so both are written in place at their known length.
            var length = name.count - 1
            for word in name { length += word.range.count }
            PayeeNormaliser.grow(&key, by: length, copying: lowered)
            PayeeNormaliser.grow(&display, by: length, copying: lowered)
            key.withUnsafeMutableBufferPointer { key in
                display.withUnsafeMutableBufferPointer { display in
                    var at = 0
                    for (position, word) in name.enumerated() {
                        if position > 0 {
                            key[at - 1] = 0x20
                            display[at - 1] = 0x20
                        }
                        let start = word.range.lowerBound
                        let count = word.range.count
                        key.baseAddress!.advanced(by: at).update(from: lowered.baseAddress! + start, count: count)
                        let into = UnsafeMutableBufferPointer(rebasing: display[at..<at + count])
                        let original = UnsafeBufferPointer(rebasing: bytes[word.range])
                        if mixedCase {
                            into.baseAddress!.update(from: original.baseAddress!, count: count)
                        } else {
                            PayeeNormaliser.writeDisplayForm(ascii: original, into: into)
                        }
                        at += count + 1
                    }
                }
            }
        }
    }

    /// Makes `buffer` `count` bytes longer, any bytes (the caller writes every one): copied from
    /// `source` as far as it goes, one `memcpy`, where appending a repeated byte went byte by byte.
    private static func grow(_ buffer: inout [UInt8], by count: Int, copying source: UnsafeBufferPointer<UInt8>) {
        let copied = min(count, source.count)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: source[0..<copied]))
        if copied < count { buffer.append(contentsOf: repeatElement(0, count: count - copied)) }
    }

    /// The merchant's words of `words`: payment-method prefixes and processors dropped, up to the
    /// first noise (step 1 and 2), trailing country, type and generic words dropped (step 3). Empty
    /// when the payee is all noise.
    private static func name(of words: [Word], lowered: UnsafeBufferPointer<UInt8>, into name: inout [Word]) {
        func folded(_ word: Word) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: lowered[word.range])
        }
        name.removeAll(keepingCapacity: true)
        var afterStar = false
        // 1. Prefixes: only before the first name word.
        var index = skipPrefixes(words, lowered: lowered, from: 0)
        while index < words.count {
            let word = words[index]
            index += 1
            if word.isStar {
                if !name.isEmpty, processors.contains(packed: packedName(name, lowered)) {
                    name.removeAll(keepingCapacity: true)
                } else {
                    afterStar = true
                }
                continue
            }
            let wordBytes = folded(word)
            if isNoise(wordBytes, next: index < words.count ? folded(words[index]) : nil)
                || (afterStar && wordBytes.contains { $0 &- 0x30 < 10 }) || wordBytes.first == UInt8(ascii: "(")
            {
                if name.isEmpty {
                    index = skipPrefixes(words, lowered: lowered, from: index)
                    continue
                }
                break
            }
            afterStar = false
            name.append(word)
        }
        // 3. Trailing country codes, type codes and generic words.
        while name.count > 1, let last = name.last, trailing.contains(folded(last)) {
            name.removeLast()
        }
    }

    /// The name's folded words joined by spaces, packed (`ShortWordSet.pack`), as the processor
    /// list is looked up: 0 when longer than any word a list holds.
    private static func packedName(_ name: [Word], _ lowered: UnsafeBufferPointer<UInt8>) -> UInt128 {
        var count = 0
        var value: UInt128 = 0
        for (position, word) in name.enumerated() {
            for offset in (position > 0 ? -1 : 0)..<word.range.count {
                guard count < ShortWordSet.longest else { return 0 }
                let byte = offset < 0 ? 0x20 : lowered[word.range.lowerBound + offset]
                value |= UInt128(byte) << UInt128(count * 8)
                count += 1
            }
        }
        return count == 0 ? 0 : value | UInt128(count) << 120
    }
}
