import Testing

@testable import Categorize

@Suite struct FeatureVocabularyTests {
    /// Ids in the order features are first met; a payee's `k:` then its `p:` words of two bytes or
    /// more; a memo's `m:` words of three bytes or more that are not all digits.
    @Test func numbersFeaturesInTheOrderFirstMet() {
        var vocabulary = FeatureVocabulary()
        #expect(vocabulary.payeeIDs(cleanKey: "tesco express") == [0, 1, 2])
        #expect(vocabulary.payeeIDs(cleanKey: "tesco") == [3, 1])
        #expect(vocabulary.payeeIDs(cleanKey: "m&s a 4") == [4, 5])
        #expect(vocabulary.payeeIDs(cleanKey: "") == [])
        #expect(vocabulary.memoIDs(memo: "Ref 12345 GROCERIES ab x1y") == [6, 7, 8])
        #expect(vocabulary.id("p:tesco") == 1)
        #expect(vocabulary.id("m:groceries") == 7)
        #expect(vocabulary.id("k:m&s a 4") == 4)
        #expect(vocabulary.id("p:m&s") == 5)
        #expect(vocabulary.id("s:-") == 9)
        #expect(vocabulary.isPayee == [true, true, true, true, true, true, false, false, false, false])
        #expect(vocabulary.isPayeeWord == [false, true, true, false, false, true, false, false, false, false])
    }

    /// Canonically equivalent texts are one feature, as equal strings are: `café` composed and
    /// `cafe` with a combining accent.
    @Test func canonicallyEquivalentFeaturesShareAnID() {
        var vocabulary = FeatureVocabulary()
        let composed = vocabulary.payeeIDs(cleanKey: "caf\u{E9} noir")
        let decomposed = vocabulary.payeeIDs(cleanKey: "cafe\u{301} noir")
        #expect(composed == [0, 1, 2])
        #expect(decomposed == composed)
        #expect(vocabulary.id("p:cafe\u{301}") == 1)
        #expect(vocabulary.isPayee.count == 3)
    }

    /// The byte path gives the ids the features' strings give, call for call.
    @Test func bytesAgreeWithTheFeaturesStrings() {
        let keys = [
            "tesco", "joe's", "o'neill & sons", "7-eleven 1234", "a", "ab", "x y z", "stra\u{DF}e",
            "\u{65E5}\u{672C} \u{98DF}\u{5802}", "cafe\u{301}", "caf\u{E9}", "tesco", "", "amazon mktplce eu-at",
        ]
        let memos = ["", "REF 000123 rent", "Caf\u{E9} lunch 12", "x  yy zzz 1234 12a", "CAFE\u{301} LUNCH"]
        var bytes = FeatureVocabulary()
        var strings = FeatureVocabulary()
        for key in keys {
            #expect(bytes.payeeIDs(cleanKey: key) == strings.ids(FeatureExtractor.payeeFeatures(cleanKey: key)))
        }
        for memo in memos {
            #expect(bytes.memoIDs(memo: memo) == strings.ids(FeatureExtractor.memoFeatures(memo: memo)))
        }
        #expect(bytes.isPayee == strings.isPayee)
        #expect(bytes.isPayeeWord == strings.isPayeeWord)
    }
}
