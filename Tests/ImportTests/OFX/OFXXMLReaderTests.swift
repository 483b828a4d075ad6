import Foundation
import Ledger
import Testing

@testable import Import

/// OFX 2.x (XML) through libxml2: statements of all three kinds, CDATA, entities, and the XML
/// attacks (entity expansion, external entities) that must never work.
@Suite struct OFXXMLReaderTests {
    typealias Support = OFXTestSupport

    static func document(
        _ transactions: String, prolog: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    ) -> String {
        """
        \(prolog)
        <OFX>
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>42</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>
        \(transactions)
        </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>
        </OFX>

        """
    }

    @Test func bankCardAndInvestmentStatementsInOneFile() throws {
        let file = try Support.readFixture("multiple-statements.ofx")
        #expect(file.format == .ofx2)
        #expect(file.warnings.isEmpty)
        #expect(file.statements.count == 3)

        let savings = file.statements[0]
        // BANKACCTTO inside a transaction names the other account, not this one.
        #expect(
            savings.accountHint
                == AccountHint(
                    institution: "Example Bank", accountNumber: "11112222", kind: .savings, bankID: "011000015",
                    accountType: "SAVINGS"))
        #expect(savings.currency == .usd)
        #expect(
            savings.records == [
                // 23:00 EST on 31 January is 1 February in UTC; the statement's date is the 31st.
                ParsedRecord(
                    date: date("2024-01-31"), amount: money("1.05", "USD"), payee: "INTEREST PAID", fitID: "INT-202401",
                    bankType: "INT", line: 14),
                // A CREDIT with a negative amount: the sign is the truth. The payee is PAYEE/NAME.
                ParsedRecord(
                    date: date("2024-01-15"), amount: money("-20.00", "USD"), payee: "Reversal Desk",
                    memo: "Fee reversal & correction", fitID: "ADJ-1", bankType: "CREDIT", line: 21),
            ])
        #expect(
            savings.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2024-01-31"), amount: money("1234.56", "USD"), line: 32)
            ])
        #expect(savings.coverage == date("2024-01-01")...date("2024-01-31"))

        let card = file.statements[1]
        #expect(
            card.accountHint
                == AccountHint(
                    institution: "Example Bank", accountNumber: "4929000011112222", kind: .creditCard,
                    accountType: "CREDITCARD"))
        #expect(card.currency == .eur)
        #expect(
            card.records == [
                // Decimal comma; the CDATA keeps its '<', '>' and '&' as text.
                ParsedRecord(
                    date: date("2024-01-20"), amount: money("-45.90", "EUR"), payee: "Café <Lumière> & Co",
                    fitID: "CC-1", bankType: "DEBIT", line: 45),
                // STMTTRNP in BANKTRANLISTP: pending, dated by DTTRAN, no FITID.
                ParsedRecord(
                    date: date("2024-01-31"), amount: money("-12.00", "EUR"), payee: "Pending Bakery",
                    status: .pending, bankType: "DEBIT", line: 56),
            ])
        #expect(
            card.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2024-01-31"), amount: money("-45.90", "EUR"), line: 53)
            ])

        let investment = file.statements[2]
        // ORG names the institution even when the broker has its own id.
        #expect(
            investment.accountHint
                == AccountHint(institution: "Example Bank", accountNumber: "INV-77", kind: .investment))
        // The REINVEST of line 81 (TOTAL -10.00 of CUSIP 922908363, Vanguard 500 Index, on 2024-01-11) is
        // 10.00 of income and a purchase of 10.00: the cash does not move, the income counts.
        #expect(
            investment.records == [
                ParsedRecord(
                    date: date("2024-01-10"), amount: money("24.00", "USD"), payee: "Income Apple Inc.",
                    memo: "Quarterly dividend", fitID: "DIV-1", bankType: "INCOME", line: 76),
                ParsedRecord(
                    date: date("2024-01-11"), amount: money("10.00", "USD"), payee: "Income Vanguard 500 Index",
                    fitID: "RE-1", bankType: "REINVEST", line: 81),
                ParsedRecord(
                    date: date("2024-01-11"), amount: money("-10.00", "USD"), payee: "Buy Vanguard 500 Index",
                    fitID: "RE-1/buy", bankType: "REINVEST", line: 81),
                ParsedRecord(
                    date: date("2024-01-25"), amount: money("1007.55", "USD"), payee: "Sell Vanguard 500 Index",
                    fitID: "SELL-1", bankType: "SELLSTOCK", line: 86),
                ParsedRecord(
                    date: date("2024-01-30"), amount: money("-500.00", "USD"), payee: "Transfer to checking",
                    fitID: "WD-1", bankType: "DEBIT", line: 96),
            ])
        #expect(file.skipped.isEmpty)
        // 1851.23 + 4100.625 = 5951.855, rounded half to even once: 5951.86.
        #expect(investment.positionsValue == money("5951.86", "USD"))
        #expect(investment.statedBalances.isEmpty)
        #expect(file.recordCount == 9)  // 7 parsed before, and the REINVEST's two
    }

    @Test func billionLaughsIsRefused() throws {
        let name = "billion-laughs.ofx"
        let bytes = try Support.fixtureBytes(name)
        #expect(OFX2Reader.recognizes(bytes))
        #expect(
            Support.failure(bytes, path: name)
                == "\(name):3:2: error: the DOCTYPE declares entities; OFX never uses them, and entities can expand "
                + "without limit or read other files, so the file is refused")
    }

    @Test func externalEntityIsRefused() throws {
        let name = "external-entity.ofx"
        #expect(
            Support.failure(try Support.fixtureBytes(name), path: name)
                == "\(name):2:16: error: the DOCTYPE declares entities; OFX never uses them, and entities can expand "
                + "without limit or read other files, so the file is refused")
    }

    /// Behind the DOCTYPE check, libxml2 itself is run so that neither attack could work.
    @Test(arguments: ["billion-laughs.ofx", "external-entity.ofx"])
    func libxml2AloneDoesNotExpandEntities(name: String) throws {
        let bytes = try Support.fixtureBytes(name)
        var builder = OFXStatementBuilder(path: name, context: Support.context, decodesEntities: false)
        let problem = try bytes.withUnsafeBufferPointer {
            try OFXXMLTokenizer.tokenize($0, path: name, builder: &builder)
        }
        #expect(problem != nil)
        let payees = (try? builder.finish(format: .ofx2))?.statements.flatMap { $0.records.map(\.payee) } ?? []
        #expect(!payees.contains { $0.contains("lol") || $0.contains("root:") })
    }

    @Test func externalDTDIsNotLoaded() throws {
        let text = Self.document(
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID>1</FITID><NAME>Shop</NAME></STMTTRN>",
            prolog: "<?xml version=\"1.0\"?>\n<!DOCTYPE OFX SYSTEM \"file:///etc/passwd\">")
        let file = try Support.read(text)
        #expect(file.format == .ofx2)
        #expect(file.warnings.isEmpty)
        #expect(try file.only.records.map(\.payee) == ["Shop"])
    }

    @Test func characterReferencesAndEmptyElements() throws {
        let file = try Support.read(
            Self.document(
                """
                <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><FITID/>
                <NAME>AT&amp;T &#233;&#x20AC; &lt;ok&gt;</NAME><MEMO></MEMO><CHECKNUM/></STMTTRN>
                """))
        #expect(file.format == .ofx2)
        let record = try #require(try file.only.records.first)
        #expect(record.payee == "AT&T é€ <ok>")
        #expect(record.memo == "")
        #expect(record.fitID == nil)
        #expect(record.checkNumber == nil)
    }

    @Test func htmlEntityFallsBackToSGML() throws {
        // `&nbsp;` is not defined in XML; the SGML reader knows it.
        let file = try Support.read(
            Self.document(
                "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>A&nbsp;B</NAME></STMTTRN>"
            ))
        #expect(file.format == .ofx1)
        #expect(try file.only.records.first?.payee == "A\u{A0}B")
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:6:98: warning: the file declares XML but is not well-formed XML (Entity 'nbsp' not defined); "
                    + "it is read as OFX 1 SGML instead"
            ])
    }

    @Test func truncatedXMLIsRefused() throws {
        let name = "multiple-statements.ofx"
        let lines = String(decoding: try Support.fixtureBytes(name), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(16).joined(separator: "\n") + "\n"
        #expect(
            Support.failure(cut, path: name)
                == "\(name):17:1: error: the file ends inside <STMTTRN> opened at line 14: it looks truncated")
    }

    @Test func windows1252InAnXMLFileDeclaredUTF8() throws {
        var bytes = Array(
            Self.document(
                "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>Caf@</NAME></STMTTRN>"
            ).utf8)
        let at = try #require(bytes.firstIndex(of: UInt8(ascii: "@")))
        bytes[at] = 0xE9
        let file = try Support.read(bytes)
        #expect(file.format == .ofx2)
        #expect(try file.only.records.first?.payee == "Café")
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:6:94: warning: the file is declared as UTF-8 but is not valid UTF-8 (byte 0xE9); "
                    + "it is read as Windows-1252"
            ])
    }

    @Test func lowerCaseElementsAndNoDeclarationOtherThanOFX() throws {
        let text = """
            <?OFX OFXHEADER="200" VERSION="200"?>
            <ofx><bankmsgsrsv1><stmttrnrs><stmtrs><curdef>CHF</curdef><bankacctfrom><acctid>7</acctid></bankacctfrom>
            <banktranlist><stmttrn><trntype>debit</trntype><dtposted>20240105</dtposted><trnamt>-2.00</trnamt><name>x</name></stmttrn></banktranlist>
            </stmtrs></stmttrnrs></bankmsgsrsv1></ofx>
            """
        let file = try Support.read(text)
        #expect(file.format == .ofx2)
        #expect(try file.only.records.map(\.amount) == [money("-2.00", "CHF")])
        #expect(try file.only.records.map(\.bankType) == ["DEBIT"])
    }
}

/// Line numbers past 65535, where libxml2 keeps only 16 bits for an element's line.
@Suite struct OFXLongFileTests {
    /// `count` transactions of eight lines each; transaction `i` starts on line 5 + 8i.
    static func text(count: Int, xml: Bool) -> String {
        var text = xml ? "<?xml version=\"1.0\"?>\n" : "OFXHEADER:100\n"
        text +=
            "<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><ACCTID>1</ACCTID></BANKACCTFROM>\n"
        text += "<BANKTRANLIST>\n"
        for index in 0..<count {
            text += "<STMTTRN>\n  <TRNTYPE>DEBIT</TRNTYPE>\n  <DTPOSTED>20240105</DTPOSTED>\n  <TRNAMT>-1.00</TRNAMT>\n"
            text += "  <FITID>\(index)</FITID>\n  <NAME>Shop \(index)</NAME>\n  <MEMO>m</MEMO>\n</STMTTRN>\n"
        }
        text += "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n"
        return text
    }

    @Test(arguments: [true, false])
    func linesPastSixtyFiveThousand(xml: Bool) throws {
        let count = 9000  // the last transaction starts on line 71997
        let file = try OFXTestSupport.read(Self.text(count: count, xml: xml))
        #expect(file.format == (xml ? .ofx2 : .ofx1))
        let records = try file.only.records
        #expect(records.count == count)
        let wrong = records.enumerated().first { $0.element.line != 5 + 8 * $0.offset }
        #expect(wrong == nil, "record \(wrong?.offset ?? -1) is on line \(wrong?.element.line ?? -1)")
        #expect(records.last?.fitID == "\(count - 1)")
    }
}

/// The SAX2 callbacks stop libxml2 when the builder gives up, and report late XML errors.
@Suite struct OFXXMLStopTests {
    typealias Support = OFXTestSupport

    static func tokenize(_ text: String) throws -> (ParsedFile?, OFXXMLTokenizer.Problem?) {
        var builder = OFXStatementBuilder(path: "test.ofx", context: Support.context, decodesEntities: false)
        let problem = try Array(text.utf8).withUnsafeBufferPointer {
            try OFXXMLTokenizer.tokenize($0, path: "test.ofx", builder: &builder)
        }
        return (problem == nil ? try builder.finish(format: .ofx2) : nil, problem)
    }

    @Test func builderErrorStopsTheParser() throws {
        var text = OFXLongFileTests.text(count: 20_000, xml: true)
        text = text.replacingOccurrences(
            of: "<OFX>\n<BANKMSGSRSV1><STMTTRNRS>",
            with: "<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STATUS><CODE>2000</CODE><SEVERITY>ERROR</SEVERITY></STATUS>")
        #expect(throws: ImportDiagnostic(path: "test.ofx", line: 3, message: "the bank returned an error: 2000")) {
            _ = try Self.tokenize(text)
        }
    }

    @Test func malformedLateInALargeDocument() throws {
        // 20,000 transactions are about 3 MB: the error is many chunks into the document.
        let text = OFXLongFileTests.text(count: 20_000, xml: true) + "<junk"
        let (_, problem) = try Self.tokenize(text)
        #expect(problem?.message == "Extra content at the end of the document")
        #expect(problem?.line == 5 + 8 * 20_000 + 2)
    }

    @Test func leafTextSplitAcrossChunksAndReferences() throws {
        // A name long enough to straddle libxml2's chunks, with character references inside it.
        let long = String(repeating: "A", count: 300_000) + "&amp;B&#233;"
        let text = OFXXMLReaderTests.document(
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>\(long)</NAME></STMTTRN>"
        )
        let file = try Support.read(text)
        #expect(file.format == .ofx2)
        // Over 4 KB (the cap on a field), its transaction is skipped with the reason.
        #expect(try file.only.records.isEmpty)
        #expect(file.skipped.map(\.reason) == ["NAME is longer than 4096 bytes (no bank writes one so long)"])
        // The same text as an account number, which is not capped, arrives whole.
        let account = OFXXMLReaderTests.document("").replacingOccurrences(
            of: "<ACCTID>42</ACCTID>", with: "<ACCTID>\(long)</ACCTID>")
        #expect(
            try Support.read(account).only.accountHint.accountNumber
                == String(repeating: "A", count: 300_000) + "&Bé")
    }

    @Test func entityOfAnExternalDTDIsAProblem() throws {
        // With an external DTD (never loaded) an unknown entity is not fatal to libxml2; the
        // document is still not read as XML.
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE OFX SYSTEM "ofx.dtd">
            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><ACCTID>1</ACCTID></BANKACCTFROM>
            <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT>
            <NAME>A&secret;B</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
            """
        let (_, problem) = try Self.tokenize(text)
        #expect(problem == OFXXMLTokenizer.Problem(line: 5, column: 1, message: "the document refers to an entity"))
    }
}
