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
        #expect(payees[0].rawID != payees[1].rawID)
        #expect(payees[0].key == payees[1].key)
        #expect(Array(payees[1].clean.folded) == Array("tesco".utf8))
        #expect(payees[1].clean.string == "tesco")
        // Literal 0 is `tesco`, found once in the key and as a whole word.
        #expect(payees[1].clean.hits.map(\.literal) == [0])
        #expect(payees[1].clean.hits.map(\.bounded) == [true])
        #expect(payees[2].clean.string == "netflix")
    }

    /// A payee keeps numbers, not texts: both Tesco stores show `Tesco` and share that one
    /// display; Netflix has its own. The payee as exported is folded and scanned again when asked
    /// for, under the payee's own id (which keys the regular-expression cache).
    @Test func payeesShareTheirDisplayAndFoldTheirRawTextWhenAsked() {
        var texts = DistinctTexts(textCount: 4)
        let london = texts.payee(1, "TESCO STORES 3297 LONDON GB", normaliser: PayeeNormaliser(), matcher: matcher)
        let leeds = texts.payee(2, "TESCO STORE 1123 LEEDS", normaliser: PayeeNormaliser(), matcher: matcher)
        let other = texts.payee(3, "NETFLIX.COM 0412", normaliser: PayeeNormaliser(), matcher: matcher)
        let payees = texts.payees
        #expect(texts.displays == ["Tesco", "Netflix"])
        #expect([london, leeds, other].map { payees[Int($0)].display } == [0, 0, 1])
        let raw = texts.rawText(payees[Int(leeds)], "TESCO STORE 1123 LEEDS", matcher: matcher)
        #expect(raw.id == payees[Int(leeds)].rawID)
        #expect(Array(raw.folded) == Array("tesco store 1123 leeds".utf8))
        // `tesco` at 0..<5 of the folded text, a whole word.
        #expect(raw.hits.map(\.literal) == [0])
        #expect(raw.hits.map(\.bounded) == [true])
    }
}
