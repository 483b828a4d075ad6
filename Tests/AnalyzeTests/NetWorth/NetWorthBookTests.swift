import Ledger
import Testing

@testable import Analyze

@Suite("Net worth")
struct NetWorthBookTests {
    static func gbp(_ pence: Int64) -> Money { Money(minorUnits: pence, currency: .gbp) }

    /// January and February 2026: a current account, a credit card, a euro saver, a pension and a
    /// mortgage valued in valuations.csv, an account closed in February and one whose balance is unknown.
    static func analyzer() throws -> MonthAnalyzer {
        let start = CivilDate(iso: "2026-01-01")
        let accounts = [
            Account(
                id: "current", name: "Current", kind: .checking, currency: .gbp, openingBalance: gbp(100_000),
                openingDate: start),
            Account(
                id: "card", name: "Card", kind: .creditCard, currency: .gbp, openingBalance: gbp(-30_000),
                openingDate: start),
            Account(
                id: "euro", name: "Euro saver", kind: .savings, currency: .eur,
                openingBalance: Money(minorUnits: 10_000, currency: .eur), openingDate: start),
            Account(id: "pension", name: "Pension", kind: .investment, currency: .gbp),
            Account(id: "mortgage", name: "Mortgage", kind: .loan, currency: .gbp),
            Account(
                id: "old", name: "Old saver", kind: .savings, currency: .gbp, openingBalance: gbp(5_000),
                openingDate: start),
            Account(id: "mystery", name: "Mystery", kind: .checking, currency: .gbp),
        ]
        var rows: [Transaction] = []
        func add(
            _ account: AccountID, _ date: String, _ amount: Money, _ category: String?, transfer: Bool = false
        )
            throws
        {
            rows.append(
                Transaction(
                    id: TransactionID("\(account)/\(rows.count)"), account: account,
                    date: try #require(CivilDate(iso: date)), amount: amount, payee: "P\(rows.count)",
                    category: category.flatMap(CategoryPath.init), isTransfer: transfer,
                    source: SourceLocation(file: "inbox/x", line: rows.count + 1)))
        }
        try add("current", "2026-01-15", gbp(-20_000), "Housing:Rent")
        try add("card", "2026-01-20", gbp(-10_000), "Shopping")
        try add("euro", "2026-02-01", Money(minorUnits: 5_000, currency: .eur), "Income:Interest")
        try add("card", "2026-02-05", gbp(30_000), nil, transfer: true)
        try add("current", "2026-02-10", gbp(50_000), "Income:Salary")
        let ledger = Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: rows)
        let rates = try RateTable.parse(
            "date,currency,rate\n2026-01-01,EUR,0.85\n2026-02-15,EUR,0.90\n", path: "rates.csv", base: .gbp)
        let valuations = try Valuations.parse(
            "date,account,value\n2026-01-31,pension,5000.00\n2026-01-01,mortgage,120000.00\n", path: "valuations.csv",
            accounts: ["pension": .gbp, "mortgage": .gbp])
        var old = AccountConfig(id: "old", name: "Old saver")
        old.closed = CivilDate(iso: "2026-02-10")
        let settings = AnalysisSettings(accounts: ["old": old], valuations: valuations)
        return MonthAnalyzer(history: LedgerHistory(ledger, rates: rates), settings: settings)
    }

    @Test func januaryWorkedOutByHand() throws {
        let analysis = try Self.analyzer().analysis(for: try #require(YearMonth("2026-01")))
        let worth = try #require(analysis.netWorth)
        // current 1000 - 200 = 800; card -300 - 100 = -400; euro 100 EUR × 0.85 = 85; pension 5000;
        // mortgage owed 120000 -> -120000; old 50; mystery unknown.
        // 800 - 400 + 85 + 5000 - 120000 + 50 = -114465.00
        #expect(worth.total == "-114465.00")
        #expect(worth.change == nil)
        // Liquid: current 800 + euro 85 + old 50.
        #expect(worth.liquid == "935.00")
        let byID = Dictionary(uniqueKeysWithValues: worth.accounts.map { ($0.id, $0) })
        #expect(byID["euro"]?.balance == "100.00")
        #expect(byID["euro"]?.balanceInBase == "85.00")
        #expect(byID["pension"]?.source == "valuation")
        #expect(byID["pension"]?.valuedOn == "2026-01-31")
        #expect(byID["mortgage"]?.balanceInBase == "-120000.00")
        #expect(byID["mystery"]?.source == "unknown")
        #expect(byID["mystery"]?.balance == nil)
        #expect(byID["mystery"]?.included == false)
        #expect(analysis.notices.contains { $0.hasPrefix("Mystery: its balance is unknown") })
    }

    @Test func februaryWorkedOutByHand() throws {
        let analysis = try Self.analyzer().analysis(for: try #require(YearMonth("2026-02")))
        let worth = try #require(analysis.netWorth)
        // current 800 + 500 = 1300; card -400 + 300 = -100; euro 150 EUR × 0.90 (in force on
        // 2026-02-28) = 135; pension 5000 (January's valuation still applies); mortgage -120000;
        // old closed on 2026-02-10: left out. 1300 - 100 + 135 + 5000 - 120000 = -113665.00
        #expect(worth.total == "-113665.00")
        // -113665 - (-114465) = 800; 800 / 114465 = 0.006989 -> 0.007
        #expect(worth.change == "800.00")
        #expect(worth.changeRatio == 0.007)
        #expect(worth.series.map(\.total) == ["-114465.00", "-113665.00"])
        let byID = Dictionary(uniqueKeysWithValues: worth.accounts.map { ($0.id, $0) })
        #expect(byID["old"] == nil)
        #expect(byID["current"]?.change == "500.00")
        #expect(byID["current"]?.changeRatio == 0.625)  // 500 / 800
        #expect(byID["card"]?.change == "300.00")
        #expect(byID["card"]?.changeRatio == 0.75)  // 300 / |-400|
        #expect(byID["euro"]?.change == "50.00")  // 135 - 85
        #expect(byID["pension"]?.valuedOn == "2026-01-31")
        // Income: salary 500 + 50 EUR interest at the rate in force on 2026-02-01 (0.85) = 42.50.
        #expect(analysis.summary.income == "542.50")
    }

    @Test func amountsWithoutARateAreLeftOutAndSaid() throws {
        let account = Account(id: "us", name: "US", kind: .checking, currency: .usd)
        let row = Transaction(
            id: TransactionID("us/1"), account: "us", date: try #require(CivilDate(iso: "2026-02-03")),
            amount: Money(minorUnits: -1_234, currency: .usd), payee: "SHOP", category: CategoryPath("Shopping"),
            source: SourceLocation(file: "x", line: 1))
        let ledger = Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: [row])
        let analysis = try MonthAnalyzer(history: LedgerHistory(ledger)).analysis(
            for: try #require(YearMonth("2026-02")))
        #expect(analysis.summary.expenses == "0.00")
        #expect(
            analysis.notices.contains(
                "1 transaction in USD ($12.34, from 2026-02-03) left out of the figures: rates.csv has no USD rate "
                    + "in force from that date."))
    }
}
