import AnalysisFile
import Ledger
import Testing

@testable import Report

/// A valued account (a pension in `valuations.csv`, no statements) shows its values, not dashes:
/// closing 25,388.52 and a change of +120.00 make an opening of 25,268.52.
@Suite struct AccountChangeTests {
    static func line(_ currency: Currency, closing: Money? = nil) -> MonthReport.AccountLine {
        MonthReport.AccountLine(
            id: "pension", name: "Workplace Pension", kind: "investment", maskedNumber: nil, currency: currency,
            openingBalance: nil, closingBalance: closing, inflow: .zero(currency), outflow: .zero(currency),
            transactionCount: 0)
    }

    static func worth(_ currency: String, balance: String, change: String?) -> NetWorthAccount {
        NetWorthAccount(
            id: "pension", name: "Workplace Pension", kind: "investment", currency: currency, balance: balance,
            balanceInBase: balance, change: change, changeRatio: nil, source: "valuation", valuedOn: "2026-10-31",
            included: true)
    }

    @Test func aValuedAccountOpensAndClosesAtItsValues() {
        let (opening, closing) = MonthView.valuedBalances(
            Self.line(.gbp), Self.worth("GBP", balance: "25388.52", change: "120.00"), base: .gbp)
        #expect(opening == Money(minorUnits: 2_526_852, currency: .gbp))
        #expect(closing == Money(minorUnits: 2_538_852, currency: .gbp))
    }

    @Test func aForeignValuedAccountHasNoOpeningFromABaseChange() {
        // The change is in the base currency: it does not give a EUR opening value.
        let (opening, closing) = MonthView.valuedBalances(
            Self.line(.eur), Self.worth("EUR", balance: "1000.00", change: "8.00"), base: .gbp)
        #expect(opening == nil)
        #expect(closing == Money(minorUnits: 100_000, currency: .eur))
    }

    @Test func anAccountWithBalancesKeepsThem() {
        let (opening, closing) = MonthView.valuedBalances(
            Self.line(.gbp, closing: Money(minorUnits: 500, currency: .gbp)),
            Self.worth("GBP", balance: "5.00", change: "1.00"), base: .gbp)
        #expect(opening == nil && closing == nil)
    }
}
