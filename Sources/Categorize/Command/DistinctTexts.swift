import Ledger

/// Every distinct payee, memo and bank field of a journal, each normalised, folded, scanned for rule
/// literals and cut into classifier features once.
///
/// Why: real journals repeat merchants (the same supermarket every week), so per distinct text
/// rather than per row is where normalising, folding, the literal automaton and the feature words
/// pay off. A row then costs a few hash lookups.
struct DistinctTexts {
    /// One distinct payee as exported.
    struct Payee {
        /// Slot `rawPayee`: the payee as exported.
        var raw: FoldedText
        /// Slot `cleanPayee`: the normalised key.
        var clean: FoldedText
        /// The normalised payee for display.
        var display: String
        /// Index into `keyFeatures` of the clean key's classifier features.
        var key: Int32
    }

    private(set) var payees: [Payee] = []
    private var payeeIndex: [String: Int32] = [:]
    private var payeeCache = CacheUse()
    /// Classifier features of each distinct clean key (`k:KEY`, `p:WORD`...).
    private(set) var keyFeatures: [[Int32]] = []
    private var keyIndex: [String: Int32] = [:]
    /// Memo texts and their classifier features; index 0 is the empty memo.
    private(set) var memos: [FoldedText] = [FoldedText.empty]
    private(set) var memoFeatures: [[Int32]] = [[]]
    private var memoIndex: [String: Int32] = ["": 0]
    private var fields: [String: FoldedText] = ["": FoldedText.empty]
    private var nextTextID: Int32 = 0
    var vocabulary = FeatureVocabulary()

    init(expectedRows: Int) {
        // Growing a dictionary of a million strings rehashes them all, more than once.
        payeeIndex.reserveCapacity(expectedRows)
    }

    /// The distinct payee `text`, normalised and scanned the first time it is seen.
    mutating func payee(_ text: String, normaliser: PayeeNormaliser, matcher: RuleMatcher) -> Int32 {
        if payeeCache.isWorthwhile {
            let known = payeeIndex[text]
            payeeCache.record(hit: known != nil)
            if let known { return known }
        }
        let clean = normaliser.normalise(text)
        let key: Int32
        if let known = keyIndex[clean.key] {
            key = known
        } else {
            key = Int32(keyFeatures.count)
            keyIndex[clean.key] = key
            keyFeatures.append(vocabulary.ids(FeatureExtractor.payeeFeatures(cleanKey: clean.key)))
        }
        let payee = Payee(
            raw: matcher.foldedText(text, id: newTextID()), clean: matcher.foldedText(clean.key, id: newTextID()),
            display: clean.display, key: key)
        let index = Int32(payees.count)
        payees.append(payee)
        if payeeCache.isWorthwhile { payeeIndex[text] = index }
        return index
    }

    /// The distinct memo `text`, scanned the first time it is seen.
    mutating func memo(_ text: String, matcher: RuleMatcher) -> Int32 {
        if let known = memoIndex[text] { return known }
        let index = Int32(memos.count)
        memos.append(matcher.foldedText(text, id: newTextID()))
        memoFeatures.append(vocabulary.ids(FeatureExtractor.memoFeatures(memo: text)))
        memoIndex[text] = index
        return index
    }

    /// A bank type or bank category (few distinct values), scanned the first time it is seen.
    mutating func field(_ text: String?, matcher: RuleMatcher) -> FoldedText {
        let text = text ?? ""
        if let known = fields[text] { return known }
        let folded = matcher.foldedText(text, id: newTextID())
        fields[text] = folded
        return folded
    }

    private mutating func newTextID() -> Int32 {
        defer { nextTextID += 1 }
        return nextTextID
    }
}
