import Testing

@testable import Ledger

@Suite("Journal JSON Lines codec")
struct JournalCodecTests {
    static func sample() throws -> Journal {
        let gbp = Currency.gbp
        let date = try #require(CivilDate(year: 2026, month: 10, day: 3))
        let plain = Transaction(
            id: TransactionID("current/abc-0"), account: "current", date: date,
            amount: Money(minorUnits: -1234, currency: gbp), payee: "TESCO \"EXTRA\" \\ 3297",
            memo: "line1\nline2\ttab \u{1}", source: SourceLocation(file: "inbox/a.csv", line: 7))
        var rich = plain
        rich.id = TransactionID("card/FIT 1")
        rich.account = "card"
        rich.payee = "Café — €20 reçu 😀"
        rich.memo = ""
        rich.status = .pending
        rich.checkNumber = "319"
        rich.bankType = "DEBIT"
        rich.bankCategory = "Groceries"
        rich.category = CategoryPath("Food:Groceries")
        rich.categorySource = .rule(file: "rules/food.rules", line: 12)
        rich.tags = ["review", "weekly shop"]
        rich.note = "checked"
        rich.splits = [
            Split(
                category: try #require(CategoryPath("Food:Groceries")), amount: Money(minorUnits: -1000, currency: gbp)),
            Split(category: try #require(CategoryPath("Home")), amount: Money(minorUnits: -234, currency: gbp)),
        ]
        rich.isTransfer = true
        rich.transferPeer = TransactionID("current/xyz-1")
        rich.isIgnored = true
        let account = Account(
            id: "card", name: "Harbor Card", kind: .creditCard, currency: gbp, institution: "Harbor",
            number: "4929000011112222", openingBalance: Money(minorUnits: -5000, currency: gbp),
            openingDate: CivilDate(year: 2024, month: 9, day: 1))
        return Journal(stage: "ledger", baseCurrency: gbp, accounts: [account], transactions: [plain, rich])
    }

    @Test func roundTripKeepsEveryField() throws {
        let journal = try Self.sample()
        let bytes = JournalCodec.encode(journal)
        let decoded = try JournalCodec.decode(bytes, path: "x.jsonl")
        #expect(decoded == journal)
        #expect(JournalCodec.encode(decoded) == bytes)
    }

    @Test func rowTextIsTheDocumentedSchema() throws {
        var writer = JSONWriter()
        JournalCodec.encodeRow(try Self.sample().transactions[0], into: &writer)
        let expected =
            #"{"id":"current/abc-0","account":"current","date":"2026-10-03","amount":"-12.34","currency":"GBP","#
            + #""payee":"TESCO \"EXTRA\" \\ 3297","memo":"line1\nline2\ttab \u0001","file":"inbox/a.csv","line":7}"#
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test func readsUnicodeEscapesAndSkipsUnknownKeys() throws {
        let header = String(decoding: JournalCodec.encode(try Self.sample()), as: UTF8.self).split(separator: "\n")[0]
        let row =
            #"{"id":"a","account":"card","date":"2026-01-02","amount":"5","currency":"GBP","payee":"caf\u00e9 \ud83d\ude00","#
            + #""future":{"x":[1,2,{"y":null}]},"file":"f","line":1}"#
        let journal = try JournalCodec.decode(Array("\(header)\n\(row)\n".utf8), path: "j.jsonl")
        #expect(journal.transactions[0].payee == "café 😀")
        #expect(journal.transactions[0].amount.minorUnits == 500)
    }

    @Test func errorsNameLineAndColumn() throws {
        let header = String(decoding: JournalCodec.encode(try Self.sample()), as: UTF8.self).split(separator: "\n")[0]
        let bad =
            #"{"id":"a","account":"card","date":"2026-02-30","amount":"5","currency":"GBP","payee":"p","file":"f","line":1}"#
        #expect {
            try JournalCodec.decode(Array("\(header)\n\(bad)\n".utf8), path: "j.jsonl")
        } throws: { error in
            (error as? JournalError)?.description == "j.jsonl:2:35: error: invalid date"
        }
        #expect {
            try JournalCodec.decode(Array("{\"format\":\"other\"}\n".utf8), path: "j.jsonl")
        } throws: { error in
            (error as? JournalError)?.line == 1
        }
    }

    @Test func derivedIDsCountOccurrences() throws {
        let date = try #require(CivilDate(year: 2026, month: 10, day: 3))
        let amount = Money(minorUnits: -280, currency: .gbp)
        let first = TransactionID.derived(
            account: "current", date: date, amount: amount, text: "COFFEE  SHOP", occurrence: 0)
        let padded = TransactionID.derived(
            account: "current", date: date, amount: amount, text: " coffee shop ", occurrence: 0)
        let second = TransactionID.derived(
            account: "current", date: date, amount: amount, text: "COFFEE SHOP", occurrence: 1)
        #expect(first == padded)
        #expect(first != second)
        #expect(first.rawValue.hasPrefix("current/"))
        #expect(first.rawValue.hasSuffix("-0"))
        // FNV-1a 64 of the empty input is its offset basis.
        #expect(StableHasher().hexDigest == "cbf29ce484222325")
        var hasher = StableHasher()
        hasher.combine(byte: UInt8(ascii: "a"))
        #expect(hasher.hexDigest == "af63dc4c8601ec8c")
    }

    @Test func categorySourceText() {
        #expect(CategorySource.rule(file: "rules/food.rules", line: 12).description == "rule rules/food.rules:12")
        #expect(CategorySource.learned(confidence: 0.934).description == "learned 0.93")
        #expect(CategorySource("rule rules/a b.rules:3") == .rule(file: "rules/a b.rules", line: 3))
        #expect(CategorySource("learned 0.5") == .learned(confidence: 0.5))
        #expect(CategorySource("override") == .override)
        #expect(CategorySource("bogus") == nil)
    }
}
