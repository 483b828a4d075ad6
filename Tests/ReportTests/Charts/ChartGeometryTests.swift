import AnalysisFile
import Foundation
import Ledger
import Testing

@testable import Report

/// The charts' shapes: finite coordinates, no negative sizes, round ticks, and sensible drawings
/// for one point, all zero and all negative data.
@Suite struct ChartGeometryTests {
    /// Every number in a geometry attribute (`x`, `width`, `points`, …) of an SVG.
    static func coordinates(_ svg: String) -> [String: [Double]] {
        var result: [String: [Double]] = [:]
        let names = ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "width", "height", "points"]
        for name in names {
            for part in svg.components(separatedBy: " \(name)=\"").dropFirst() {
                guard let end = part.firstIndex(of: "\"") else { continue }
                let value = part[..<end]
                let numbers = value.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0) }
                result[name, default: []] += numbers.map { $0 ?? .nan }
            }
        }
        return result
    }

    /// No NaN, no infinity, no negative width, height or radius.
    static func expectSound(_ svg: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!svg.contains("NaN") && !svg.contains("inf"), sourceLocation: sourceLocation)
        for (name, values) in coordinates(svg) {
            #expect(values.allSatisfy { $0.isFinite }, "\(name)", sourceLocation: sourceLocation)
            if ["width", "height", "r"].contains(name) {
                #expect(values.allSatisfy { $0 >= 0 }, "\(name): \(values)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The tick labels of a chart, top to bottom.
    static func tickLabels(_ svg: String) -> [String] {
        svg.components(separatedBy: "<text class=\"tick\"").dropFirst().compactMap { part in
            guard let start = part.firstIndex(of: ">"), let end = part.range(of: "</text>") else { return nil }
            return String(part[part.index(after: start)..<end.lowerBound])
        }
    }

    static func series(_ totals: [String], from start: String = "2026-01") -> [NetWorthPoint] {
        let first = YearMonth(start)!
        return totals.enumerated().map {
            NetWorthPoint(month: first.adding(months: $0.offset).description, total: $0.element)
        }
    }

    // MARK: Net worth

    @Test func netWorthTicksAreRoundAndCoverTheData() {
        let chart = NetWorthChart(series: Self.series(["4210.55", "6020.00", "10165.00"]), currency: .gbp)
        let svg = chart.svg
        Self.expectSound(svg)
        // 0 ... 10165 over 4 intervals: 2541 a step, so 5000; 0 to 15000.
        #expect(Self.tickLabels(svg) == ["£0", "£5k", "£10k", "£15k"])
        #expect(svg.contains("<title id=\"networth-title\">Net worth by month</title>"))
        #expect(
            svg.contains(
                "<desc id=\"networth-desc\">Net worth from January 2026 (+£4,210.55) to March 2026 (+£10,165.00).</desc>"
            ))
        #expect(svg.contains("<polygon class=\"area\""))
    }

    @Test func netWorthOfOneMonthIsADot() {
        let svg = NetWorthChart(series: Self.series(["1200.00"]), currency: .gbp).svg
        Self.expectSound(svg)
        #expect(!svg.contains("<polygon"))
        #expect(svg.components(separatedBy: "<circle").count == 2)
        #expect(svg.contains("Net worth at the end of January 2026: +£1,200.00."))
    }

    @Test func netWorthOfAllZeroStillHasAnAxis() {
        let svg = NetWorthChart(series: Self.series(["0.00", "0.00", "0.00"]), currency: .gbp).svg
        Self.expectSound(svg)
        #expect(Self.tickLabels(svg) == ["£0", "£1"])
    }

    @Test func negativeNetWorthIsDrawnBelowZero() throws {
        let svg = NetWorthChart(series: Self.series(["-1500.00", "-2500.00", "-900.00"]), currency: .gbp).svg
        Self.expectSound(svg)
        #expect(Self.tickLabels(svg) == ["−£3k", "−£2k", "−£1k", "£0"])
        // The zero line is the top of the plot, and every point of the area is at or below it.
        let zeroLine = try #require(svg.components(separatedBy: "<line class=\"axis-zero\"").dropFirst().first)
        let zeroY = try #require(Self.coordinates(" " + zeroLine)["y1"]?.first)
        #expect(zeroY == NetWorthChart.plotTop)
        let area = try #require(svg.components(separatedBy: "<polygon class=\"area\"").dropFirst().first)
        let points = try #require(Self.coordinates(" " + String(area.prefix { $0 != ">" }))["points"])
        let ys = stride(from: 1, to: points.count, by: 2).map { points[$0] }
        #expect(ys.allSatisfy { $0 >= zeroY })
    }

    @Test func nothingToDrawIsNoChart() {
        #expect(NetWorthChart(series: [], currency: .gbp).svg == "")
        #expect(ForecastChart(trend: [], forecast: [], currency: .gbp).svg == "")
        #expect(BudgetProgressChart(lines: []).svg == "")
        #expect(GoalProgressChart(goals: []).svg == "")
    }

    // MARK: Month axis

    @Test(arguments: [1, 2, 12, 24, 36])
    func monthLabelsNeverOverlap(count: Int) {
        let first = YearMonth(year: 2024, month: 1)!
        let axis = MonthAxis(months: (0..<count).map { first.adding(months: $0) }, left: 56, right: 470)
        let labelled = (0..<count).filter(axis.isLabelled).map(axis.position)
        #expect(labelled.last == axis.position(count - 1))
        for (a, b) in zip(labelled, labelled.dropFirst()) {
            #expect(b - a >= MonthAxis.labelWidth)
        }
    }

    // MARK: Forecast

    func forecast(_ nets: [(String, String, String)]) -> [ForecastMonthEntry] {
        nets.enumerated().map { index, net in
            ForecastMonthEntry(
                month: YearMonth(year: 2026, month: 11)!.adding(months: index).description, income: "3000.00",
                expenses: "2000.00", net: net.0, low: net.1, high: net.2)
        }
    }

    func trend(_ nets: [Int64]) -> [MonthReport.TrendPoint] {
        nets.enumerated().map { index, net in
            MonthReport.TrendPoint(
                month: YearMonth(year: 2026, month: 10)!.adding(months: index - nets.count + 1),
                income: Money(minorUnits: 300_000, currency: .gbp),
                expenses: Money(minorUnits: 300_000 - net, currency: .gbp), net: Money(minorUnits: net, currency: .gbp))
        }
    }

    @Test func forecastBandStartsAtTheLastActualMonth() throws {
        let chart = ForecastChart(
            trend: trend([50_000, 80_000]),
            forecast: forecast([("900.00", "700.00", "1100.00"), ("950.00", "600.00", "1300.00")]),
            currency: .gbp)
        let svg = chart.svg
        Self.expectSound(svg)
        let band = try #require(svg.components(separatedBy: "<polygon class=\"band\"").dropFirst().first)
        let points = try #require(Self.coordinates(" " + String(band.prefix { $0 != ">" }))["points"])
        let actual = try #require(svg.components(separatedBy: "<polyline class=\"line-actual\"").dropFirst().first)
        let line = try #require(Self.coordinates(" " + String(actual.prefix { $0 != ">" }))["points"])
        // The band opens and closes on the last actual point: (x, y) of October.
        #expect(Array(points.prefix(2)) == Array(line.suffix(2)))
        #expect(Array(points.suffix(2)) == Array(line.suffix(2)))
        #expect(svg.contains("<title>December 2026 forecast net: +£950.00 (+£600.00 to +£1,300.00)</title>"))
        #expect(Self.tickLabels(svg) == ["£0", "£500", "£1k", "£1.5k"])
    }

    @Test func forecastWithoutHistoryOrBelowZero() {
        let svg = ForecastChart(
            trend: [], forecast: forecast([("-200.00", "-500.00", "-100.00")]), currency: .gbp
        ).svg
        Self.expectSound(svg)
        #expect(Self.tickLabels(svg) == ["−£500", "−£400", "−£300", "−£200", "−£100", "£0"])
        #expect(!svg.contains("<polyline class=\"line-actual\""))
    }

    // MARK: Progress bars

    func budgetLine(_ category: String, spent: Int64, budget: Int64) -> MonthReport.CategoryLine {
        MonthReport.CategoryLine(
            category: category, amount: Money(minorUnits: spent, currency: .gbp), share: 0.1, transactionCount: 1,
            previousAmount: nil, change: nil, budget: Money(minorUnits: budget, currency: .gbp),
            budgetUsed: budget > 0 ? Double(spent) / Double(budget) : nil,
            budgetRemaining: Money(minorUnits: budget - spent, currency: .gbp))
    }

    @Test func budgetBarsShareOneScaleAndSayOver() throws {
        let svg = BudgetProgressChart(lines: [
            budgetLine("Food", spent: 45_000, budget: 40_000), budgetLine("Fun", spent: 0, budget: 10_000),
            budgetLine("Huge", spent: 100_000, budget: 10_000), budgetLine("None", spent: 5_000, budget: 0),
        ]).svg
        Self.expectSound(svg)
        #expect(svg.contains(">112.5% of £400.00 · over</text>"))
        #expect(svg.contains(">0.0% of £100.00</text>"))
        #expect(!svg.contains("None"))  // no budget, no bar
        // 1000% used is capped at twice the budget: the scale's edge; the budget marks sit at its middle.
        let widths = try #require(Self.coordinates(svg)["width"])
        #expect(widths.max() == 476)
        #expect(svg.contains("<line class=\"budget-mark\" x1=\"240\""))
    }

    @Test func goalBarsCompareNeedsWithGets() {
        let goals = [
            PlanGoalEntry(
                name: "Trip <&>", target: "1000.00", currency: "GBP", deadline: "2027-06-30", current: "1200.00",
                progress: 1.2, monthsLeft: 0, daysRemaining: 0, requiredMonthly: "0.00", allotted: "0.00",
                flex: "protected", status: "achieved", monthlyGrowth: nil, projectedCompletion: nil, slipMonths: nil,
                notes: nil),
            PlanGoalEntry(
                name: "House", target: "20000.00", currency: "GBP", deadline: "2028-12-31", current: "0.00",
                progress: 0, monthsLeft: 26, daysRemaining: 790, requiredMonthly: "800.00", allotted: "400.00",
                flex: "flexible", status: "behind", monthlyGrowth: nil, projectedCompletion: nil, slipMonths: nil,
                notes: nil),
        ]
        let svg = GoalProgressChart(goals: goals).svg
        Self.expectSound(svg)
        #expect(svg.contains(">Trip &lt;&amp;&gt;</text>"))
        #expect(svg.contains(">Needs £800.00 a month · gets £400.00 (short)</text>"))
        // Progress past the target stops at the end of the track; nothing needed draws nothing.
        #expect(svg.contains("<rect class=\"bar-progress\" x=\"2\" y=\"20\" width=\"476\""))
        #expect(svg.contains("<rect class=\"bar-required\" x=\"2\" y=\"54\" width=\"0\""))
        #expect(svg.contains("<rect class=\"bar-allotted\" x=\"2\" y=\"146\" width=\"238\""))
    }
}
