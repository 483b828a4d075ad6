import Testing

@testable import Import

/// Header names matched against the vocabulary: whole names first, then terms of three or more
/// characters contained as whole words (one word or several in a row).
@Suite("CSV inference: header vocabulary")
struct HeaderVocabularyTests {
    static func roles(_ name: String) -> [String] {
        HeaderVocabulary.hints(for: name).map { "\($0.role.rawValue):\($0.strength)" }
    }

    @Test func aWholeNameIsAStrongHint() {
        #expect(Self.roles("Paid Out") == ["debit:2"])
        #expect(Self.roles("  Libellé ") == ["description:2"])
        #expect(Self.roles("Betrag (EUR)") == ["amount:2"])
    }

    @Test func aTermContainedAsWordsIsAWeakHint() {
        // "transaction date" is two words of the name; "date" alone is one.
        #expect(Self.roles("Original Transaction Date") == ["date:1"])
        #expect(Self.roles("Saldo nach Buchung") == ["booking date:1", "balance:1"])
        #expect(Self.roles("Running Balance (GBP)") == ["balance:1"])
        #expect(Self.roles("Closing running bal") == ["balance:1"])
    }

    @Test func partsOfWordsAndShortTermsDoNotCount() {
        // "date" inside "update", "in" (two letters) and "out" inside "layout" are not words of the name.
        #expect(Self.roles("Last update").isEmpty)
        #expect(Self.roles("Checked in").isEmpty)
        #expect(Self.roles("Layout").isEmpty)
        #expect(Self.roles("TESCO STORES 3012 LONDON").isEmpty)
        #expect(Self.roles("").isEmpty)
    }

    @Test func aTermMustBeWholeWordsAtBothEnds() {
        // "value date" runs over "date" but "value dates" does not end where the term does.
        #expect(Self.roles("The value dates") == [])
        #expect(Self.roles("Their value date") == ["value date:1", "date:1"])
    }
}
