import Foundation
import Import
import Ledger
import Testing

/// Where the table starts (issue 19, class 4): the header is the line whose cells name bank
/// columns and that the data follows, not an account line above it that also names columns or
/// holds a date and a number; and rows under the header that state a balance are not
/// transactions. Values worked out by hand from each fixture's text.
@Suite("CSV inference: the header after a preamble, balance lines")
struct InferenceHeaderTests {
    typealias Trust = InferenceTrustTests

    @Test func theHeaderIsTheNamedLineTheDataFollowsNotAPeriodLineAboveIt() throws {
        // Line 3 (01.03.2026 … 2.500,00) has a date and a number under the names of line 2;
        // the transactions are the three rows under line 5.
        let file = try Trust.read("header-after-period-line.csv")
        #expect(Trust.minorUnits(file) == [-420, 210_000, -6500])
        #expect(file.csvRecords.map(\.date.isoString) == ["2026-03-03", "2026-03-10", "2026-03-17"])
        #expect(file.csvRecords.map(\.payee) == ["Bäckerei Korn", "Gehalt März", "Stadtwerke Abschlag"])
        #expect(file.inferredProfile?.contains("signature = [\"Buchungstag\"") == true)
    }

    @Test func openingAndClosingBalanceRowsAreSkippedWithAReason() throws {
        // SALDO INIZIALE 1.000,00 and SALDO FINALE 1.287,50 are balances; 12,50 out, 300,00 in.
        let file = try Trust.read("balance-lines-it.csv")
        #expect(Trust.minorUnits(file) == [-1250, 30_000])
        #expect(file.skipped.map(\.line) == [2, 5])
        #expect(
            file.skipped.allSatisfy { $0.reason == "a balance line (opening, closing or total), not a transaction" })
        #expect(file.inferredProfile?.contains("[[skip]]\ncolumn = \"Descrizione operazioni\"") == true)
    }

    @Test func aRefusalQuotesTheHeaderNotTheAccountLineAboveIt() throws {
        // Only positive amounts and no balance: the sign is not clear, so the file is refused;
        // the line it quotes is line 3, which the rows follow, not line 1.
        do {
            _ = try Trust.read("preamble-names-sign-unclear.csv")
            Issue.record("the file was read")
        } catch {
            let message = "\(error)"
            #expect(message.contains("Its header (line 3) reads: Date;Description;Amount."))
            #expect(!message.contains("Account;Currency;Balance"))
        }
    }

    @Test func aDateColumnEmptyOnSomeRowsLosesToOneDatingEveryRow() throws {
        // 'Posted' is empty on line 3; 'Value date' dates all three rows. Balance 100 - 4.50 =
        // 95.50, + 20.00 = 115.50, - 40.00 = 75.50.
        let file = try Trust.read("value-date-only-rows.csv")
        #expect(file.csvRecords.map(\.date.isoString) == ["2026-03-14", "2026-03-15", "2026-03-16"])
        #expect(Trust.minorUnits(file) == [-450, 2000, -4000])
        #expect(
            Trust.reasons(file).contains(
                "dates are read from 'Value date' (the only one with a date on every row), not 'Posted'"))
    }

    @Test func theCounterpartyIsThePayeeAndThePurposeTheMemo() throws {
        // Class 5: 'Beguenstigter/Zahlungspflichtiger' names who was paid or paid; the purpose
        // text is what for.
        let file = try Trust.read("counterparty-without-umlauts.csv")
        #expect(file.csvRecords.map(\.payee) == ["Stadtwerke Nord", "Anna Berger"])
        #expect(file.csvRecords.map(\.memo) == ["Abschlag Strom Maerz", "Rechnung 2026-014"])
        #expect(Trust.minorUnits(file) == [-6200, 48_000])
    }
}
