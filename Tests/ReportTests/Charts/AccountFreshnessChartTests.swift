import Foundation
import Ledger
import Testing

@testable import Report

/// The freshness chart: one row per account whose coverage is known, the covered days in the
/// right place on the month's track, the newest transaction marked, and the same facts in words.
@Suite struct AccountFreshnessChartTests {
    static let september = YearMonth(year: 2024, month: 9)!

    static func account(
        _ name: String, from: String?, through: String?, newest: String?, covered: Bool?
    ) -> MonthReport.AccountLine {
        let gbp = Currency(code: "GBP")!
        return MonthReport.AccountLine(
            id: name.lowercased(), name: name, kind: "checking", maskedNumber: nil, currency: gbp,
            openingBalance: nil, closingBalance: nil, inflow: Money(minorUnits: 0, currency: gbp),
            outflow: Money(minorUnits: 0, currency: gbp), transactionCount: 0,
            newestTransaction: newest.flatMap { CivilDate(iso: $0) }, coveredFrom: from.flatMap { CivilDate(iso: $0) },
            coveredThrough: through.flatMap { CivilDate(iso: $0) }, monthCovered: covered)
    }

    /// The `x` and `width` of each covered span, in order.
    static func spans(_ svg: String) -> [(x: Double, width: Double)] {
        svg.components(separatedBy: "<rect class=\"bar-").dropFirst().filter { !$0.hasPrefix("track") }.compactMap {
            part in
            let numbers = ChartGeometryTests.coordinates(" " + part.prefix { $0 != ">" })
            guard let x = numbers["x"]?.first, let width = numbers["width"]?.first else { return nil }
            return (x, width)
        }
    }

    @Test func nothingToDrawWithoutCoverage() {
        let chart = AccountFreshnessChart(
            month: Self.september, accounts: [Self.account("Cash", from: nil, through: nil, newest: nil, covered: nil)])
        #expect(chart.svg == "")
    }

    /// September has 30 days on a 476-wide track from x = 2: a day is 15.87 wide. Statements from
    /// the 2nd start one day in, at 17.9, and run to the end (478): 460.1 wide. The newest
    /// transaction on the 28th is marked at the middle of day 28: 2 + 27.5 × 15.87 = 438.3.
    @Test func aFirstMonthFromTheSecond() {
        let svg = AccountFreshnessChart(
            month: Self.september,
            accounts: [
                Self.account("Current", from: "2024-09-02", through: "2024-11-30", newest: "2024-09-28", covered: false)
            ]
        ).svg
        ChartGeometryTests.expectSound(svg)
        let spans = Self.spans(svg)
        #expect(spans.count == 1)
        #expect(spans.first?.x == 17.9)
        #expect(spans.first?.width == 460.1)
        #expect(svg.contains("class=\"bar-partial\""))
        #expect(svg.contains("x1=\"438.3\""))
        #expect(svg.contains("✗ Partly, from 2 Sep 2024 · newest 28 Sep 2024"))
        #expect(ChartGeometryTests.tickLabels(svg) == ["1 Sep", "8 Sep", "15 Sep", "22 Sep", "30 Sep"])
    }

    /// A whole month fills the track; a newest transaction before the month gets no mark but is
    /// named; an account with no statement in the month gets an empty track and "None".
    @Test func wholeStaleAndMissingAccounts() {
        let svg = AccountFreshnessChart(
            month: Self.september,
            accounts: [
                Self.account("Current", from: "2024-01-01", through: "2024-12-31", newest: "2024-09-30", covered: true),
                Self.account("Saver", from: "2024-01-01", through: "2024-12-31", newest: "2024-06-30", covered: true),
                Self.account(
                    "New card", from: "2024-11-01", through: "2024-12-31", newest: "2024-11-03", covered: false),
            ]
        ).svg
        ChartGeometryTests.expectSound(svg)
        let spans = Self.spans(svg)
        #expect(spans.count == 2)
        #expect(spans.allSatisfy { $0.x == 2 && $0.width == 476 })
        #expect(svg.components(separatedBy: "class=\"newest-mark\"").count == 2)
        #expect(svg.contains("✓ Whole month · newest 30 Jun 2024"))
        #expect(svg.contains("✗ None · newest 3 Nov 2024"))
    }

    @Test func namesAreEscapedAndLongOnesCut() {
        let long = String(repeating: "Joint account ", count: 6)
        let svg = AccountFreshnessChart(
            month: Self.september,
            accounts: [
                Self.account("<b>Tom & Jo</b>", from: "2024-09-01", through: "2024-09-30", newest: nil, covered: true),
                Self.account(long, from: "2024-09-01", through: "2024-09-30", newest: nil, covered: true),
            ]
        ).svg
        #expect(svg.contains("&lt;b&gt;Tom &amp; Jo&lt;/b&gt;"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains(String(long.prefix(AccountFreshnessChart.longestName - 1)) + "…"))
        #expect(svg.contains("no transactions"))
    }
}
