import Import
import Ledger
import Testing

/// The rule that keeps typo years and placeholders from defining a workspace's range, worked on
/// day numbers by hand.
@Suite struct DatePlausibilityTests {
    static func date(_ iso: String) -> CivilDate { CivilDate(iso: iso)! }
    static func days(_ isos: [String]) -> [Int] { isos.map { date($0).dayNumber } }

    @Test func recordsAWeekAfterTodayArePlausibleNotLater() {
        let rule = DatePlausibility(
            days: Self.days(["2026-11-01", "2026-12-04", "2026-12-05"]), today: Self.date("2026-11-27"))
        #expect(rule.problem(with: Self.date("2026-12-04")) == nil)
        #expect(
            rule.problem(with: Self.date("2026-12-05"))
                == "its date 2026-12-05 is more than 7 days after today (2026-11-27): a typo or a placeholder, not a transaction"
        )
        // Without a clock nothing is judged against it.
        #expect(
            DatePlausibility(days: Self.days(["2026-11-01", "2099-12-31"]), today: nil).problem(
                with: Self.date("2099-12-31")) == nil)
    }

    @Test func anEarlyFewFarBeforeTheRestAreImplausible() {
        // 100 records from 2025-01-01 on, one a day, and one placeholder: 1 <= max(1, 101 / 50) = 2.
        let bulk = (0..<100).map { Self.date("2025-01-01").dayNumber + $0 }
        let rule = DatePlausibility(days: bulk + Self.days(["1900-01-01"]), today: Self.date("2026-11-27"))
        #expect(rule.floorDay == Self.date("2025-01-01").dayNumber)
        #expect(
            rule.problem(with: Self.date("1900-01-01"))
                == "its date 1900-01-01 is more than a year before the rest of the workspace's data (which begins 2025-01-01): a typo or a placeholder, not a transaction"
        )
        // Three early records are more than 2 of 103: an old account's history, kept.
        let three = DatePlausibility(days: bulk + Self.days(["2020-01-01", "2020-01-02", "2020-01-03"]), today: nil)
        #expect(three.floorDay == nil)
        // Two of 102 are not: both set apart.
        let two = DatePlausibility(days: bulk + Self.days(["1900-01-01", "2020-06-30"]), today: nil)
        #expect(two.floorDay == Self.date("2025-01-01").dayNumber)
        // A gap of exactly a year (366 days) is not "more than".
        let year = DatePlausibility(days: bulk + [Self.date("2025-01-01").dayNumber - 366], today: nil)
        #expect(year.floorDay == nil)
    }

    @Test func statementPeriodsAreCheckedAgainstTheirRecordsAndToday() {
        let rule = DatePlausibility(days: [], today: Self.date("2026-11-27"))
        let records = Self.days(["2026-08-31", "2026-09-30"])
        func period(_ from: String, _ to: String, _ records: [Int]) -> (String?, String?) {
            let result = rule.period(Self.date(from)...Self.date(to), records: records)
            return (result.period.map { "\($0.lowerBound) \($0.upperBound)" }, result.problem)
        }
        #expect(period("2026-08-01", "2026-10-31", records) == ("2026-08-01 2026-10-31", nil))
        #expect(
            period("2026-08-01", "2099-12-31", records)
                == (
                    "2026-08-01 2026-11-27",
                    "the statement's period (2026-08-01 to 2099-12-31) ends after today; it is taken to be 2026-08-01 to 2026-11-27"
                ))
        #expect(
            period("1900-01-01", "2026-09-30", records)
                == (
                    "2026-08-31 2026-09-30",
                    "the statement's period (1900-01-01 to 2026-09-30) begins more than a year before its first transaction; it is taken to be 2026-08-31 to 2026-09-30"
                ))
        // Both ends in 2099: the period is its records' span up to today.
        #expect(period("2099-12-01", "2099-12-31", records).0 == "2026-08-31 2026-11-27")
        // No record left: a period ending after today says nothing.
        #expect(
            period("2026-08-01", "2099-12-31", [])
                == (
                    nil,
                    "the statement's period (2026-08-01 to 2099-12-31) ends after today and it has no transactions; the period is ignored"
                ))
        // Without a clock: an end years after the last record is cut back to it.
        let noClock = DatePlausibility(days: [], today: nil)
        #expect(
            noClock.period(Self.date("2026-08-01")...Self.date("2099-12-31"), records: records).period == Self.date(
                "2026-08-01")...Self.date("2026-09-30"))
    }
}
