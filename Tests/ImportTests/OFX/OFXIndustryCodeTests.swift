import Ledger
import Testing

@testable import Import

/// A transaction's `SIC` (OFX's Standard Industrial Code) or `MCC` (a card's merchant category
/// code, written by some exporters) is kept as its bank category, `SIC 5411` or `MCC 5812`, so the
/// starter rule pack can map it; a `CATEGORY` in words says more and wins, whichever comes first.
@Suite struct OFXIndustryCodeTests {
    @Test func industryCodesBecomeTheBankCategory() throws {
        let file = try OFXTestSupport.read(
            OFXTestSupport.checkingStatement(
                """
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261102<TRNAMT>-42.10<FITID>1<SIC>5411<NAME>CORNER SHOP</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261103<TRNAMT>-12.00<FITID>2<NAME>NOODLES<MCC>5812</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261104<TRNAMT>-5.00<FITID>3<MCC>5812<CATEGORY>Eating out</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-6.00<FITID>4<CATEGORY>Coffee shops<SIC>5812</STMTTRN>
                <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261106<TRNAMT>-7.00<FITID>5<NAME>NO CODE</STMTTRN>
                """))
        let records = try file.only.records
        #expect(records.map(\.bankCategory) == ["SIC 5411", "MCC 5812", "Eating out", "Coffee shops", nil])
    }
}
