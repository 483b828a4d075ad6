import AnalysisFile
import Ledger
import Testing

@testable import Analyze

/// The share of the month's spending each kind of source categorised, and the uncategorised money
/// by payee, most first, as the analysis file carries them.
@Suite("Categorisation share in the analysis file")
struct CategorizationSectionTests {
    /// October 2026, one GBP account: salary 1,000.00 in (a rule), rent 100.00 out (a rule), a
    /// supermarket 50.00 (the starter pack), a café 25.00 (learned), and uncategorised: SHOP A
    /// 20.00 out, SHOP B 5.00 out twice, a refund of 30.00 in from SHOP C; a transfer of 400.00 out
    /// and an ignored 70.00 out that count in no figure; and September's 60.00 out from SHOP A.
    static func ledger() -> Journal {
        var rows: [Transaction] = []
        func add(
            _ day: Int, _ minorUnits: Int64, _ payee: String, _ category: String?, _ source: CategorySource,
            month: Int = 10, transfer: Bool = false, ignored: Bool = false
        ) {
            rows.append(
                Transaction(
                    id: TransactionID("t\(rows.count)"), account: "current",
                    date: CivilDate(year: 2026, month: month, day: day)!,
                    amount: Money(minorUnits: minorUnits, currency: .gbp), payee: payee,
                    category: category.flatMap(CategoryPath.init), categorySource: source, isTransfer: transfer,
                    isIgnored: ignored, source: SourceLocation(file: "inbox/x.csv", line: rows.count + 1)))
        }
        add(20, -6_000, "SHOP A", nil, .none, month: 9)
        add(1, 100_000, "SALARY", "Income:Salary", .rule(file: "rules/a.rules", line: 1))
        add(2, -10_000, "RENT", "Housing:Rent", .rule(file: "rules/a.rules", line: 3))
        add(3, -5_000, "TESCO", "Food:Groceries", .starterRule(file: "starter/70-food.rules", line: 9))
        add(4, -2_500, "CAFE", "Food:Coffee", .learned(confidence: 0.91))
        add(5, -2_000, "SHOP A", nil, .none)
        add(6, -500, "SHOP B", nil, .none)
        add(7, -500, "SHOP B", nil, .none)
        add(8, 3_000, "SHOP C", nil, .none)
        add(9, -40_000, "SAVINGS", nil, .transfer, transfer: true)
        add(10, -7_000, "GIFT", nil, .none, ignored: true)
        let account = Account(id: "current", name: "Current", kind: .checking, currency: .gbp)
        return Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: rows)
    }

    static func october() throws -> MonthAnalysis {
        // Through the ledger's own text, as closebook-analyze reads it: figure rows keep the source's kind.
        let (header, rows) = try JournalCodec.decodeFigures(
            JournalBytes(JournalCodec.encode(ledger())), path: "l.jsonl")
        let analyzer = MonthAnalyzer(history: LedgerHistory(header: header, rows: rows))
        return try analyzer.analysis(for: YearMonth(year: 2026, month: 10)!)
    }

    @Test func sharesOfTheSpendingBySourceByAmount() throws {
        let section = try #require(try Self.october().categorization)
        // Money out in the figures: 100.00 + 50.00 + 25.00 + 20.00 + 5.00 + 5.00 = 205.00; the
        // salary, the refund, the transfer and the ignored gift are not spending.
        #expect(section.spending == "205.00")
        // Categorised: 175.00 / 205.00 = 0.853658… → 0.8537.
        #expect(section.categorizedShare == 0.8537)
        #expect(
            section.sources == [
                // 100 / 205 = 0.487804…, 50 / 205 = 0.243902…, 25 / 205 = 0.121951…, 30 / 205 = 0.146341…
                .init(source: "rule", label: "your rules", amount: "100.00", share: 0.4878, transactionCount: 1),
                .init(
                    source: "starterRule", label: "starter rules", amount: "50.00", share: 0.2439, transactionCount: 1),
                .init(
                    source: "learned", label: "learned from your rules", amount: "25.00", share: 0.122,
                    transactionCount: 1),
                .init(source: "none", label: "no category", amount: "30.00", share: 0.1463, transactionCount: 3),
            ])
    }

    @Test func listsTheUncategorisedPayeesMostMoneyFirst() throws {
        let section = try #require(try Self.october().categorization)
        // SHOP C's refund of 30.00 is the most money; SHOP A's 20.00 (September's 60.00 is another
        // month) before SHOP B's two of 5.00.
        #expect(
            section.uncategorized == [
                .init(payee: "SHOP C", amount: "30.00", transactionCount: 1),
                .init(payee: "SHOP A", amount: "-20.00", transactionCount: 1),
                .init(payee: "SHOP B", amount: "-10.00", transactionCount: 2),
            ])
        #expect(section.moreUncategorized == 0)
    }

    /// The export's own category is a source of its own, listed before the starter pack's rules.
    @Test func theExportsOwnCategoriesAreCountedApart() throws {
        let rows = [
            Transaction(
                id: TransactionID("a"), account: "current", date: CivilDate(iso: "2026-10-02")!,
                amount: Money(minorUnits: -1_000, currency: .gbp), payee: "TESCO",
                category: CategoryPath("Food:Groceries"),
                categorySource: .starterRule(file: "starter/70-food.rules", line: 9),
                source: SourceLocation(file: "inbox/x.csv", line: 2)),
            Transaction(
                id: TransactionID("b"), account: "current", date: CivilDate(iso: "2026-10-03")!,
                amount: Money(minorUnits: -3_000, currency: .gbp), payee: "PUMP 7",
                category: CategoryPath("Transport:Fuel"),
                categorySource: .exportCategory(file: "starter/90-bank-categories.rules", line: 20),
                source: SourceLocation(file: "inbox/x.csv", line: 3)),
        ]
        let account = Account(id: "current", name: "Current", kind: .checking, currency: .gbp)
        let ledger = Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: rows)
        let (header, figures) = try JournalCodec.decodeFigures(
            JournalBytes(JournalCodec.encode(ledger)), path: "l.jsonl")
        let analysis = try MonthAnalyzer(history: LedgerHistory(header: header, rows: figures))
            .analysis(for: YearMonth(year: 2026, month: 10)!)
        // 30.00 and 10.00 of 40.00.
        let section = try #require(analysis.categorization)
        #expect(
            section.sources == [
                CategorizationSection.Source(
                    source: "exportCategory", label: "the export's own categories", amount: "30.00", share: 0.75,
                    transactionCount: 1),
                CategorizationSection.Source(
                    source: "starterRule", label: "starter rules", amount: "10.00", share: 0.25, transactionCount: 1),
            ])
        #expect(section.categorizedShare == 1)
    }
}
