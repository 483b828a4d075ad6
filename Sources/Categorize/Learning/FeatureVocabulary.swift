import Foundation
import Ledger

/// Gives every classifier feature text (`p:tesco`, `a:4`, `acct:card`) a small integer id, and
/// remembers which ones are payee features (the evidence a prediction must rest on).
///
/// Ids are handed out in the order features are first asked for, so the same calls give the same
/// ids (the classifier sums weights in id order).
///
/// Why bytes: every distinct clean payee and memo is cut into features once, and making a string
/// for each feature (`"p:" + word`) and hashing it with `Hasher` cost several times the rest of
/// the cutting. A feature is assembled in a buffer on the stack and looked up by its bytes
/// (`ByteKeyedCache`); a string is made only for a feature not met before.
struct FeatureVocabulary {
    private var table = ByteKeyedCache<Int32>(capacity: 1 << 12)
    private(set) var isPayee: [Bool] = []
    /// Payee words (`p:`) only: how many of a payee's words were seen in training says how much
    /// of the merchant the classifier actually knows.
    private(set) var isPayeeWord: [Bool] = []

    mutating func id(_ feature: String) -> Int32 {
        var text = feature
        return text.withUTF8 { id(bytes: $0) }
    }

    mutating func ids(_ features: [String]) -> [Int32] { features.map { id($0) } }

    /// `ids(FeatureExtractor.payeeFeatures(cleanKey:))`, without making the features' strings.
    mutating func payeeIDs(cleanKey: String) -> [Int32] {
        var key = cleanKey
        return key.withUTF8 { payeeIDs(cleanKey: $0) }
    }

    /// `payeeIDs(cleanKey:)` of the key whose UTF-8 is `key`.
    mutating func payeeIDs(cleanKey key: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var ids: [Int32] = []
        ids.reserveCapacity(8)
        appendPayeeIDs(cleanKey: key, to: &ids)
        return ids
    }

    /// Appends `payeeIDs(cleanKey:)` of the key whose UTF-8 is `key` to `ids`.
    mutating func appendPayeeIDs(cleanKey key: UnsafeBufferPointer<UInt8>, to ids: inout [Int32]) {
        if !key.isEmpty { ids.append(id(prefix: FeatureVocabulary.keyPrefix, key)) }
        FeatureExtractor.forEachWord(key) { word in
            if word.count >= 2 { ids.append(id(prefix: FeatureVocabulary.wordPrefix, word)) }
        }
    }

    /// `ids(FeatureExtractor.memoFeatures(memo:))`, without making the features' strings.
    mutating func memoIDs(memo: String) -> [Int32] {
        var ids: [Int32] = []
        appendMemoIDs(memo: memo, to: &ids)
        return ids
    }

    /// Appends `memoIDs(memo:)` to `ids`.
    mutating func appendMemoIDs(memo: String, to ids: inout [Int32]) {
        var folded = TextFold.foldedString(memo)
        folded.withUTF8 { folded in
            FeatureExtractor.forEachWord(folded) { word in
                if FeatureExtractor.isMemoWord(word) { ids.append(id(prefix: FeatureVocabulary.memoPrefix, word)) }
            }
        }
    }

    private static let keyPrefix: (UInt8, UInt8) = (UInt8(ascii: "k"), UInt8(ascii: ":"))
    private static let wordPrefix: (UInt8, UInt8) = (UInt8(ascii: "p"), UInt8(ascii: ":"))
    private static let memoPrefix: (UInt8, UInt8) = (UInt8(ascii: "m"), UInt8(ascii: ":"))

    /// The id of the feature `prefix` then `bytes`.
    private mutating func id(prefix: (UInt8, UInt8), _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 2) { feature in
            feature.initializeElement(at: 0, to: prefix.0)
            feature.initializeElement(at: 1, to: prefix.1)
            if let base = bytes.baseAddress { (feature.baseAddress! + 2).initialize(from: base, count: bytes.count) }
            return id(bytes: UnsafeBufferPointer(feature))
        }
    }

    /// The id of the feature whose UTF-8 is `bytes`, a new one when it was not met before.
    ///
    /// Features are equal as strings are (canonically equivalent texts are one feature), as they
    /// were when the table was keyed by strings: beyond ASCII, bytes not in canonical composed form
    /// take the id of the form that is.
    private mutating func id(bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if let known = table.stored(bytes) { return known }
        if TextFold.isASCII(bytes) {
            table.store(Int32(isPayee.count), forValidUTF8: bytes)
            // `FeatureExtractor.isPayeeFeature` and `isPayeeWordFeature`, on ASCII bytes.
            let payee = bytes.count >= 2 && bytes[1] == UInt8(ascii: ":")
            isPayee.append(payee && (bytes[0] == UInt8(ascii: "p") || bytes[0] == UInt8(ascii: "k")))
            isPayeeWord.append(payee && bytes[0] == UInt8(ascii: "p"))
        } else {
            let text = String(decoding: bytes, as: UTF8.self)
            let composed = text.precomposedStringWithCanonicalMapping
            if !ByteKeyedCache<Int32>.equal(composed, bytes) {
                let id = self.id(composed)
                table.store(id, for: bytes, text: text)
                return id
            }
            table.store(Int32(isPayee.count), for: bytes, text: text)
            isPayee.append(FeatureExtractor.isPayeeFeature(text))
            isPayeeWord.append(FeatureExtractor.isPayeeWordFeature(text))
        }
        return Int32(isPayee.count - 1)
    }
}
