import Testing

@testable import Report

@Suite struct NameMaskTests {
    static func mask(_ names: [(String, String)]) -> NameMask {
        var mask = NameMask()
        for (name, replacement) in names { mask.add(name, as: replacement) }
        return mask
    }

    @Test func replacesWholeWordsInAnyCaseAndCapitalisesAtASentenceStart() {
        let mask = Self.mask([("Netflix", "recurring payment 2"), ("Harbor Card", "credit card")])
        #expect(
            mask.apply("Netflix now charges £12.99. NETFLIX rose; paid by Harbor Card.")
                == "Recurring payment 2 now charges £12.99. Recurring payment 2 rose; paid by credit card.")
        #expect(
            mask.apply("Harbor Card: the export ends on 28 October.") == "Credit card: the export ends on 28 October.")
    }

    @Test func leavesPartsOfLongerWordsAlone() {
        let mask = Self.mask([("Zara", "a payee"), ("Boots", "a payee")])
        #expect(mask.apply("Bazaar, Zarah and Bootstrap") == "Bazaar, Zarah and Bootstrap")
        #expect(mask.apply("At Zara, then (Boots)") == "At a payee, then (a payee)")
    }

    @Test func theLongestNameWinsAndReplacementsAreNotSearchedAgain() {
        let mask = Self.mask([
            ("Harbor", "a payee"), ("Harbor Gym", "recurring payment 1"), ("payment", "a payee"),
        ])
        #expect(
            mask.apply("Two charges from Harbor Gym at Harbor.") == "Two charges from recurring payment 1 at a payee.")
    }

    @Test func namesWithPunctuationMatch() {
        let mask = Self.mask([
            ("M&S Simply Food", "a payee"), ("Sainsbury's", "a payee"), ("••••2222", "an account number"),
        ])
        #expect(mask.apply("M&S Simply Food and Sainsbury's on ••••2222") == "A payee and a payee on an account number")
    }
}
