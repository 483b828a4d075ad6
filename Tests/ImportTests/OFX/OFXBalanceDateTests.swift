import Import
import Ledger
import Testing

/// Statement balance dates banks get wrong (issue 13): a placeholder date years away from the
/// statement is not trusted, and an impossible time of day does not lose the balance's day.
@Suite("OFX balance dates")
struct OFXBalanceDateTests {
    static func statement(asOf: String) -> String {
        OFXTestSupport.checkingStatement(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-10.00<FITID>A-1<NAME>SHOP</STMTTRN>",
            after: "<LEDGERBAL><BALAMT>740.00<DTASOF>\(asOf)</LEDGERBAL>")
    }

    @Test func aPlaceholderDateIsNotABalance() throws {
        let file = try OFXTestSupport.read(Self.statement(asOf: "19000101"))
        let statement = try #require(file.statements.first)
        #expect(statement.statedBalances.isEmpty)
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:17:1: warning: the balance dated 1900-01-01 is years away from the statement "
                    + "(2026-11-01 to 2026-11-30); it is ignored"
            ])
    }

    @Test func aBalanceAYearAfterTheStatementIsStillTrusted() throws {
        let file = try OFXTestSupport.read(Self.statement(asOf: "20271201"))
        #expect(file.statements.first?.statedBalances.map(\.date.isoString) == ["2027-12-01"])
        #expect(file.warnings.isEmpty)
    }

    @Test func anImpossibleTimeKeepsTheDay() throws {
        let file = try OFXTestSupport.read(Self.statement(asOf: "20261130078200"))
        let balance = try #require(file.statements.first?.statedBalances.first)
        #expect(balance.date == CivilDate(iso: "2026-11-30"))
        #expect(balance.amount == Money(minorUnits: 74_000, currency: .gbp))
        #expect(
            file.warnings.map(\.description) == [
                "test.ofx:17:1: warning: LEDGERBAL DTASOF '20261130078200' has an impossible time of day; its date "
                    + "2026-11-30 is kept"
            ])
    }
}
