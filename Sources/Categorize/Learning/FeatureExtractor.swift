import Ledger

/// The features the learned classifier sees for a transaction.
///
/// `p:WORD` for each word of the clean payee and `k:KEY` for the whole clean payee (merchant
/// identity), `m:WORD` for memo words of three or more letters, `a:N` for the amount's size bucket
/// (1, 2, 5, 10, 20, 50... in major units), `s:-`/`s:+` for its sign, and `acct:ID`.
public enum FeatureExtractor {
    public static func features(cleanKey: String, memo: String, amount: Money, account: AccountID) -> [String] {
        payeeFeatures(cleanKey: cleanKey) + memoFeatures(memo: memo) + [
            amountFeature(bucket(amount)), signFeature(amount), accountFeature(account),
        ]
    }

    /// `k:KEY` and the `p:WORD`s: the same for every row of one merchant, so worked out once per clean payee.
    static func payeeFeatures(cleanKey: String) -> [String] {
        var features: [String] = []
        if !cleanKey.isEmpty { features.append("k:" + cleanKey) }
        for word in words(cleanKey) where word.utf8.count >= 2 { features.append("p:" + word) }
        return features
    }

    /// The `m:WORD`s of a memo.
    static func memoFeatures(memo: String) -> [String] {
        var features: [String] = []
        for word in words(TextFold.foldedString(memo)) {
            var word = word
            if word.withUTF8(isMemoWord) { features.append("m:" + word) }
        }
        return features
    }

    /// A memo word that is a feature: three bytes or more, not all digits.
    static func isMemoWord(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        word.count >= 3 && !word.allSatisfy({ $0 &- 0x30 < 10 })
    }

    static func amountFeature(_ bucket: Int) -> String { "a:\(bucket)" }
    static func signFeature(_ amount: Money) -> String { amount.minorUnits < 0 ? "s:-" : "s:+" }
    static func accountFeature(_ account: AccountID) -> String { "acct:" + account.rawValue }

    /// Payee features, the evidence a prediction must rest on.
    public static func isPayeeFeature(_ feature: String) -> Bool { feature.hasPrefix("p:") || feature.hasPrefix("k:") }

    /// One word of the clean payee (`p:`), as opposed to the whole payee (`k:`).
    public static func isPayeeWordFeature(_ feature: String) -> Bool { feature.hasPrefix("p:") }

    /// Runs of letters, digits, apostrophes, ampersands and non-ASCII bytes.
    static func words(_ text: String) -> [String] {
        var text = text
        var words: [String] = []
        text.withUTF8 { bytes in forEachWord(bytes) { words.append(String(decoding: $0, as: UTF8.self)) } }
        return words
    }

    /// Calls `body` with each of the `words` of `bytes`, in order.
    static func forEachWord(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if TextFold.isWordByte(byte) || byte >= 0x80 || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "&") {
                continue
            }
            if start < index { body(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            start = index + 1
        }
        if start < bytes.count { body(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count])) }
    }

    /// 0 below 1, 1 below 2, 2 below 5, 3 below 10, ... in major units (1-2-5 steps).
    static func bucket(_ amount: Money) -> Int {
        bucket(magnitude: amount.minorUnits.magnitude, scale: amount.currency.scale)
    }

    /// `bucket` of an amount given as its magnitude in minor units and its currency's scale.
    static func bucket(magnitude: UInt64, scale: Int64) -> Int {
        var bound: UInt64 = UInt64(scale)
        var bucket = 0
        // 1 → 2 → 5 → 10 (×2, ×2.5, ×2)
        while magnitude >= bound, bucket < 30 {
            bound = bucket % 3 == 1 ? bound / 2 * 5 : bound * 2
            bucket += 1
        }
        return bucket
    }
}
