import Ledger
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
        let clean = payees.map { texts.clean($0, matcher: matcher) }
        #expect(clean[0] === clean[1])
        #expect(clean[0] !== clean[2])
        #expect(payees[0].rawID != payees[1].rawID)
        #expect(payees[0].key == payees[1].key)
        #expect(Array(clean[1].folded) == Array("tesco".utf8))
        #expect(clean[1].string == "tesco")
        #expect(texts.key(of: payees[1]) == "tesco")
        // Literal 0 is `tesco`, found once in the key and as a whole word.
        #expect(clean[1].hits.map(\.literal) == [0])
        #expect(clean[1].hits.map(\.bounded) == [true])
        #expect(clean[2].string == "netflix")
        #expect(texts.key(of: payees[2]) == "netflix")
    }

    /// Clean keys are one key when they are equal as strings (canonically equivalent), whichever
    /// form comes first; the first met gives the key its text. `café` composed (U+00E9) and
    /// decomposed (e, U+0301) are one key; `cafe` is another; the Kelvin sign (U+212A) is equal to
    /// the letter K, so `\u{212A}FC` and `KFC` are one key as well, whichever is first.
    @Test func canonicallyEquivalentKeysAreOneKeyWhicheverFormComesFirst() {
        let composed = "CAF\u{00C9} NOIR"
        let decomposed = "CAFE\u{0301} NOIR"
        let orders = [
            [composed, decomposed, "CAFE NOIR", "\u{212A}FC", "KFC"],
            [decomposed, "KFC", composed, "CAFE NOIR", "\u{212A}FC"],
        ]
        for strings in orders {
            var texts = DistinctTexts(textCount: strings.count + 1)
            for (offset, string) in strings.enumerated() {
                _ = texts.payee(Int32(offset + 1), string, normaliser: PayeeNormaliser(), matcher: matcher)
            }
            let keys = texts.payees.map { texts.key(of: $0) }
            // Numbered alike exactly when the keys are equal strings: three keys of five payees.
            for left in texts.payees.indices {
                for right in texts.payees.indices {
                    #expect((keys[left] == keys[right]) == (texts.payees[left].key == texts.payees[right].key))
                }
            }
            #expect(Set(texts.payees.map(\.key)).count == 3)
            #expect(texts.keyFeatures.count == 3)
            // The first form met is the key's text, byte for byte.
            let first = strings.firstIndex { $0 == composed || $0 == decomposed }!
            let normalised = PayeeNormaliser().normalise(strings[first]).key
            let cafe = texts.payees[first]
            #expect(Array(texts.key(of: cafe).utf8) == Array(normalised.utf8))
            #expect(Array(texts.clean(cafe, matcher: matcher).string.utf8) == Array(normalised.utf8))
        }
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
        var raw = FoldedText.empty
        texts.rawText(payees[Int(leeds)], "TESCO STORE 1123 LEEDS", matcher: matcher, into: &raw)
        #expect(raw.id == payees[Int(leeds)].rawID)
        #expect(Array(raw.folded) == Array("tesco store 1123 leeds".utf8))
        // `tesco` at 0..<5 of the folded text, a whole word.
        #expect(raw.hits.map(\.literal) == [0])
        #expect(raw.hits.map(\.bounded) == [true])
    }

    /// A folded text is filled again in place while its holder has the only reference to it, and
    /// made anew when another holds it too, which keeps what it had.
    @Test func foldedTextIsFilledInPlaceOnlyWhileNothingElseHoldsIt() {
        let hit = LiteralHit(literal: 3, bounded: true, atStart: false)
        var text = FoldedText("A B", folded: Array("a b".utf8), hits: [hit], id: 7)
        let object = ObjectIdentifier(text)
        let bytes = Array("tesco store".utf8)
        bytes.withUnsafeBufferPointer { folded in
            [LiteralHit]().withUnsafeBufferPointer { hits in
                FoldedText.refill("TESCO STORE", folded: folded, hits: hits, id: 9, in: &text)
            }
        }
        #expect(ObjectIdentifier(text) == object)
        #expect(text.string == "TESCO STORE" && text.folded == bytes && text.hits.isEmpty && text.id == 9)
        let held = text
        Array("x".utf8).withUnsafeBufferPointer { folded in
            [hit].withUnsafeBufferPointer { hits in
                FoldedText.refill("X", folded: folded, hits: hits, id: 10, in: &text)
            }
        }
        #expect(ObjectIdentifier(text) != object)
        #expect(
            text.string == "X" && text.folded == Array("x".utf8) && text.hits.map(\.literal) == [3] && text.id == 10)
        #expect(held.string == "TESCO STORE" && held.folded == bytes && held.hits.isEmpty && held.id == 9)
        // The shared empty text is never filled in place.
        var empty = FoldedText.empty
        Array("y".utf8).withUnsafeBufferPointer { folded in
            [LiteralHit]().withUnsafeBufferPointer { hits in
                FoldedText.refill("Y", folded: folded, hits: hits, id: 11, in: &empty)
            }
        }
        #expect(FoldedText.empty.string.isEmpty && FoldedText.empty.folded.isEmpty && FoldedText.empty.id == -1)
        #expect(empty.string == "Y")
    }

    /// Payees normalised ahead on two cores are registered as on one: 600 distinct payees, two
    /// merchants alternating, each text met twice, so both runs of the list hold both merchants'
    /// keys. Keys, displays and features are numbered in the order the rows meet them: `tesco`
    /// (text 1, store 1) first, then `netflix` (text 2).
    @Test func payeesNormalisedAheadOnTwoCoresAreRegisteredAsOnOne() {
        let count = 600
        let strings =
            [""]
            + (1...count).map { $0 % 2 == 1 ? "TESCO STORES \(1000 + $0) LONDON GB" : "NETFLIX.COM \(1000 + $0)" }
        let rows = (1...count).map(Int32.init) + (1...count).reversed().map(Int32.init)
        let ledgerRows = Self.rows(meeting: rows, strings)
        func register(cores: Int?) -> DistinctTexts {
            var texts = DistinctTexts(textCount: strings.count)
            // Two runs of rows, each meeting every text once: the second finds them all registered.
            for start in [0, count] {
                let slice = rows[start..<start + count]
                if let cores {
                    texts.prepare(
                        rows: ledgerRows, range: start..<start + count, normaliser: PayeeNormaliser(), matcher: matcher,
                        cores: cores)
                }
                for number in slice {
                    _ = texts.payee(number, strings[Int(number)], normaliser: PayeeNormaliser(), matcher: matcher)
                }
            }
            return texts
        }
        let inline = register(cores: nil)
        for texts in [register(cores: 1), register(cores: 2)] {
            #expect(texts.payees.count == count)
            #expect(texts.displays == ["Tesco", "Netflix"])
            #expect(texts.keyFeatures.count == 2)
            #expect(texts.payees.map(\.key) == (0..<count).map { Int32($0 % 2) })
            #expect(texts.payees.map(\.display) == (0..<count).map { Int32($0 % 2) })
            #expect(texts.payees.map(\.rawID) == inline.payees.map(\.rawID))
            #expect(texts.payees.map { texts.key(of: $0) } == (0..<count).map { $0 % 2 == 0 ? "tesco" : "netflix" })
            #expect(texts.keyFeatures == inline.keyFeatures)
        }
    }

    /// Rows whose payees are `strings[number]` for each number of `numbers`, in order: as the
    /// numbers first meet the texts in order 1, 2, 3..., the rows number them as `strings` does.
    static func rows(meeting numbers: [Int32], _ strings: [String]) -> LedgerRows {
        let rows = LedgerRows(
            journal: Fixture.journal(
                numbers.enumerated().map { index, number in
                    Fixture.transaction("t\(index)", amount: "-1.00", payee: strings[Int(number)])
                }))
        precondition(Array(rows.texts.prefix(strings.count)) == strings && rows.payee == numbers)
        return rows
    }

    /// Batches read one after another, each batch's payees normalised on another thread while the
    /// one before is read (`PayeesAheadJob`): five batches of 300 rows, each bringing 150 payees
    /// of its own (`SHOP b-i`) and meeting 150 of the batch before (so a payee is listed once, in
    /// the batch that first meets it), registered as on one core. Then batches asked for out of
    /// order (the job made for the next batch is dropped) give the same again.
    @Test func batchesNormalisedOnAnotherThreadAreRegisteredAsOnOne() {
        let batches = 5
        let size = 300
        // A name of letters only, one per batch and row, so that every payee has a key of its own.
        func name(_ batch: Int, _ row: Int) -> String {
            String(
                (String(batch) + String(1000 + row)).map { Character(UnicodeScalar(UInt8(97) + UInt8(String($0))!)) }
            )
            .uppercased()
        }
        var strings = [""]
        var numbers: [Int32] = []
        var numberOf: [String: Int32] = [:]
        for batch in 0..<batches {
            for row in 0..<size {
                let text =
                    row % 2 == 0 || batch == 0
                    ? "CARD PAYMENT TO \(name(batch, row)) LONDON"
                    : "CARD PAYMENT TO \(name(batch - 1, row - 1)) LONDON"
                if numberOf[text] == nil {
                    strings.append(text)
                    numberOf[text] = Int32(strings.count - 1)
                }
                numbers.append(numberOf[text]!)
            }
        }
        let ledgerRows = Self.rows(meeting: numbers, strings)
        func register(cores: Int?, order: [Int]) -> DistinctTexts {
            var texts = DistinctTexts(textCount: strings.count)
            for batch in order {
                let range = batch * size..<(batch + 1) * size
                if let cores {
                    texts.prepare(
                        rows: ledgerRows, range: range, normaliser: PayeeNormaliser(), matcher: matcher, cores: cores)
                }
                for row in range {
                    let number = numbers[row]
                    _ = texts.payee(number, strings[Int(number)], normaliser: PayeeNormaliser(), matcher: matcher)
                }
            }
            return texts
        }
        // 150 payees of batch 0's even rows, then 150 new ones a batch (its even rows).
        #expect(strings.count - 1 == size * batches / 2 + size / 2)
        for order in [Array(0..<batches), [0, 2, 1, 3, 4]] {
            let inline = register(cores: nil, order: order)
            #expect(inline.payees.count == strings.count - 1)
            #expect(Set(inline.payees.map { inline.key(of: $0) }).count == strings.count - 1)
            for cores in [1, 2] {
                let texts = register(cores: cores, order: order)
                #expect(texts.payees.map(\.rawID) == inline.payees.map(\.rawID))
                #expect(texts.payees.map { texts.key(of: $0) } == inline.payees.map { inline.key(of: $0) })
                #expect(texts.payees.map(\.display) == inline.payees.map(\.display))
                #expect(texts.displays == inline.displays)
                #expect(texts.keyFeatures == inline.keyFeatures)
            }
        }
    }

    /// The list is cut into one run per core, as even as can be, and joined in list order:
    /// 600 payees on two cores are 300 and 300; 300 on two cores stay one run (fewer than 256 a run).
    @Test func payeesAheadAreCutIntoEvenRunsInListOrder() {
        let strings = [""] + (1...600).map { "NETFLIX.COM \(1000 + $0)" }
        let two = PayeesAhead(
            numbers: (1...600).map(Int32.init), texts: strings, normaliser: PayeeNormaliser(), matcher: matcher,
            cores: 2)
        #expect(two.runs == 2)
        let few = PayeesAhead(
            numbers: (1...300).map(Int32.init), texts: strings, normaliser: PayeeNormaliser(), matcher: matcher,
            cores: 2)
        #expect(few.runs == 1)
        var ahead = two
        #expect(ahead.take(2) == nil)
        let first = ahead.take(1)
        #expect(first == 0)
        let clean = first.map { index in
            ahead.cleanTexts.withClean(index) {
                CleanPayee(display: String(decoding: $1, as: UTF8.self), key: String(decoding: $0, as: UTF8.self))
            }
        }
        #expect(clean == CleanPayee(display: "Netflix", key: "netflix"))
        #expect(ahead.take(2) == 1)
    }

    /// A batch cut into chunks that threads claim in turn (`PayeeChunks`) joins into the same list
    /// as one run: 600 payees in chunks of 7 (86 chunks, the last of five), made by the caller
    /// alone, by two threads at once, or by none (then `joined` makes them). Each payee's clean key
    /// and display, folded exported text and literal hits equal one run's, in list order.
    @Test func payeeChunksMadeByAnyThreadJoinAsOneRun() {
        let strings =
            [""] + (1...600).map { $0 % 2 == 1 ? "TESCO STORES \(1000 + $0) LONDON GB" : "NETFLIX.COM \(1000 + $0)" }
        let numbers = (1...600).reversed().map(Int32.init)
        func chunks() -> PayeeChunks {
            PayeeChunks(
                numbers: numbers, texts: strings, normaliser: PayeeNormaliser(), matcher: matcher, chunkSize: 7)
        }
        // Every payee as `DistinctTexts` reads it: key, display, folded text and hits.
        func listed(_ ahead: PayeesAhead) -> [String] {
            var ahead = ahead
            // One object filled again for each payee, as the rules step does.
            var raw = FoldedText.empty
            return numbers.map { number in
                guard let index = ahead.take(number) else { return "not listed" }
                let clean = ahead.cleanTexts.withClean(index) {
                    String(decoding: $0, as: UTF8.self) + "|" + String(decoding: $1, as: UTF8.self)
                }
                ahead.rawText(of: index, strings[Int(number)], id: 0, into: &raw)
                return clean + "|" + String(decoding: raw.folded, as: UTF8.self) + "|\(raw.hits.map(\.literal))"
            }
        }
        let one = listed(
            PayeesAhead(numbers: numbers, texts: strings, normaliser: PayeeNormaliser(), matcher: matcher, cores: 1))
        #expect(one[0] == "netflix|Netflix|netflix.com 1600|[]")
        #expect(one[1] == "tesco|Tesco|tesco stores 1599 london gb|[0]")
        let alone = chunks()
        #expect(alone.chunkCount == 86)
        #expect(alone.work() == 86)
        #expect(alone.work() == 0)
        #expect(listed(alone.joined()) == one)
        let shared = chunks()
        let made = Slots<Int>(count: 2)
        Cores.forEach(2, cores: 2) { made.set($0, shared.work()) }
        #expect((made[0] ?? 0) + (made[1] ?? 0) == 86)
        #expect(listed(shared.joined()) == one)
        #expect(listed(chunks().joined()) == one)
    }

    /// The texts folded and scanned ahead on two cores find the same rules as on one: 600 payees,
    /// odd `i` `TESCO STORES 1000+i LONDON GB`, even `i` `NETFLIX.COM 1000+i`, each met twice.
    /// Rule 0's literal `tesco` is in both of a Tesco payee's texts (the clean key `tesco` and the
    /// exported text); rule 1's regular expression runs on the exported text only where the
    /// automaton found `netflix.com` (the clean key is `netflix`), and holds when the number ends
    /// in 0, 4 or 8. So by hand: odd `i` [0]; even `i` with `i % 10` 0, 4 or 8 [1]; other even `i` [].
    @Test func textsScannedAheadOnTwoCoresHitLiteralAndRegexRulesAsOnOne() {
        let matcher = RuleMatcher(
            rules: Fixture.rules(
                """
                if payee ~ tesco
                    category Groceries
                if payee ~ /netflix\\.com \\d+[048]$/
                    category Streaming
                """))
        let count = 600
        let strings =
            [""]
            + (1...count).map { $0 % 2 == 1 ? "TESCO STORES \(1000 + $0) LONDON GB" : "NETFLIX.COM \(1000 + $0)" }
        let rows = (1...count).map(Int32.init) + (1...count).reversed().map(Int32.init)
        let expected = (1...count).map { $0 % 2 == 1 ? [0] : [0, 4, 8].contains($0 % 10) ? [1] : [] }
        let ledgerRows = Self.rows(meeting: rows, strings)
        // The rules each row matches, in row order, and the literal hits of each payee's texts.
        func match(cores: Int?) -> (matched: [[Int]], hits: [[Int32]]) {
            var texts = DistinctTexts(textCount: strings.count)
            var scratch = matcher.makeScratch()
            var matched: [[Int]] = []
            var hits: [[Int32]] = []
            for start in [0, count] {
                let slice = rows[start..<start + count]
                if let cores {
                    texts.prepare(
                        rows: ledgerRows, range: start..<start + count, normaliser: PayeeNormaliser(), matcher: matcher,
                        cores: cores)
                }
                var input = MatchInput()
                for number in slice {
                    let index = texts.payee(
                        number, strings[Int(number)], normaliser: PayeeNormaliser(), matcher: matcher)
                    let payee = texts.payees[Int(index)]
                    texts.rawText(
                        payee, strings[Int(number)], matcher: matcher, into: &input.texts[MatchInput.Slot.rawPayee])
                    input.texts[MatchInput.Slot.cleanPayee] = texts.clean(payee, matcher: matcher)
                    var result: [Int] = []
                    matcher.match(input, scratch: &scratch, into: &result)
                    matched.append(result)
                    hits.append(
                        input.texts[MatchInput.Slot.rawPayee].hits.map(\.literal)
                            + input.texts[MatchInput.Slot.cleanPayee].hits.map(\.literal))
                }
            }
            return (matched, hits)
        }
        let inline = match(cores: nil)
        #expect(inline.matched == rows.map { expected[Int($0) - 1] })
        // Literal 0 is `tesco`, once in each of a Tesco payee's texts; a Netflix payee's hits are
        // in its exported text only.
        #expect(inline.hits[0] == [0, 0])
        #expect(inline.hits[1].count == 1 && inline.hits[1][0] != 0)
        for cores in [1, 2] {
            let ahead = match(cores: cores)
            #expect(ahead.matched == inline.matched)
            #expect(ahead.hits == inline.hits)
        }
    }
}
