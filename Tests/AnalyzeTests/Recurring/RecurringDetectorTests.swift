import Ledger
import Testing

@testable import Analyze

@Suite("Recurring series")
struct RecurringDetectorTests {
    static func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }

    /// Occurrences from `(date, amount)` pairs, numbered 1, 2, ... in the order given.
    static func occurrences(_ rows: [(String, Int64)]) -> [Occurrence] {
        rows.enumerated().map { Occurrence(index: $0.offset + 1, date: date($0.element.0), amount: $0.element.1) }
    }

    static func detect(_ rows: [(String, Int64)], asOf: String) -> RecurringSeries? {
        RecurringDetector().detect(occurrences(rows)[...], asOf: date(asOf))
    }

    @Test func weeklyGymOnMondays() throws {
        let rows: [(String, Int64)] = [
            "2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26", "2026-02-02", "2026-02-09", "2026-02-16",
            "2026-02-23",
        ].map { ($0, -500) }
        let series = try #require(Self.detect(rows, asOf: "2026-02-25"))
        #expect(series.cadence == .weekly)
        #expect(series.count == 8)
        #expect(series.amount == -500)
        // -5.00 × 52 / 12 = -21.6666… -> -21.67
        #expect(series.monthlyAmount == -2167)
        #expect(series.firstDate == Self.date("2026-01-05"))
        #expect(series.lastDate == Self.date("2026-02-23"))
        #expect(series.nextDate == Self.date("2026-03-02"))
        #expect(series.status == .active)
        #expect(series.expectedDate == nil)
        #expect(series.priceChanges.isEmpty)
        #expect(series.occurrences == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    @Test func monthlyRentOnTheFirst() throws {
        let rows: [(String, Int64)] = [
            "2026-01-01", "2026-02-02", "2026-03-02", "2026-04-01", "2026-05-01", "2026-06-01",
        ]
        .map { ($0, -80_000) }
        let series = try #require(Self.detect(rows, asOf: "2026-06-30"))
        #expect(series.cadence == .monthly)
        #expect(series.count == 6)
        #expect(series.monthlyAmount == -80_000)
        #expect(series.nextDate == Self.date("2026-07-01"))
        #expect(series.status == .active)
    }

    @Test func yearlyDomainRenewalNeedsOnlyTwo() throws {
        let series = try #require(Self.detect([("2024-03-14", -1299), ("2025-03-16", -1299)], asOf: "2025-12-31"))
        #expect(series.cadence == .yearly)
        #expect(series.count == 2)
        // -12.99 / 12 = -1.0825 -> -1.08
        #expect(series.monthlyAmount == -108)
        // The schedule hangs on the latest date's day: 16 March.
        #expect(series.nextDate == Self.date("2026-03-16"))
        #expect(series.status == .active)
    }

    @Test func fourWeeklyPayIsNotMonthly() throws {
        // 9 Jan + 28-day steps; a monthly schedule drifts 2-3 days a step away from these dates.
        let rows: [(String, Int64)] = [
            "2026-01-09", "2026-02-06", "2026-03-06", "2026-04-03", "2026-05-01", "2026-05-29",
        ]
        .map { ($0, 180_000) }
        let series = try #require(Self.detect(rows, asOf: "2026-06-10"))
        #expect(series.cadence == .fourWeekly)
        #expect(series.count == 6)
        // 1,800.00 × 13 / 12 = 1,950.00
        #expect(series.monthlyAmount == 195_000)
        #expect(series.nextDate == Self.date("2026-06-26"))
    }

    @Test func netflixPriceRiseStaysOneSeries() throws {
        var rows: [(String, Int64)] = [
            "2025-07-15", "2025-08-15", "2025-09-15", "2025-10-15", "2025-11-15", "2025-12-15",
        ]
        .map { ($0, -1099) }
        rows += [("2026-01-15", -1299), ("2026-02-15", -1299)]
        let series = try #require(Self.detect(rows, asOf: "2026-02-28"))
        #expect(series.cadence == .monthly)
        #expect(series.count == 8)
        #expect(series.amount == -1299)
        #expect(series.priceChanges == [PriceChange(date: Self.date("2026-01-15"), from: -1099, to: -1299)])
        #expect(series.firstDate == Self.date("2025-07-15"))

        // In January the new price has been seen once, and it is the latest: already a change.
        let january = try #require(Self.detect(Array(rows.prefix(7)), asOf: "2026-01-31"))
        #expect(january.priceChanges == [PriceChange(date: Self.date("2026-01-15"), from: -1099, to: -1299)])
    }

    @Test func largePriceStepThatPersistsIsAPriceChange() throws {
        // 5.99 -> 9.99 is a 40% step of the larger amount, beyond the 20% likeness, but it persists.
        let rows: [(String, Int64)] = [
            ("2026-01-03", -599), ("2026-02-03", -599), ("2026-03-03", -599), ("2026-04-03", -999),
            ("2026-05-03", -999),
        ]
        let series = try #require(Self.detect(rows, asOf: "2026-05-20"))
        #expect(series.count == 5)
        #expect(series.priceChanges == [PriceChange(date: Self.date("2026-04-03"), from: -599, to: -999)])
    }

    @Test func varyingBillHasNoPriceChanges() throws {
        let rows: [(String, Int64)] = [
            ("2026-01-20", -6_210), ("2026-02-20", -5_890), ("2026-03-20", -6_480), ("2026-04-20", -5_720),
        ]
        let series = try #require(Self.detect(rows, asOf: "2026-04-30"))
        #expect(series.count == 4)
        #expect(series.priceChanges.isEmpty)
        #expect(series.amount == -5_720)
    }

    static let tenthOfTheMonth: [(String, Int64)] = ["2026-01-10", "2026-02-10", "2026-03-10", "2026-04-10"]
        .map { ($0, -2_500) }

    @Test func missedPaymentIsLateByMoreThanTheTolerance() throws {
        // Next expected 10 May; monthly tolerance 4 days: 14 May is still on time, 15 May is late.
        let onTime = try #require(Self.detect(Self.tenthOfTheMonth, asOf: "2026-05-14"))
        #expect(onTime.status == .active)
        let late = try #require(Self.detect(Self.tenthOfTheMonth, asOf: "2026-05-15"))
        #expect(late.status == .missed)
        #expect(late.expectedDate == Self.date("2026-05-10"))
        #expect(late.nextDate == Self.date("2026-05-10"))
    }

    /// A weekly shop on Sundays from 7 June to 19 July 2026 (amounts alike, each within 20% of the
    /// next), then 90.00 on Sunday 26 July: 90 − 63 = 27 is 30% of 90, unlike the series, so the
    /// series ends on 19 July. That 26 July slot was paid all the same (another amount), so on
    /// 31 July the series is active and next expected on 2 August; paid on Wednesday 29 July
    /// instead (3 days off, weekly tolerance 2), nothing came near 26 July: missed.
    @Test(arguments: [("2026-07-26", RecurringStatus.active, "2026-08-02"), ("2026-07-29", .missed, "2026-07-26")])
    func aPaymentOfAnotherAmountIsNotMissed(paidOn: String, status: RecurringStatus, next: String) throws {
        let shop: [(String, Int64)] = [
            ("2026-06-07", -6_000), ("2026-06-14", -6_400), ("2026-06-21", -5_800), ("2026-06-28", -6_200),
            ("2026-07-05", -6_100), ("2026-07-12", -5_900), ("2026-07-19", -6_300), (paidOn, -9_000),
        ]
        let series = try #require(Self.detect(shop, asOf: "2026-07-31"))
        #expect(series.cadence == .weekly)
        #expect(series.count == 7)
        #expect(series.lastDate == Self.date("2026-07-19"))
        #expect(series.amount == -6_300)
        #expect(series.status == status)
        #expect(series.nextDate == Self.date(next))
        #expect(series.expectedDate == (status == .active ? nil : Self.date(next)))
    }

    /// Tax paid on account on 31 January and 31 July: 2,500.00, 2,500.00, then 2,600.00 (4% more,
    /// alike). Three payments six months apart are a twice-yearly series, next due 31 July 2026;
    /// -2,600.00 ÷ 6 = -433.333… → -433.33 a month. As a yearly series the two Januaries would have
    /// July between them (an extra, which a run of 2 may not have); two payments are not enough.
    @Test func taxOnAccountTwiceAYear() throws {
        let tax: [(String, Int64)] = [("2025-01-31", -250_000), ("2025-07-31", -250_000), ("2026-01-31", -260_000)]
        let series = try #require(Self.detect(tax, asOf: "2026-02-28"))
        #expect(series.cadence == .halfYearly)
        #expect(series.count == 3)
        #expect(series.nextDate == Self.date("2026-07-31"))
        #expect(series.status == .active)
        #expect(series.monthlyAmount == -43_333)
        #expect(Self.detect(Array(tax.prefix(2)), asOf: "2025-08-31") == nil)
    }

    @Test func seriesEndsAfterTwoMissedPayments() throws {
        // Expected 10 May and 10 June; on 15 June the second is 5 days late.
        let ended = try #require(Self.detect(Self.tenthOfTheMonth, asOf: "2026-06-15"))
        #expect(ended.status == .ended)
        #expect(ended.expectedDate == Self.date("2026-05-10"))
        let missed = try #require(Self.detect(Self.tenthOfTheMonth, asOf: "2026-06-14"))
        #expect(missed.status == .missed)
    }

    @Test func salaryOnTheLastWorkingDay() throws {
        // Last weekday of each month, from the 2025 and 2026 calendars: 30 May 2025, 29 Aug 2025,
        // 28 Nov 2025, 30 Jan 2026 and 27 Feb 2026 fall before a weekend month end.
        let rows: [(String, Int64)] = [
            "2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-30", "2025-06-30", "2025-07-31",
            "2025-08-29", "2025-09-30", "2025-10-31", "2025-11-28", "2025-12-31", "2026-01-30", "2026-02-27",
        ].map { ($0, 250_000) }
        let series = try #require(Self.detect(rows, asOf: "2026-02-28"))
        #expect(series.cadence == .monthly)
        #expect(series.count == 14)
        #expect(series.monthlyAmount == 250_000)
        #expect(series.firstDate == Self.date("2025-01-31"))
        #expect(series.nextDate == Self.date("2026-03-31"))
        #expect(series.status == .active)
    }

    @Test func salaryOnThe25thOrTheWorkingDayBefore() throws {
        // 2025: the 25th falls on a Saturday in January and October, a Sunday in May, the August bank
        // holiday Monday and Christmas Day, so pay comes on 24 Jan, 23 May, 22 Aug, 24 Oct and 24 Dec.
        // A 5% rise from April is alike enough to stay in the series and settles into a price change.
        let dates = [
            "2025-01-24", "2025-02-25", "2025-03-25", "2025-04-25", "2025-05-23", "2025-06-25", "2025-07-25",
            "2025-08-22", "2025-09-25", "2025-10-24", "2025-11-25", "2025-12-24",
        ]
        let rows = dates.enumerated().map { ($0.element, Int64($0.offset < 3 ? 250_000 : 262_500)) }
        let series = try #require(Self.detect(rows, asOf: "2025-12-31"))
        #expect(series.cadence == .monthly)
        #expect(series.count == 12)
        #expect(series.amount == 262_500)
        #expect(series.priceChanges == [PriceChange(date: Self.date("2025-04-25"), from: 250_000, to: 262_500)])
        // The schedule hangs on the latest day, the 24th.
        #expect(series.nextDate == Self.date("2026-01-24"))
    }

    @Test func weeklyPaymentMovedByBankHolidays() throws {
        // Mondays, except Tuesday 7 April (after Easter Monday) and Tuesday 5 May (after the May bank holiday).
        let rows: [(String, Int64)] = [
            "2026-03-23", "2026-03-30", "2026-04-07", "2026-04-13", "2026-04-20", "2026-04-27", "2026-05-05",
            "2026-05-11",
        ].map { ($0, -1_200) }
        let series = try #require(Self.detect(rows, asOf: "2026-05-15"))
        #expect(series.cadence == .weekly)
        #expect(series.count == 8)
        #expect(series.nextDate == Self.date("2026-05-18"))
    }

    @Test func fortnightlyBenefit() throws {
        let rows: [(String, Int64)] = ["2026-01-08", "2026-01-22", "2026-02-05", "2026-02-19", "2026-03-05"]
            .map { ($0, 80_000) }
        let series = try #require(Self.detect(rows, asOf: "2026-03-10"))
        #expect(series.cadence == .fortnightly)
        #expect(series.count == 5)
        // 800.00 × 26 / 12 = 1,733.333… -> 1,733.33
        #expect(series.monthlyAmount == 173_333)
        #expect(series.nextDate == Self.date("2026-03-19"))
    }

    @Test func quarterlyWaterBill() throws {
        // 1 January 2026 is a bank holiday: taken on Friday the 2nd.
        let rows: [(String, Int64)] = ["2025-04-01", "2025-07-01", "2025-10-01", "2026-01-02", "2026-04-01"]
            .map { ($0, -12_000) }
        let series = try #require(Self.detect(rows, asOf: "2026-04-30"))
        #expect(series.cadence == .quarterly)
        #expect(series.count == 5)
        #expect(series.monthlyAmount == -4_000)  // -120.00 / 3
        #expect(series.nextDate == Self.date("2026-07-01"))
    }

    @Test func sameDayDuplicateDoesNotBreakASeries() throws {
        let rows: [(String, Int64)] = [
            ("2026-01-12", -999), ("2026-02-12", -999), ("2026-02-12", -999), ("2026-03-12", -999),
            ("2026-04-13", -999),
        ]
        let series = try #require(Self.detect(rows, asOf: "2026-04-30"))
        #expect(series.cadence == .monthly)
        #expect(series.count == 4)
        // Walking back from the latest, the later of the two 12 February charges takes the slot and the
        // earlier one is an extra.
        #expect(series.occurrences == [1, 3, 4, 5])
    }

    @Test func groceryShopIsNotASeries() {
        let rows: [(String, Int64)] = [
            ("2026-01-02", -4_523), ("2026-01-05", -1_210), ("2026-01-11", -6_789), ("2026-01-14", -2_350),
            ("2026-01-22", -5_012), ("2026-01-24", -890), ("2026-02-01", -7_300), ("2026-02-03", -3_120),
            ("2026-02-12", -4_480), ("2026-02-15", -990), ("2026-02-19", -5_610), ("2026-02-27", -2_075),
        ]
        #expect(Self.detect(rows, asOf: "2026-02-28") == nil)
    }

    @Test func twoOneOffPurchasesAreNotASeries() {
        #expect(Self.detect([("2026-01-10", -24_000), ("2026-03-22", -3_500)], asOf: "2026-03-31") == nil)
        #expect(Self.detect([("2026-01-10", -2_400), ("2026-02-10", -2_400)], asOf: "2026-03-31") == nil)
    }

    @Test func twoPurchasesAYearApartWithOthersBetweenAreNotYearly() throws {
        // 10 Mar 2025 and 12 Mar 2026 fit a yearly schedule, but the 2 July purchase sits between them:
        // a run of the bare minimum must have no extras.
        let rows: [(String, Int64)] = [("2025-03-10", -5_000), ("2025-07-02", -1_200), ("2026-03-12", -5_000)]
        #expect(Self.detect(rows, asOf: "2026-03-31") == nil)
        let clean = try #require(Self.detect([rows[0], rows[2]], asOf: "2026-03-31"))
        #expect(clean.cadence == .yearly)
    }

    @Test func refundsInsideASeriesAreIgnored() throws {
        let rows: [(String, Int64)] = [
            ("2026-01-05", -1_500), ("2026-02-05", -1_500), ("2026-03-05", -1_500), ("2026-03-07", 1_500),
            ("2026-04-06", -1_500), ("2026-05-05", -1_500),
        ]
        let series = try #require(Self.detect(rows, asOf: "2026-05-31"))
        #expect(series.cadence == .monthly)
        #expect(series.count == 5)
        #expect(series.occurrences == [1, 2, 3, 5, 6])
        #expect(series.amount == -1_500)
    }

    @Test func oneOffPurchaseAtTheSamePayeeIsSkipped() throws {
        // A 49.99 one-off on 20 Feb sits between two monthly slots of a 7.99 subscription.
        let rows: [(String, Int64)] = [
            ("2026-01-08", -799), ("2026-02-08", -799), ("2026-02-20", -4_999), ("2026-03-08", -799),
            ("2026-04-08", -799),
        ]
        let series = try #require(Self.detect(rows, asOf: "2026-04-30"))
        #expect(series.count == 4)
        #expect(series.occurrences == [1, 2, 4, 5])
    }

    @Test func oneOffAfterTheLatestPaymentDoesNotHideTheSeries() throws {
        // The 49.99 on 20 April fits no schedule with anything before it; the two before it are alike, so
        // the walk starts again from 8 April.
        let rows: [(String, Int64)] = [
            ("2026-01-08", -799), ("2026-02-08", -799), ("2026-03-08", -799), ("2026-04-08", -799),
            ("2026-04-20", -4_999),
        ]
        let series = try #require(Self.detect(rows, asOf: "2026-04-30"))
        #expect(series.cadence == .monthly)
        #expect(series.occurrences == [1, 2, 3, 4])
        #expect(series.lastDate == Self.date("2026-04-08"))
        #expect(series.status == .active)
    }

    @Test func occurrencesAfterAsOfAreNotSeen() throws {
        let series = try #require(Self.detect(Self.tenthOfTheMonth, asOf: "2026-03-31"))
        #expect(series.count == 3)
        #expect(series.lastDate == Self.date("2026-03-10"))
    }

    @Test func onlyTheLatestWindowIsExamined() throws {
        // 48 monthly payments; the detector looks at the last 36 (2023-01 … 2025-12).
        var rows: [(String, Int64)] = []
        for index in 0..<48 {
            rows.append((YearMonth(year: 2022, month: 1)!.adding(months: index).description + "-12", -1_000))
        }
        let series = try #require(Self.detect(rows, asOf: "2025-12-31"))
        #expect(series.count == 36)
        #expect(series.firstDate == Self.date("2023-01-12"))
    }

    @Test(arguments: [
        (Cadence.weekly, Int64(-1_000), Int64(-4_333)),  // -10 × 52/12 = -43.333…
        (.fortnightly, -1_000, -2_167),  // -10 × 26/12 = -21.666…
        (.fourWeekly, 600, 650),  // 6 × 13/12 = 6.50
        (.monthly, -1_234, -1_234),
        (.quarterly, 1_000, 333),  // 10 / 3 = 3.333…
        (.quarterly, 5, 2),  // 0.05 / 3 = 0.01666… -> 0.02
        (.yearly, 600, 50),
        (.halfYearly, 3, 0),  // 0.03 / 6 = 0.005: half to even -> 0.00
        (.halfYearly, 9, 2),  // 0.09 / 6 = 0.015: half to even -> 0.02
        (.yearly, 6, 0),  // 0.06 / 12 = 0.005: half to even -> 0.00
        (.yearly, 18, 2),  // 0.18 / 12 = 0.015: half to even -> 0.02
    ])
    func monthlyEquivalentRoundsHalfToEven(cadence: Cadence, amount: Int64, monthly: Int64) {
        #expect(cadence.monthlyEquivalent(of: amount) == monthly)
    }

    @Test func calendarStepsClampToShortMonths() {
        let anchor = Self.date("2026-01-31")
        #expect(Cadence.monthly.step(from: anchor, anchorDay: 31, by: 1) == Self.date("2026-02-28"))
        #expect(Cadence.monthly.step(from: anchor, anchorDay: 31, by: 2) == Self.date("2026-03-31"))
        #expect(Cadence.quarterly.step(from: anchor, anchorDay: 31, by: -1) == Self.date("2025-10-31"))
        #expect(Cadence.yearly.step(from: Self.date("2024-02-29"), anchorDay: 29, by: 1) == Self.date("2025-02-28"))
        #expect(Cadence.fortnightly.step(from: anchor, anchorDay: 31, by: 1) == Self.date("2026-02-14"))
    }

    @Test func occurrenceKeepsItsDayNumberWithItsDate() {
        var occurrence = Occurrence(index: 7, date: Self.date("1970-01-02"), amount: -1)
        #expect(occurrence.dayNumber == 1)
        occurrence.date = Self.date("1969-12-31")
        #expect(occurrence.dayNumber == -1)
        #expect(occurrence == Occurrence(index: 7, date: Self.date("1969-12-31"), amount: -1))
    }

    @Test func rawValuesAreTheContractNames() {
        #expect(
            Cadence.allCases.map(\.rawValue) == [
                "weekly", "fortnightly", "fourWeekly", "monthly", "quarterly", "halfYearly", "yearly",
            ])
        #expect(RecurringStatus.allCases.map(\.rawValue) == ["active", "missed", "ended"])
    }
}
