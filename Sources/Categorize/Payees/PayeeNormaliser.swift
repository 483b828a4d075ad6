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

    /// A payee's words and the payee folded byte by byte (ASCII letters lower-cased), which the
    /// words' ranges index, as `bytes` (the payee as written) does.
    struct Words {
        var words: [Word]
        var lowered: [UInt8]

        func folded(_ index: Int) -> ArraySlice<UInt8> { lowered[words[index].range] }
    }

    public func normalise(_ raw: String) -> CleanPayee {
        let bytes = Array(raw.utf8)
        let split = PayeeNormaliser.split(bytes)
        let words = split.words
        let lowered = split.lowered
        var name: [Word] = []
        name.reserveCapacity(words.count)
        var index = 0
        var afterStar = false
        // 1. Prefixes: only before the first name word.
        index = PayeeNormaliser.skipPrefixes(split, from: 0)
        while index < words.count {
            let word = words[index]
            index += 1
            if word.isStar {
                if !name.isEmpty,
                    PayeeNormaliser.processors.contains(
                        ArraySlice(name.map { lowered[$0.range] }.joined(separator: [0x20])))
                {
                    name.removeAll()
                } else {
                    afterStar = true
                }
                continue
            }
            let folded = lowered[word.range]
            if PayeeNormaliser.isNoise(folded, next: index < words.count ? split.folded(index) : nil)
                || (afterStar && folded.contains { $0 &- 0x30 < 10 }) || folded.first == UInt8(ascii: "(")
            {
                if name.isEmpty {
                    index = PayeeNormaliser.skipPrefixes(split, from: index)
                    continue
                }
                break
            }
            afterStar = false
            name.append(word)
        }
        // 3. Trailing country codes, type codes and generic words.
        while name.count > 1, let last = name.last, PayeeNormaliser.trailing.contains(lowered[last.range]) {
            name.removeLast()
        }
        guard !name.isEmpty else {
            let folded = TextFold.foldedString(raw)
            let display = String(decoding: TextFold.collapse(Array(raw.utf8)), as: UTF8.self)
            return CleanPayee(display: display, key: folded)
        }
        // A payee already written in mixed case keeps every word as written: `Amazon *Mktplce EU-AT`.
        // One pass over the bytes already made: going through `raw.utf8` twice cost more than the
        // rest of this function for a payee of forty bytes.
        var highBits: UInt8 = 0
        var hasLowerASCII = false
        for byte in bytes {
            highBits |= byte
            if byte &- 0x61 < 26 { hasLowerASCII = true }
        }
        let beyondASCII = highBits >= 0x80
        let mixedCase = hasLowerASCII || beyondASCII && raw.contains(where: \.isLowercase)
        // Neither is longer than the payee: reserving once avoids regrowing them byte by byte.
        var key: [UInt8] = []
        var display: [UInt8] = []
        key.reserveCapacity(raw.utf8.count)
        display.reserveCapacity(raw.utf8.count)
        for (position, word) in name.enumerated() {
            if position > 0 {
                key.append(0x20)
                display.append(0x20)
            }
            key.append(contentsOf: lowered[word.range])
            if mixedCase {
                display.append(contentsOf: bytes[word.range])
            } else {
                PayeeNormaliser.appendDisplayForm(bytes[word.range], to: &display, asciiOnly: !beyondASCII)
            }
        }
        // The words were folded byte by byte (ASCII); a key beyond ASCII takes the full fold, so
        // `CAFÉ` and `Café` have one key.
        let keyText = String(decoding: key, as: UTF8.self)
        return CleanPayee(
            display: String(decoding: display, as: UTF8.self),
            key: beyondASCII ? TextFold.foldedString(keyText) : keyText)
    }
}
