import Ledger
import Testing

@testable import Import

/// OFX 1.x (SGML) quirks, from small fixtures and inline files.
@Suite struct OFXSGMLReaderTests {
    typealias Support = OFXTestSupport

    /// A minimal SGML statement around `transactions`.
    static func statement(_ transactions: String, currency: String = "USD", trailer: String = "") -> String {
        """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102

        <OFX>
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <STMTRS><CURDEF>\(currency)<BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101<DTEND>20240131
        \(transactions)
        </BANKTRANLIST>\(trailer)
        </STMTRS></STMTTRNRS></BANKMSGSRSV1>
        </OFX>

        """
    }

    @Test func quirksFixture() throws {
        let name = "quirks.sgml"
        let bytes = try Support.fixtureBytes(name)
        #expect(OFX1Reader.recognizes(bytes))
        let file = try Support.readFixture(name)
        #expect(file.format == .ofx1)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(
                    institution: "Quirky & Sons", accountNumber: "12345678", kind: .checking, bankID: "400000",
                    accountType: "CHECKING"))
        #expect(statement.currency == .gbp)
        #expect(statement.coverage == date("2024-01-01")...date("2024-02-29"))
        // Line 7: an unclosed STMTTRN closed by the next one; decimal comma with a grouping point;
        // a late-evening EST time that stays on the 31st; character references; an empty <MEMO/>.
        // Line 10: lower-case tags and a repeated FITID. Line 11: an unclosed empty FITID, CDATA,
        // and a '<' that starts no tag. Line 14: a pending transaction.
        #expect(
            statement.records == [
                ParsedRecord(
                    date: date("2024-01-31"), amount: money("-1234.50", "GBP"), payee: "Café A < B", fitID: "A1",
                    bankType: "DEBIT", line: 7),
                ParsedRecord(
                    date: date("2024-02-02"), amount: money("-3.00", "GBP"), payee: "lower case tags", fitID: "A1",
                    bankType: "DEBIT", line: 10),
                ParsedRecord(
                    date: date("2024-02-03"), amount: money("-4.00", "GBP"), payee: "Fish & Chips <Ltd>",
                    memo: "price < 5 pounds", bankType: "DEBIT", line: 11),
                ParsedRecord(
                    date: date("2024-02-29"), amount: money("-2.50", "GBP"), payee: "Pending Coffee", status: .pending,
                    bankType: "POS", line: 14),
            ])
        #expect(
            file.skipped == [
                SkippedRecord(line: 8, reason: "DTPOSTED '20240230' is not a valid date"),
                SkippedRecord(line: 9, reason: "TRNAMT '99999999999999999999.00' is too large to represent exactly"),
            ])
        // Five STMTTRN and one STMTTRNP: six records, each parsed or skipped.
        #expect(file.recordCount == 6)
        #expect(
            file.warnings.map(\.description) == [
                "quirks.sgml:7:1: warning: FITID 'A1' appears more than once in the statement (lines 7, 10); all are kept"
            ])
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2024-02-29"), amount: money("100.00", "GBP"), line: 13)
            ])
    }

    @Test func leafEndTagsAndUnknownAggregatesMixed() throws {
        let file = try Support.read(
            Self.statement(
                """
                <STMTTRN>
                  <TRNTYPE>DEBIT</TRNTYPE>
                  <DTPOSTED>20240105<TRNAMT>-1.00</TRNAMT>
                  <FITID>X1
                  <VENDOR.EXTRA><NAME>not the payee<ACCTID>99</VENDOR.EXTRA>
                  <NAME>Real payee</NAME>
                </STMTTRN>
                """))
        let record = try #require(try file.only.records.first)
        // The vendor aggregate's NAME arrives first; the transaction's own NAME comes last and wins.
        #expect(record.payee == "Real payee")
        #expect(record.fitID == "X1")
        #expect(try file.only.accountHint.accountNumber == "42")
    }

    @Test func theSignIsTheTruthNotTheType() throws {
        let file = try Support.read(
            Self.statement(
                """
                <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240105<TRNAMT>-10.00<FITID>1<NAME>Refund reversed</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>10.00<FITID>2<NAME>Debit reversed</STMTTRN>
                """))
        #expect(try file.only.amounts == [money("-10.00", "USD"), money("10.00", "USD")])
    }

    @Test func moreDecimalsThanTheCurrencyWarnsOnce() throws {
        let file = try Support.read(
            Self.statement(
                """
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.005<FITID>1<NAME>A</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-2.015<FITID>2<NAME>B</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-3.100<FITID>3<NAME>C</STMTTRN>
                """))
        // -1.005 -> -1.00 and -2.015 -> -2.02 (half to even); -3.100 is exact.
        #expect(try file.only.amounts == [money("-1.00", "USD"), money("-2.02", "USD"), money("-3.10", "USD")])
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:9:1: warning: TRNAMT '-1.005' has more decimals than USD allows; rounded half to even to "
                    + "-1.00 (and 1 more)"
            ])
    }

    @Test func emptyAndMissingFields() throws {
        let file = try Support.read(
            Self.statement(
                """
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID></FITID><NAME>No id</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<FITID>9<NAME>No amount</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT><FITID>10<NAME>Empty amount</STMTTRN>
                <STMTTRN><DTPOSTED>00000000<TRNAMT>x<FITID>11</STMTTRN>
                """))
        #expect(try file.only.records.map(\.fitID) == [nil])
        #expect(try file.only.records.map(\.payee) == ["No id"])
        #expect(
            file.skipped == [
                SkippedRecord(line: 10, reason: "TRNAMT is missing"),
                SkippedRecord(line: 11, reason: "TRNAMT is empty"),
                SkippedRecord(line: 12, reason: "DTPOSTED '00000000' is not a valid date; TRNAMT 'x' is not a number"),
            ])
    }

    @Test func pendingTransactionsInAPendingList() throws {
        let file = try Support.read(
            Self.statement(
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>Posted</STMTTRN>",
                trailer: """
                    <BANKTRANLISTP><DTASOF>20240201
                    <STMTTRNP><TRNTYPE>DEBIT<DTTRAN>20240131<TRNAMT>-5.00<NAME>Hold</STMTTRNP>
                    <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240130<TRNAMT>-6.00<FITID>P2<NAME>Also pending</STMTTRN>
                    </BANKTRANLISTP>
                    """))
        let records = try file.only.records
        #expect(records.map(\.status) == [.posted, .pending, .pending])
        #expect(records.map(\.date) == [date("2024-01-05"), date("2024-01-31"), date("2024-01-30")])
        #expect(records.map(\.payee) == ["Posted", "Hold", "Also pending"])
        // The pending list's DTASOF is not the statement's.
        #expect(file.warnings.isEmpty)
    }

    @Test func severalStatementsAndInvestmentInSGML() throws {
        let text = """
            OFXHEADER:100
            <OFX>
            <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><FI><FID>555</FI></SONRS></SIGNONMSGSRSV1>
            <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <CCSTMTRS><CURDEF>GBP<CCACCTFROM><ACCTID>4929</CCACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-9.99<FITID>C1<NAME>Card</STMTTRN></BANKTRANLIST>
            </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1>
            <INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>2<STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <INVSTMTRS><DTASOF>20240131<CURDEF>GBP<INVACCTFROM><BROKERID>broker<ACCTID>ISA-1</INVACCTFROM>
            <INVTRANLIST>
            <BUYMF><INVBUY><INVTRAN><FITID>B1<DTTRADE>20240110<DTSETTLE>20240112</INVTRAN>
            <SECID><UNIQUEID>GB00B3X7QG63<UNIQUEIDTYPE>ISIN</SECID><UNITS>2<UNITPRICE>250.00<TOTAL>-500.00</INVBUY>
            <BUYTYPE>BUY</BUYMF>
            </INVTRANLIST>
            <INVPOSLIST><POSMF><INVPOS><SECID><UNIQUEID>GB00B3X7QG63<UNIQUEIDTYPE>ISIN</SECID><MKTVAL>512.34</INVPOS></POSMF></INVPOSLIST>
            </INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
            </OFX>
            """
        let file = try Support.read(text)
        #expect(file.statements.count == 2)
        #expect(
            file.statements[0].accountHint
                == AccountHint(institution: "555", accountNumber: "4929", kind: .creditCard, accountType: "CREDITCARD"))
        #expect(file.statements[0].amounts == [money("-9.99", "GBP")])
        let investment = file.statements[1]
        #expect(investment.accountHint == AccountHint(institution: "555", accountNumber: "ISA-1", kind: .investment))
        // No SECLIST: the security is named by its id.
        #expect(
            investment.records == [
                ParsedRecord(
                    date: date("2024-01-10"), amount: money("-500.00", "GBP"), payee: "Buy GB00B3X7QG63", fitID: "B1",
                    bankType: "BUYMF", line: 11)
            ])
        #expect(investment.positionsValue == money("512.34", "GBP"))
    }

    @Test func statusErrorAtSignOn() {
        let text = """
            OFXHEADER:100
            <OFX><SIGNONMSGSRSV1><SONRS><STATUS>
            <CODE>15500<SEVERITY>ERROR<MESSAGE>Signon invalid
            </STATUS></SONRS></SIGNONMSGSRSV1></OFX>
            """
        #expect(Support.failure(text) == "test.ofx:3:1: error: the bank returned an error: 15500 Signon invalid")
    }

    @Test func statusWarningIsAWarning() throws {
        let text = Self.statement("").replacingOccurrences(
            of: "<STATUS><CODE>0<SEVERITY>INFO</STATUS>",
            with: "<STATUS><CODE>2004<SEVERITY>WARN<MESSAGE>Dates adjusted</STATUS>")
        let file = try Support.read(text)
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:6:43: warning: the bank returned a warning: 2004 Dates adjusted"
            ])
    }

    @Test func truncatedInsideATransaction() {
        let text = Self.statement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>Cut")
        let cut = String(text.prefix(upTo: text.range(of: "</BANKTRANLIST>")!.lowerBound))
        #expect(
            Support.failure(cut)
                == "test.ofx:10:1: error: the file ends inside <STMTTRN> opened at line 9: it looks truncated")
    }

    @Test func truncatedInsideATag() {
        #expect(
            Support.failure("OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTR")
                == "test.ofx:2:20: error: the file ends inside the tag <STMTTR: it looks truncated")
    }

    @Test func missingFinalEndTagIsAWarning() throws {
        var text = Self.statement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>A</STMTTRN>")
        text = text.replacingOccurrences(of: "</OFX>\n", with: "")
        let file = try Support.read(text)
        #expect(try file.only.records.count == 1)
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:12:1: warning: the file ends without </OFX>; it may be truncated"
            ])
    }

    @Test func noStatementAtAll() {
        #expect(
            Support.failure(
                "OFXHEADER:100\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1></OFX>"
            )
                == "test.ofx:1:1: error: the file has no bank, credit card or investment statement (STMTRS, CCSTMTRS or INVSTMTRS)"
        )
    }

    @Test func transactionOutsideAStatementIsSkipped() throws {
        let text = Self.statement("")
            .replacingOccurrences(of: "</OFX>", with: "<STMTTRN><TRNAMT>1.00</STMTTRN></OFX>")
        let file = try Support.read(text)
        #expect(
            file.skipped == [
                SkippedRecord(line: 12, reason: "transaction is outside any statement (STMTRS, CCSTMTRS or INVSTMTRS)")
            ])
    }

    @Test func windows1252WhateverTheHeaderSays() throws {
        // ENCODING:UTF-8, but the bytes are Windows-1252: 0x80 is the euro sign, 0xE9 is é, 0x92 a right quote.
        var bytes = Array("OFXHEADER:100\nENCODING:UTF-8\n<OFX>".utf8)
        bytes += Array(
            "<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>".utf8)
        bytes += Array("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-3.50<FITID>1<NAME>".utf8)
        bytes += [0x80, 0x20, 0x43, 0x61, 0x66, 0xE9, 0x92, 0x73]  // "€ Café’s"
        bytes += Array("</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>".utf8)
        let file = try Support.read(bytes)
        #expect(try file.only.records.first?.payee == "€ Café’s")
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:3:170: warning: the file is declared as UTF-8 but is not valid UTF-8 (byte 0x80); "
                    + "it is read as Windows-1252"
            ])
    }

    @Test func utf8WhateverTheHeaderSays() throws {
        let text = Self.statement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-3.50<FITID>1<NAME>Zürich Straße</STMTTRN>"
        )
        .replacingOccurrences(of: "VERSION:102", with: "VERSION:102\nCHARSET:1252")
        let file = try Support.read(text)
        #expect(try file.only.records.first?.payee == "Zürich Straße")
        #expect(file.warnings.isEmpty)
    }

    @Test func nulByteIsBinary() {
        var bytes = Array(Self.statement("<STMTTRN><NAME>A").utf8)
        bytes.insert(0, at: bytes.count - 10)
        #expect(
            Support.failure(bytes) == "test.ofx:11:35: error: the file contains a NUL byte: it is binary, not OFX text")
    }

    @Test func malformedEndTag() {
        #expect(
            Support.failure("<OFX><STMTRS></STMTRS <NAME>")
                == "test.ofx:1:14: error: the end tag </STMTRS is not closed by '>'")
    }

    @Test func carriageReturnLineEnds() throws {
        let text = Self.statement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>A</STMTTRN>")
            .replacingOccurrences(of: "\n", with: "\r")
        #expect(try Support.read(text).only.records.first?.line == 9)
    }
}

/// Where a statement's currency comes from when CURDEF does not say.
@Suite struct OFXCurrencyTests {
    typealias Support = OFXTestSupport

    @Test func noCurrencyAnywhereUsesTheWorkspaceCurrency() throws {
        let text = OFXSGMLReaderTests.statement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>A</STMTTRN>", currency: "")
        let file = try Support.read(text)
        #expect(try file.only.currency == nil)
        #expect(try file.only.amounts == [money("-1.00", "GBP")])  // the context's default currency
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:7:1: warning: the statement has no CURDEF; amounts are read as GBP"
            ])
    }

    @Test func theConfiguredAccountCurrencyComesFirst() throws {
        let text = OFXSGMLReaderTests.statement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>A</STMTTRN>", currency: "")
        let account = AccountConfig(id: AccountID("card"), name: "Card", kind: .creditCard, currency: .eur)
        let file = try OFX1Reader().read(
            Array(text.utf8), path: "test.ofx", context: ReadContext(defaultCurrency: .gbp, account: account))
        #expect(try file.only.amounts == [money("-1.00", "EUR")])
    }

    @Test func aTransactionInAnotherCurrency() throws {
        let file = try Support.read(
            OFXSGMLReaderTests.statement(
                """
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-100<FITID>1<NAME>Tokyo<CURRENCY><CURRATE>0.0067<CURSYM>JPY</CURRENCY></STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240106<TRNAMT>-2.00<FITID>2<NAME>Home<ORIGCURRENCY><CURRATE>1.1<CURSYM>EUR</ORIGCURRENCY></STMTTRN>
                """))
        // CURRENCY: the amount is in yen. ORIGCURRENCY: already converted to CURDEF.
        #expect(try file.only.amounts == [money("-100", "JPY"), money("-2.00", "USD")])
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:9:1: warning: the transaction is in JPY (its CURRENCY), not the statement's USD"
            ])
    }
}

/// What follows `</OFX>`.
@Suite struct OFXTrailingContentTests {
    typealias Support = OFXTestSupport

    @Test func twoDocumentsInOneFile() throws {
        let first = OFXSGMLReaderTests.statement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>A</STMTTRN>")
        let second = first.replacingOccurrences(of: "<ACCTID>42", with: "<ACCTID>43")
        let file = try Support.read(first + second)
        #expect(file.statements.map(\.accountHint.accountNumber) == ["42", "43"])
        // The second document's header lines are skipped with the rest of its preamble.
        #expect(file.statements.map { $0.records.map(\.line) } == [[9], [21]])
        #expect(file.warnings.isEmpty)
    }

    @Test func junkAfterTheEnd() throws {
        let text = OFXSGMLReaderTests.statement("") + "\n  trailing junk <x"
        let file = try Support.read(text)
        #expect(file.warnings.map(\.description) == ["test.ofx:14:3: warning: the text after </OFX> is ignored"])
    }
}

/// Byte order marks and attributes, which OFX does not use but files carry.
@Suite struct OFXOddEnvelopeTests {
    typealias Support = OFXTestSupport

    @Test(arguments: [true, false])
    func byteOrderMark(xml: Bool) throws {
        let transaction =
            xml
            ? "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>A</NAME></STMTTRN>"
            : "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<NAME>A</STMTTRN>"
        let text = xml ? OFXXMLReaderTests.document(transaction) : OFXSGMLReaderTests.statement(transaction)
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        #expect(xml ? OFX2Reader.recognizes(bytes) : OFX1Reader.recognizes(bytes))
        let file = try Support.read(bytes)
        #expect(file.format == (xml ? .ofx2 : .ofx1))
        #expect(file.warnings.isEmpty)
        #expect(try file.only.records.map(\.line) == [6 + (xml ? 0 : 3)])
    }

    @Test func attributesInSGMLTags() throws {
        let text = OFXSGMLReaderTests.statement(
            "<STMTTRN ID=\"a>b\"><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<NAME>A</STMTTRN>"
        ).replacingOccurrences(of: "<OFX>", with: "<OFX VERSION='102'>")
        #expect(try Support.read(text).only.records.map(\.payee) == ["A"])
    }
}

/// UTF-16 files (with a byte-order mark, or without one) are decoded before anything else.
@Suite struct OFXUTF16Tests {
    typealias Support = OFXTestSupport

    static func utf16(_ text: String, littleEndian: Bool, byteOrderMark: Bool) -> [UInt8] {
        var bytes: [UInt8] = byteOrderMark ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for unit in text.utf16 {
            let low = UInt8(unit & 0xFF)
            let high = UInt8(unit >> 8)
            bytes += littleEndian ? [low, high] : [high, low]
        }
        return bytes
    }

    @Test(arguments: [(true, true), (false, true), (true, false)])
    func sgmlInUTF16(littleEndian: Bool, byteOrderMark: Bool) throws {
        let text = OFXSGMLReaderTests.statement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<FITID>1<NAME>Zoë’s</STMTTRN>")
        let bytes = Self.utf16(text, littleEndian: littleEndian, byteOrderMark: byteOrderMark)
        #expect(OFX1Reader.recognizes(bytes))
        #expect(!OFX2Reader.recognizes(bytes))
        let file = try Support.read(bytes)
        #expect(try file.only.records.map(\.payee) == ["Zoë’s"])
        #expect(try file.only.records.map(\.line) == [9])
    }

    @Test func xmlInUTF16() throws {
        let text = OFXXMLReaderTests.document(
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>Zoë</NAME></STMTTRN>",
            prolog: "<?xml version=\"1.0\" encoding=\"UTF-16\"?>")
        let bytes = Self.utf16(text, littleEndian: true, byteOrderMark: true)
        #expect(OFX2Reader.recognizes(bytes))
        let file = try Support.read(bytes)
        #expect(file.format == .ofx2)
        #expect(try file.only.records.map(\.payee) == ["Zoë"])
    }
}
