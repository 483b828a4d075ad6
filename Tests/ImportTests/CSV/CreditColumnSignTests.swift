import Foundation
import Import
import Ledger
import Testing

/// A signed number in a money-out or money-in column is warned about either way (issue 20 item 11).
@Suite("Signs in debit and credit columns")
struct CreditColumnSignTests {
    static let profile = """
        bank = "Test"
        [file]
        signature = ["Date", "Payee", "Paid Out", "Paid In"]
        [columns]
        date = "Date"
        date_format = "%Y-%m-%d"
        payee = "Payee"
        [amount]
        debit = "Paid Out"
        credit = "Paid In"
        """

    @Test func aNegativeCreditIsReadAsMoneyOutWithAWarning() throws {
        let file = try CSVTestSupport.read(
            "Date,Payee,Paid Out,Paid In\n2025-01-02,Shop,12.50,\n2025-01-03,Refund reversed,,-3.00\n",
            profiles: [CSVTestSupport.profile(Self.profile)])
        #expect(file.csvRecords.map(\.amount.minorUnits) == [-1250, -300])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:3:1: warning: 'Paid In' holds a negative amount '-3.00'; it is read as money out, a credit taken back (check the sign)"
            ])
    }

    @Test func aNegativeDebitIsWarnedAboutAsBefore() throws {
        let file = try CSVTestSupport.read(
            "Date,Payee,Paid Out,Paid In\n2025-01-02,Shop,-12.50,\n",
            profiles: [CSVTestSupport.profile(Self.profile)])
        #expect(file.csvRecords.map(\.amount.minorUnits) == [-1250])
        #expect(file.warnings.count == 1)
    }
}
