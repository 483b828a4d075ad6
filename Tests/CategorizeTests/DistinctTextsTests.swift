import Testing

@testable import Categorize

@Suite struct DistinctTextsTests {
    let matcher = RuleMatcher(rules: Fixture.rules("if payee ~ tesco\n    category Groceries\n"))

    /// Two store numbers of one merchant are two distinct payees with one clean key (`tesco`): the
    /// key is folded and scanned once, and both payees point at that one text.
    @Test func payeesOfOneMerchantShareTheirCleanKeysText() {
        var texts = DistinctTexts(textCount: 4)
        let london = texts.payee(1, "TESCO STORES 3297 LONDON GB", normaliser: PayeeNormaliser(), matcher: matcher)
        let leeds = texts.payee(2, "TESCO STORE 1123 LEEDS", normaliser: PayeeNormaliser(), matcher: matcher)
        let other = texts.payee(3, "NETFLIX.COM 0412", normaliser: PayeeNormaliser(), matcher: matcher)
        #expect([london, leeds, other] == [0, 1, 2])
        let payees = texts.payees
        #expect(payees[0].clean === payees[1].clean)
        #expect(payees[0].clean !== payees[2].clean)
        #expect(payees[0].raw !== payees[1].raw)
        #expect(payees[0].key == payees[1].key)
        #expect(Array(payees[1].clean.folded) == Array("tesco".utf8))
        #expect(payees[1].clean.string == "tesco")
        // Literal 0 is `tesco`, found once in the key and as a whole word.
        #expect(payees[1].clean.hits.map(\.literal) == [0])
        #expect(payees[1].clean.hits.map(\.bounded) == [true])
        #expect(payees[2].clean.string == "netflix")
    }
}
