import Ledger
import Testing

@testable import Analyze

/// A recurring book made for the months being analysed holds, for each month those analyses read,
/// exactly what a book of every month holds.
@Suite struct RecurringBookTests {
    /// One account, January 2021 to December 2025: a club (below); from January 2024, rent 750.00
    /// on the 1st of every month; a streaming service 9.99 on the 12th that stops after June 2024
    /// (ended, then dropped six months later); a gym 25.00 on the 20th from March 2025 (a series
    /// from its third payment, May); insurance 180.00 every 4 March (yearly: a series from its
    /// second payment, 2025); and a grocer's 10.00 and 90.00 in turn on the 7th, 16th or 25th,
    /// which no cadence fits.
    static func history() -> LedgerHistory {
        var rows: [Transaction] = []
        func add(_ year: Int, _ month: Int, _ day: Int, _ minorUnits: Int64, _ payee: String) {
            rows.append(
                Transaction(
                    id: TransactionID("t\(rows.count)"), account: "current",
                    date: CivilDate(year: year, month: month, day: day)!,
                    amount: Money(minorUnits: minorUnits, currency: .gbp), payee: payee,
                    category: CategoryPath("Bills:\(payee)"),
                    source: SourceLocation(file: "inbox/x.csv", line: rows.count + 1)))
        }
        // A club paid monthly in the first half of 2021, silent for two and a half years (past the
        // horizon, so the walk stops asking it), then paid monthly again; parking paid twice on
        // one day every month of 2025.
        for month in 1...6 { add(2021, month, 15, -4_000, "OLD CLUB") }
        for year in [2024, 2025] {
            for month in 1...12 {
                add(year, month, 15, -4_000, "OLD CLUB")
                if year == 2025 {
                    add(year, month, 3, -300, "PARKING")
                    add(year, month, 3, -300, "PARKING")
                }
                add(year, month, 1, -75_000, "RENT")
                if year == 2024, month <= 6 { add(year, month, 12, -999, "STREAMING") }
                if year == 2025, month >= 3 { add(year, month, 20, -2_500, "GYM") }
                add(year, month, 7 + (month % 3) * 9, month % 2 == 0 ? -1_000 : -9_000, "GROCER")
            }
            add(year, 3, 4, -18_000, "INSURANCE")
        }
        rows.sort { ($0.date, $0.id) < ($1.date, $1.id) }
        let account = Account(
            id: "current", name: "Current", kind: .checking, currency: .gbp,
            openingBalance: Money(minorUnits: 500_000, currency: .gbp),
            openingDate: CivilDate(year: 2021, month: 1, day: 1)!)
        return LedgerHistory(Journal(stage: "ledger", baseCurrency: .gbp, accounts: [account], transactions: rows))
    }

    static func month(_ year: Int, _ month: Int) -> YearMonth { YearMonth(year: year, month: month)! }

    @Test func aBookForSomeMonthsHoldsWhatTheBookOfEveryMonthHoldsForThem() {
        let history = Self.history()
        let every = RecurringBook(history: history)
        // What the book of every month says, worked out from the payments above: streaming is a
        // series from March 2024 (its third payment), missed in August and ended from September
        // 2024, shown until six months after the first payment that did not come (12 July 2024);
        // the gym is a series from May 2025; insurance from March 2025.
        func payees(_ month: YearMonth) -> Set<String> {
            Set(every.entries(for: month, in: history).map { history.payee(at: $0.latest) })
        }
        // The club's first series is shown through 2021 (ended in September, dropped six months
        // after the missed July payment, in January 2022); past the horizon it is not asked again.
        func known(_ month: YearMonth) -> Set<String> { payees(month).subtracting(["OLD CLUB", "PARKING"]) }
        #expect(payees(Self.month(2021, 3)) == ["OLD CLUB"])
        #expect(payees(Self.month(2021, 12)) == ["OLD CLUB"])
        #expect(payees(Self.month(2022, 1)).isEmpty)
        #expect(known(Self.month(2024, 3)) == ["RENT", "STREAMING"])
        #expect(known(Self.month(2024, 12)) == ["RENT", "STREAMING"])
        #expect(known(Self.month(2025, 1)) == ["RENT"])
        #expect(known(Self.month(2025, 3)) == ["RENT", "INSURANCE"])
        #expect(known(Self.month(2025, 5)) == ["RENT", "INSURANCE", "GYM"])
        var sets = [[Self.month(2025, 12)], [Self.month(2024, 9), Self.month(2025, 5)], [Self.month(2024, 2)]]
        // Every month alone, too: the data's first, those around the club's silence, the last.
        sets += (0..<history.monthCount).map { [history.firstMonth!.adding(months: $0)] }
        for analysing in sets {
            let some = RecurringBook(history: history, analysing: analysing)
            let read = analysing.flatMap { RecurringBook.monthsRead(analysing: $0) }
            #expect(read.count == 4 * analysing.count)
            for month in read where history.offset(of: month) != nil {
                #expect(some.entries(for: month, in: history) == every.entries(for: month, in: history))
            }
        }
    }

    /// An analysis of a month reads its own series, those three months before it (the
    /// subscription growth card's comparison), and those of the month before and the same month a
    /// year before (the health scores its own is compared with).
    @Test func anAnalysisReadsItsMonthAndThoseItComparesWith() {
        #expect(
            RecurringBook.monthsRead(analysing: Self.month(2025, 2)) == [
                Self.month(2025, 2), Self.month(2024, 11), Self.month(2025, 1), Self.month(2024, 2),
            ])
    }

    /// The analysis of a month by an analyzer made for it alone is the one an analyzer of every
    /// month makes, for the last month and for one whose comparisons reach before the data.
    @Test func anAnalyzerForSomeMonthsAnalysesThemAsOneForEveryMonth() throws {
        let history = Self.history()
        let every = MonthAnalyzer(history: history)
        for month in [Self.month(2025, 12), Self.month(2024, 6)] {
            let alone = MonthAnalyzer(history: history, analysing: [month])
            #expect(try alone.analysis(for: month) == every.analysis(for: month))
        }
    }
}
