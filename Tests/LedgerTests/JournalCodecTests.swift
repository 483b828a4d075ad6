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
        #expect(
            CategorySource.override(file: "overrides.csv", line: 7).description == "override overrides.csv:7")
        #expect(CategorySource("override overrides.csv:7") == .override(file: "overrides.csv", line: 7))
        #expect(CategorySource("bogus") == nil)
    }

    /// The row encoder writes numbers and sources itself; these are the forms `description`,
    /// `decimalString` and `isoString` give.
    @Test func rowTextOfEveryOptionalField() throws {
        let kwd = try #require(Currency(code: "KWD"))
        var t = try Self.sample().transactions[1]
        t.amount = Money(minorUnits: -7, currency: kwd)
        t.splits = [Split(category: try #require(CategoryPath("A:B")), amount: Money(minorUnits: 5, currency: kwd))]
        t.categorySource = .learned(confidence: 0.9051)
        t.tags = ["a\"b"]
        t.source = SourceLocation(file: "f", line: -12)
        t.date = try #require(CivilDate(year: 987, month: 1, day: 9))
        var writer = JSONWriter()
        JournalCodec.encodeRow(t, into: &writer)
        let expected =
            #"{"id":"card/FIT 1","account":"card","date":"0987-01-09","amount":"-0.007","currency":"KWD","#
            + #""payee":"Café — €20 reçu 😀","status":"pending","checkNumber":"319","bankType":"DEBIT","#
            + #""bankCategory":"Groceries","category":"Food:Groceries","categorySource":"learned 0.91","#
            + #""tags":["a\"b"],"note":"checked","splits":[{"category":"A:B","amount":"0.005"}],"transfer":true,"#
            + #""transferPeer":"current/xyz-1","ignored":true,"file":"f","line":-12}"#
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        t.categorySource = .profileRule(file: "Importers/x.rules", line: 3)
        let journal = Journal(stage: "ledger", baseCurrency: .gbp, accounts: [], transactions: [t])
        #expect(try JournalCodec.decode(JournalCodec.encode(journal), path: "j") == journal)
    }

    /// A starter rule's source is written as `starter FILE:LINE` and read back as the same case.
    @Test func starterRuleSourceRoundTrips() throws {
        var t = try Self.sample().transactions[0]
        t.category = CategoryPath("Food:Coffee")
        t.categorySource = .starterRule(file: "starter/70-food.rules", line: 12)
        var writer = JSONWriter()
        JournalCodec.encodeRow(t, into: &writer)
        #expect(
            String(decoding: writer.bytes, as: UTF8.self).contains(
                #""categorySource":"starter starter/70-food.rules:12""#))
        #expect(CategorySource("starter starter/70-food.rules:12") == t.categorySource)
        let journal = Journal(stage: "ledger", baseCurrency: .gbp, accounts: [], transactions: [t])
        #expect(try JournalCodec.decode(JournalCodec.encode(journal), path: "j") == journal)
    }

    /// White space, escaped keys and values, and amounts in other forms take the general path and
    /// read the same as the plain form.
    @Test func readsRowsInAnyValidLayout() throws {
        let header = String(decoding: JournalCodec.encode(try Self.sample()), as: UTF8.self).split(separator: "\n")[0]
        let plain =
            #"{"id":"a","account":"card","date":"2026-01-02","amount":"-5.10","currency":"GBP","payee":"P","#
            + #""category":"Food","file":"f","line":3}"#
        let spaced =
            #"{ "id" : "a" , "\u0061ccount" : "c\u0061rd", "date": "2026-01-02", "amount": "-05.1", "#
            + #""currency": "gbp", "payee": "\u0050", "category" : "Fo\u006fd", "file": "f", "line" : 3 }"#
        let one = try JournalCodec.decode(Array("\(header)\n\(plain)\n".utf8), path: "j")
        let two = try JournalCodec.decode(Array("\(header)\n\(spaced)\n".utf8), path: "j")
        #expect(one.transactions == two.transactions)
        #expect(one.transactions[0].amount.minorUnits == -510)
        let bad =
            #"{"id":"a","account":"card","date": "2026-02-30","amount":"5","currency":"GBP","payee":"p","file":"f","line":1}"#
        #expect {
            try JournalCodec.decode(Array("\(header)\n\(bad)\n".utf8), path: "j.jsonl")
        } throws: { error in
            (error as? JournalError)?.description == "j.jsonl:2:35: error: invalid date"
        }
    }

    /// A journal read from a file's bytes (mapped, not an array) decodes exactly as from an array,
    /// escapes, tags, splits and unknown keys included, and its errors name the same line and
    /// column, also where the general scanner reads them (a row's bytes are copied for it).
    @Test func readsMappedBytesAsItReadsAnArray() throws {
        let header = String(decoding: JournalCodec.encode(try Self.sample()), as: UTF8.self).split(separator: "\n")[0]
        let rows = [
            #"{"id":"a","account":"card","date":"2026-01-02","amount":"-5.10","currency":"GBP","payee":"caf\u00e9","#
                + #""tags":["x","y\"z"],"future":{"k":[1,null]},"file":"f","line":3}"#,
            #"{"id":"b","account":"card","date":"2026-01-03","amount":"-7.00","currency":"GBP","payee":"P","#
                + #""splits":[{"category":"Food","amount":"-2.00"},{"category":"Home","amount":"-5.00"}],"file":"f","line":4}"#,
        ]
        let text = "\(header)\n" + rows.joined(separator: "\n") + "\n"
        let fromArray = try JournalCodec.decode(Array(text.utf8), path: "j")
        let fromFile = try JournalCodec.decode(JournalBytes(Array(text.utf8)), path: "j")
        #expect(fromFile == fromArray)
        #expect(fromFile.transactions[0].payee == "café")
        #expect(fromFile.transactions[0].tags == ["x", "y\"z"])
        #expect(fromFile.transactions[1].splits.count == 2)

        for bad in [
            #"{"id":"a","account":"card","date":"2026-02-30","amount":"5","currency":"GBP","payee":"p","file":"f","line":1}"#,
            #"{"id":"a","account":"card","date":"2026-02-03","amount":"5","currency":"GBP","tags":["x",7],"file":"f","line":1}"#,
            #"{"id":"a","account":"card","date":"2026-02-03","amount":"5","currency":"GBP","payee":"\q","file":"f","line":1}"#,
        ] {
            let text = "\(header)\n\(rows[0])\n\(bad)\n"
            var expected = ""
            var actual = ""
            do { _ = try JournalCodec.decode(Array(text.utf8), path: "j.jsonl") } catch { expected = error.description }
            do { _ = try JournalCodec.decode(JournalBytes(Array(text.utf8)), path: "j.jsonl") } catch {
                actual = error.description
            }
            #expect(expected.hasPrefix("j.jsonl:3:"), "\(expected)")
            #expect(actual == expected)
        }
    }

    /// Figure rows read straight from the bytes are the figures of the full decode: every field a
    /// sum needs, with the descriptive texts checked and passed over (errors in them included).
    @Test func figureRowsAreTheFiguresOfTheFullDecode() throws {
        let journal = try Self.sample()
        var bytes = JournalCodec.encode(journal)
        let (header, rows) = try JournalCodec.decodeFigures(JournalBytes(bytes), path: "j")
        #expect(header.transactions.isEmpty)
        #expect(header.accounts == journal.accounts)
        #expect(header.baseCurrency == journal.baseCurrency)
        #expect(rows == journal.transactions.map(FigureRow.init))
        #expect(rows.count == journal.transactions.count)

        bytes +=
            Array(
                #"{"id":"z","account":"card","date":"2026-02-03","amount":"5","currency":"GBP","memo":"\q","file":"f","line":1}"#
                    .utf8) + [0x0A]
        var full = ""
        var figures = ""
        do { _ = try JournalCodec.decode(bytes, path: "j.jsonl") } catch { full = error.description }
        do { _ = try JournalCodec.decodeFigures(JournalBytes(bytes), path: "j.jsonl") } catch {
            figures = error.description
        }
        #expect(!full.isEmpty)
        #expect(figures == full)
    }
}
