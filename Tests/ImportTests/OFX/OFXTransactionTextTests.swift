import Ledger
import Testing

@testable import Import

/// A transaction's texts as the record carries them, in both dialects: trimmed, references
/// replaced (SGML), the payee taken from NAME, then PAYEE/NAME, EXTDNAME and MEMO in that order
/// (an empty one passes to the next), and the bank category from CATEGORY or an industry code.
@Suite("OFX transaction texts")
struct OFXTransactionTextTests {
    typealias Support = OFXTestSupport

    struct Texts: Equatable, CustomStringConvertible {
        var payee: String
        var memo: String
        var fitID: String?
        var checkNumber: String?
        var bankType: String?
        var bankCategory: String?

        var description: String {
            "\(payee)|\(memo)|\(fitID ?? "-")|\(checkNumber ?? "-")|\(bankType ?? "-")|\(bankCategory ?? "-")"
        }
    }

    static func texts(_ file: ParsedFile) throws -> [Texts] {
        try file.only.records.map {
            Texts(
                payee: $0.payee, memo: $0.memo, fitID: $0.fitID, checkNumber: $0.checkNumber, bankType: $0.bankType,
                bankCategory: $0.bankCategory)
        }
    }

    @Test func sgmlTextsAreTrimmedDecodedAndChosenInOrder() throws {
        let file = try Support.read(
            Support.checkingStatement(
                """
                <STMTTRN><TRNTYPE>pos<DTPOSTED>20261102<TRNAMT>-4.50<FITID> A1 <NAME>Marks &amp; Spencer<MEMO>  lunch  <CHECKNUM>0042<CATEGORY>Food</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261103<TRNAMT>-9.99<FITID>A2<NAME>  <EXTDNAME>Long name<MEMO>m2<MCC>5812</STMTTRN>
                <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261104<TRNAMT>10<FITID>A3<PAYEE><NAME>Payee Co<ADDR1>1 High St</PAYEE><MEMO>only memo<SIC>  </STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-1<MEMO>just memo<SIC>5411<CATEGORY>Groceries</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261106<TRNAMT>-2<NAME>First<NAME>Second<SIC>7299</STMTTRN>
                """))
        #expect(
            try Self.texts(file).map(\.description) == [
                "Marks & Spencer|lunch|A1|0042|POS|Food",
                "Long name|m2|A2|-|DEBIT|MCC 5812",
                "Payee Co|only memo|A3|-|CREDIT|-",
                "just memo|just memo|-|-|DEBIT|Groceries",
                "Second||-|-|DEBIT|SIC 7299",
            ])
        #expect(file.skipped.isEmpty)
    }

    @Test func xmlTextsKeepTheirLettersAndAFailedRecordLeavesNoText() throws {
        let file = try Support.read(
            OFXXMLReaderTests.document(
                """
                <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-3.20</TRNAMT><FITID>X1</FITID><NAME> Café Müller </NAME><MEMO>Straße 5</MEMO></STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240106</DTPOSTED><TRNAMT>oops</TRNAMT><FITID>X2</FITID><NAME>Never seen</NAME><MEMO>dropped</MEMO></STMTTRN>
                <STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240107</DTPOSTED><TRNAMT>5</TRNAMT><FITID>X3</FITID><NAME>A &amp; B</NAME><CATEGORY><![CDATA[Fun & games]]></CATEGORY></STMTTRN>
                """))
        #expect(
            try Self.texts(file).map(\.description) == [
                "Café Müller|Straße 5|X1|-|DEBIT|-",
                "A & B||X3|-|CREDIT|Fun & games",
            ])
        #expect(file.skipped.map(\.reason) == ["TRNAMT 'oops' is not a number"])
    }
}
