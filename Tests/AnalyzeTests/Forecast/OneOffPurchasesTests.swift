import Ledger
import Testing

@testable import Analyze

/// Which purchases the forecast leaves out as one-offs, month by month as each report sees them.
@Suite("One-off purchases")
struct OneOffPurchasesTests {
    /// Fourteen months from January 2026 of 2,000.00 spent (rent and a different grocery shop each
    /// month, 666.67 each, a third) with, on top: a sofa of 2,400.00 in March, a garage bill of
    /// 1,500.00 in May and again in October, and a bike of 900.00 in August. The median month is
    /// 2,000.00, so the bar is 1,000.00: the grocery shops and the bike are under it. The sofa is a
    /// one-off in every report; the garage is one only until October shows it paid again.
    static func household() -> HouseholdMonths {
        var months = (0..<14).map { HouseholdMonths.plainMonth($0, income: 300_000, expenses: 200_000) }
        months[2].append((15, -240_000, "SOFA WORLD", "Home:Furniture"))
        months[4].append((15, -150_000, "GARAGE", "Transport:Car"))
        months[9].append((15, -150_000, "GARAGE", "Transport:Car"))
        months[7].append((15, -90_000, "BIKE SHOP", "Transport:Bike"))
        return HouseholdMonths(first: YearMonth(year: 2026, month: 1)!, months: months)
    }

    static func oneOffs(in household: HouseholdMonths, reportedAt offset: Int) -> [Int64] {
        let history = LedgerHistory(household.journal)
        let context = MonthContext(
            history: history, month: household.first.adding(months: offset), settings: household.settings)
        return MonthSections.flows(context, oneOffs: OneOffPurchases(history: history)).map(\.oneOffExpenses)
    }

    @Test func aPayeePaidInOneMonthOnlyIsAOneOff() {
        let household = Self.household()
        #expect(Self.oneOffs(in: household, reportedAt: 5) == [0, 0, 240_000, 0, 150_000, 0])
        var later = [Int64](repeating: 0, count: 14)
        later[2] = 240_000
        #expect(Self.oneOffs(in: household, reportedAt: 13) == later)
    }

    /// The forecast of the last report leaves the sofa out and says so; its expenses are the flat
    /// 2,000.00 (the garage's two bills are an ordinary part of spending, now and then).
    @Test func theForecastSaysWhatItLeftOut() throws {
        let analysis = try Self.household().analysis(13)
        let note = try #require(analysis.forecast?.note)
        #expect(note.hasSuffix("one-off purchases left out of the expenses fitted: March 2026"))
    }
}
