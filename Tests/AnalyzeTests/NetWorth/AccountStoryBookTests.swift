import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// Each account's story as the month's analysis file carries it, with figures worked out by hand.
@Suite("Account stories")
struct AccountStoryBookTests {
    static func gbp(_ pence: Int64) -> Money { Money(minorUnits: pence, currency: .gbp) }

    /// A current account from January 2025 and a pension valued 1000.00 on 2025-01-31 and 2310.00
    /// on 2027-01-31, with 1000.00 transferred into it on 2026-01-31 (365 days after each): 10% a year.
    static func analyzer() throws -> MonthAnalyzer {
        let accounts = [
            Account(
                id: "current", name: "Current", kind: .checking, currency: .gbp, openingBalance: gbp(50_000),
                openingDate: CivilDate(iso: "2025-01-01")),
            Account(id: "pension", name: "Pension", kind: .investment, currency: .gbp),
        ]
        var rows: [Transaction] = []
        func add(_ account: AccountID, _ date: String, _ pence: Int64, transfer: Bool = false) throws {
            rows.append(
                Transaction(
                    id: TransactionID("\(account)/\(rows.count)"), account: account,
                    date: try #require(CivilDate(iso: date)), amount: gbp(pence), payee: "P\(rows.count)",
                    category: transfer ? nil : CategoryPath("Shopping"), isTransfer: transfer,
                    source: SourceLocation(file: "inbox/x", line: rows.count + 1)))
        }
        try add("current", "2025-01-10", -2_000)
        try add("current", "2025-06-01", -30_000)
        try add("current", "2026-01-31", -100_000, transfer: true)
        try add("pension", "2026-01-31", 100_000, transfer: true)
        try add("current", "2026-02-01", 5_000)
        try add("current", "2027-01-05", -700)
        let ledger = Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: rows)
        let valuations = try Valuations.parse(
            "date,account,value\n2025-01-31,pension,1000.00\n2027-01-31,pension,2310.00\n", path: "valuations.csv",
            accounts: ["pension": .gbp])
        return MonthAnalyzer(history: LedgerHistory(ledger), settings: AnalysisSettings(valuations: valuations))
    }

    @Test func aValuedAccountsGrowthSplitAndReturn() throws {
        let analysis = try Self.analyzer().analysis(for: YearMonth("2027-01")!)
        let pension = try #require(analysis.accountStories?.first { $0.id == "pension" })
        let growth = try #require(pension.growth)
        #expect(
            growth
                == AccountGrowth(
                    from: "2025-01-31", to: "2027-01-31", currency: "GBP", startValue: "1000.00", endValue: "2310.00",
                    paidIn: "1000.00", withdrawn: "0.00", netContributions: "1000.00", marketGrowth: "310.00",
                    contributionCount: 1, annualReturn: 0.1, annualReturnNote: nil))
        // The net worth's row carries the same growth.
        #expect(analysis.netWorth?.accounts.first { $0.id == "pension" }?.growth == growth)
        #expect(analysis.netWorth?.accounts.first { $0.id == "current" }?.growth == nil)
        #expect(
            pension.valuations == [
                AccountValuation(date: "2025-01-31", value: "1000.00", source: "valuations.csv"),
                AccountValuation(date: "2027-01-31", value: "2310.00", source: "valuations.csv"),
            ])
        // 25 month ends, January 2025 to January 2027, each the latest valuation.
        #expect(pension.monthEnds.count == 25)
        #expect(pension.monthEnds[17] == AccountMonthEnd(month: "2026-06", balance: "1000.00", source: "valuation"))
        #expect(pension.monthEnds.last == AccountMonthEnd(month: "2027-01", balance: "2310.00", source: "valuation"))
    }

    /// A month with one valuation only: nothing paid in counts yet, and no rate (a span of 0 days).
    @Test func oneValuationHasNoRate() throws {
        let analysis = try Self.analyzer().analysis(for: YearMonth("2026-12")!)
        let growth = try #require(analysis.accountStories?.first { $0.id == "pension" }?.growth)
        #expect(growth.paidIn == "0.00")
        #expect(growth.marketGrowth == "0.00")
        #expect(growth.annualReturn == nil)
        #expect(growth.annualReturnNote == "the period is under 3 months")
    }

    /// The current account: balances from 500.00, its largest movements this year and all time.
    @Test func largestMovementsAndMonthEnds() throws {
        let analyzer = try Self.analyzer()
        let january = try #require(
            try analyzer.analysis(for: YearMonth("2027-01")!).accountStories?.first { $0.id == "current" })
        #expect(january.largestThisYear.map(\.amount) == ["-7.00"])
        #expect(january.largestAllTime.map(\.amount) == ["-1000.00", "-300.00", "50.00", "-20.00", "-7.00"])
        #expect(january.largestAllTime.first?.category == "Transfer")
        #expect(january.transactionCount == 5)
        #expect(january.firstTransaction == "2025-01-10")
        #expect(january.newestTransaction == "2027-01-05")
        #expect(january.growth == nil)
        // 500 − 20 − 300 = 180.00 at the end of 2025; −1000 + 50 = −770.00 at the end of 2026; −777.00 now.
        #expect(january.monthEnds[11] == AccountMonthEnd(month: "2025-12", balance: "180.00", source: "transactions"))
        #expect(january.monthEnds[23].balance == "-770.00")
        #expect(january.monthEnds[24].balance == "-777.00")
        let december = try #require(
            try analyzer.analysis(for: YearMonth("2026-12")!).accountStories?.first { $0.id == "current" })
        #expect(december.largestThisYear.map(\.amount) == ["-1000.00", "50.00"])
        #expect(december.largestAllTime.map(\.amount) == ["-1000.00", "-300.00", "50.00", "-20.00"])
    }
}
