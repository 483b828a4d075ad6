import Ledger
import Testing

@testable import Import

/// An OFX 2.x document read in two parts (`OFXXMLTwoParts`) gives what one pass gives: the same
/// records, skipped records, warnings and, for a document that is not well-formed, the same
/// problem at the same line and column; and the middle part is taken only where that is safe.
@Suite("OFX 2.x read in two parts")
struct OFXXMLTwoPartsTests {
    /// What a read gave, in a form that compares.
    struct Read: Equatable {
        var records: [[ParsedRecord]] = []
        var statements: [String] = []
        var skipped: [SkippedRecord] = []
        var warnings: [ImportDiagnostic] = []
        var problem: String?
        var failure: String?
    }

    static let context = ReadContext(defaultCurrency: .gbp)

    static func read(_ text: String, twoParts: Bool) -> (read: Read, usedMiddle: Bool) {
        let bytes = Array(text.utf8)
        var result = Read()
        var used = false
        bytes.withUnsafeBufferPointer { document in
            var builder = OFXStatementBuilder(path: "t.ofx", context: context, decodesEntities: false)
            do throws(ImportDiagnostic) {
                let problem: OFXXMLTokenizer.Problem?
                if twoParts {
                    let outcome = try OFXXMLTwoParts.tokenize(
                        document, path: "t.ofx", builder: &builder, cores: 2, fromBytes: 0)
                    problem = outcome?.problem
                    used = outcome?.usedMiddle ?? false
                    if outcome == nil { result.failure = "not cut" }
                } else {
                    let receiver = SAXReceiver(builder: builder)
                    problem = SAXSession.run(document, url: "t.ofx", receiver: receiver)
                    builder = receiver.builder
                    if let failure = receiver.run.pointee.failure { throw failure }
                }
                if let problem {
                    result.problem = "\(problem.line):\(problem.column): \(problem.message)"
                    return
                }
                let file = try builder.finish(format: .ofx2)
                result.records = file.statements.map { Array($0.records) }
                result.statements = file.statements.map {
                    "\($0.accountHint) \(String(describing: $0.currency)) \($0.statedBalances) \(String(describing: $0.coverage))"
                }
                result.skipped = file.skipped
                result.warnings = file.warnings
            } catch {
                result.failure = error.description
            }
        }
        return (result, used)
    }

    /// A transaction of a generated list: its date, amount and texts vary with `number`.
    static func transaction(_ number: Int, tag: String = "STMTTRN") -> String {
        let day = 1 + number % 28
        let amount =
            number % 7 == 0
            ? "\(number % 500).\(number % 10)5" : "-\(number % 90).\(number % 100 < 10 ? "0" : "")\(number % 100)"
        let name = ["Café Müller", "TESCO STORES 3012", "A &amp; B Ltd", "<![CDATA[R&D <lab>]]>", "Straße 5"][
            number % 5]
        let extra = number % 11 == 0 ? "<PAYEE><NAME>Payee \(number)</NAME><ADDR1>1 High St</ADDR1></PAYEE>" : ""
        let currency = number % 13 == 0 ? "<CURRENCY><CURRATE>1.1</CURRATE><CURSYM>EUR</CURSYM></CURRENCY>" : ""
        let memo = number % 3 == 0 ? "<MEMO>  memo \(number)  </MEMO>" : ""
        let date = number % 17 == 0 ? "2024-13-01" : String(format: "202401%02d", day)
        return "<\(tag)><TRNTYPE>\(number % 2 == 0 ? "DEBIT" : "credit")</TRNTYPE><DTPOSTED>\(date)</DTPOSTED>"
            + "<TRNAMT>\(amount)</TRNAMT><FITID>F\(number % 400)</FITID><NAME>\(name)</NAME>\(extra)\(currency)\(memo)"
            + "<SIC>\(5000 + number % 9)</SIC></\(tag)>"
    }

    /// One statement of account `account` whose list holds `transactions` (one a line), with
    /// `inList` written after them inside the list and `after` after the list.
    static func statement(
        account: String, currency: String = "USD", _ transactions: [String], inList: String = "", after: String = ""
    ) -> String {
        """
        <STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <STMTRS><CURDEF>\(currency)</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>\(account)</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
        \(transactions.joined(separator: "\n"))
        \(inList)</BANKTRANLIST>\(after)
        <LEDGERBAL><BALAMT>100.00</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL>
        </STMTRS></STMTTRNRS>
        """
    }

    static func document(_ statements: [String], lineEnd: String = "\n") -> String {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
            <OFX>
            <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
            <BANKMSGSRSV1>
            \(statements.joined(separator: "\n"))
            </BANKMSGSRSV1>
            </OFX>

            """
        return lineEnd == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineEnd)
    }

    static func transactions(_ range: Range<Int>, tag: String = "STMTTRN") -> [String] {
        range.map { transaction($0, tag: tag) }
    }

    static func expectSame(_ text: String, used: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let one = read(text, twoParts: false)
        let two = read(text, twoParts: true)
        #expect(two.read == one.read, sourceLocation: sourceLocation)
        #expect(two.usedMiddle == used, sourceLocation: sourceLocation)
        #expect(one.read.failure == nil, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["\n", "\r\n"])
    func oneStatementIsReadInTwoPartsAsInOne(lineEnd: String) {
        let text = Self.document([Self.statement(account: "1", Self.transactions(0..<600))], lineEnd: lineEnd)
        Self.expectSame(text, used: true)
        let read = Self.read(text, twoParts: true).read
        #expect(read.records.map(\.count) == [600 - 600 / 17 - 1])
        #expect(read.skipped.count == 600 / 17 + 1)
        // Lines run on through the middle part: transaction n is on line 9 + n, the last skipped one 595.
        #expect(read.skipped.last?.line == 9 + 595)
    }

    @Test func aCutInTheSecondOfTwoStatementsIsReadAsInOne() {
        Self.expectSame(
            Self.document([
                Self.statement(account: "1", Self.transactions(0..<150)),
                Self.statement(account: "2", Self.transactions(150..<600)),
            ]), used: true)
    }

    /// The middle part closes its transactions in the currency of the document's first list; a
    /// cut in a statement of another currency is read in one pass.
    @Test func aCutInAStatementOfAnotherCurrencyIsReadInOnePass() {
        Self.expectSame(
            Self.document([
                Self.statement(account: "1", Self.transactions(0..<150)),
                Self.statement(account: "2", currency: "EUR", Self.transactions(150..<600)),
            ]), used: false)
    }

    @Test func aListWithAnythingButTransactionsAfterTheCutIsReadInOnePass() {
        // A balance inside the list, an investment transaction, a pending transaction: each acts
        // on the statement around it, so the middle part is not taken.
        for inList in [
            "<LEDGERBAL><BALAMT>1.00</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL>",
            "<INVBANKTRAN>\(Self.transaction(9))</INVBANKTRAN>", Self.transaction(7, tag: "STMTTRNP"),
            "<STMTTRN>text only</STMTTRN>",
        ] {
            Self.expectSame(
                Self.document([Self.statement(account: "1", Self.transactions(0..<600), inList: inList)]), used: false)
        }
    }

    /// An end tag with a space before its `>` ends where a plain one would not: read in one pass.
    @Test func aListEndTagWithASpaceIsReadInOnePass() {
        let text = Self.document([Self.statement(account: "1", Self.transactions(0..<600))])
            .replacingOccurrences(of: "</BANKTRANLIST>", with: "</BANKTRANLIST  >")
        Self.expectSame(text, used: false)
        #expect(Self.read(text, twoParts: true).read.records.map(\.count) == [600 - 600 / 17 - 1])
    }

    @Test func aPendingListAtTheCutIsReadInOnePass() {
        let pending = Self.transactions(0..<600).joined(separator: "\n")
        let text = Self.document([
            Self.statement(
                account: "1", Self.transactions(600..<620),
                after: "\n<BANKTRANLISTP><DTASOF>20240131</DTASOF>\n\(pending)\n</BANKTRANLISTP>")
        ])
        Self.expectSame(text, used: false)
    }

    @Test func anXMLErrorAfterTheCutIsTheOnePassError() {
        var broken = Self.transactions(0..<600)
        broken[500] = broken[500].replacingOccurrences(of: "</NAME>", with: "</NAMEX>")
        let text = Self.document([Self.statement(account: "1", broken)])
        Self.expectSame(text, used: false)
        // Transaction 500 is on line 509.
        #expect(Self.read(text, twoParts: true).read.problem?.hasPrefix("509:") == true)
    }

    @Test func anXMLErrorAfterTheListIsFoundAtTheSameLineAndColumn() {
        let text = Self.document(
            [Self.statement(account: "1", Self.transactions(0..<600), inList: "é ", after: "<FOO>ü<BAR></FOO>")],
            lineEnd: "\r\n")
        Self.expectSame(text, used: true)
        // On the list's last line (609), just after `é </BANKTRANLIST><FOO>ü<BAR></FOO>`: 34
        // characters, so column 35 (characters, not bytes: é and ü are two bytes each).
        #expect(Self.read(text, twoParts: true).read.problem?.hasPrefix("609:35: ") == true)
    }

    @Test func aCutInsideACommentIsReadInOnePass() {
        var transactions = Self.transactions(0..<600)
        // The comment runs over the middle of the document, with transactions' end tags in it.
        transactions[250] += "<!--"
        transactions[340] = "-->" + transactions[340]
        Self.expectSame(Self.document([Self.statement(account: "1", transactions)]), used: false)
    }

    @Test func carriageReturnsAloneAreReadInOnePass() {
        Self.expectSame(
            Self.document([Self.statement(account: "1", Self.transactions(0..<600))], lineEnd: "\r"), used: false)
    }
}
