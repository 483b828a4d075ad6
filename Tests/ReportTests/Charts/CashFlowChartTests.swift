import Ledger
import Testing

@testable import Report

/// The cash-flow Sankey: every band as thick as its amount, the middle bar as tall as either side,
/// savings or the deficit as their own node, nodes that never overlap.
@Suite struct CashFlowChartTests {
    static func line(_ category: String, _ amount: Int64) -> MonthReport.CategoryLine {
        MonthReport.CategoryLine(
            category: category, amount: Money(minorUnits: amount, currency: .gbp), share: 0, transactionCount: 1,
            previousAmount: nil, change: nil, budget: nil, budgetUsed: nil, budgetRemaining: nil)
    }

    static let income = [line("Income:Salary", 300_000), line("Income:Interest", 2_500)]
    static let spending = [line("Housing", 120_000), line("Food", 60_000), line("Bills", 40_000)]

    /// Sides add up to the middle bar (to a pixel per node, the least a node is drawn), and nodes
    /// of one column are at least a label's height apart.
    static func expectBalanced(
        _ layout: CashFlowChart.Layout, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for side in [layout.sources, layout.targets] {
            let total = side.map(\.height).reduce(0, +)
            #expect(abs(total - layout.middleHeight) <= Double(side.count), sourceLocation: sourceLocation)
            for (upper, lower) in zip(side, side.dropFirst()) {
                #expect(lower.y >= upper.y + max(upper.height, CashFlowChart.slot), sourceLocation: sourceLocation)
            }
            #expect(side.allSatisfy { $0.y + $0.height <= layout.height }, sourceLocation: sourceLocation)
        }
    }

    @Test func aSurplusFlowsToItsOwnSavedNode() throws {
        let chart = CashFlowChart(income: Self.income, spending: Self.spending, currency: .gbp)
        let layout = try #require(chart.layout)
        #expect(layout.total.minorUnits == 302_500)
        #expect(layout.sources.map(\.label) == ["Income:Salary", "Income:Interest"])
        #expect(layout.targets.map(\.label) == ["Housing", "Food", "Bills", "Saved"])
        #expect(layout.targets.last?.amount.minorUnits == 82_500)  // 3025.00 - 2200.00
        // 1200.00 of 3025.00 over 220 px.
        #expect(abs(layout.targets[0].height - 220 * 120_000 / 302_500) < 1e-9)
        Self.expectBalanced(layout)
        let svg = chart.svg
        ChartGeometryTests.expectSound(svg)
        #expect(
            svg.contains(
                "<desc id=\"cashflow-desc\">£3,025.00 came in from 2 sources and £2,200.00 went out to 3 groups; £825.00 was saved.</desc>"
            ))
        #expect(svg.components(separatedBy: "<path class=\"flow ").count - 1 == 6)
    }

    @Test func aDeficitIsDrawnFromSavings() throws {
        let chart = CashFlowChart(
            income: [Self.line("Income:Salary", 100_000)], spending: Self.spending, currency: .gbp)
        let layout = try #require(chart.layout)
        #expect(layout.sources.map(\.label) == ["Income:Salary", "From savings"])
        #expect(layout.sources.last?.amount.minorUnits == 120_000)
        #expect(!layout.targets.contains { $0.kind == .saved })
        Self.expectBalanced(layout)
        #expect(chart.svg.contains("£1,200.00 more went out than came in."))
    }

    @Test func theSmallGroupsAreGatheredAsOther() throws {
        let many = (1...10).map { Self.line("Group \($0)", Int64(11 - $0) * 1_000) }
        let chart = CashFlowChart(income: [Self.line("Income", 100_000)], spending: many, currency: .gbp, groupLimit: 4)
        let layout = try #require(chart.layout)
        #expect(layout.targets.map(\.label) == ["Group 1", "Group 2", "Group 3", "Other spending", "Saved"])
        // Groups 4 to 10: 70 + 60 + … + 10 = 280.00.
        #expect(layout.targets[3].amount.minorUnits == 28_000)
        Self.expectBalanced(layout)
    }

    @Test func tinyFlowsStayVisibleAndNamesAreEscaped() throws {
        let chart = CashFlowChart(
            income: [Self.line("Income:<Salary>", 1_000_000), Self.line("Income:Interest", 1)],
            spending: [Self.line("Food & drink", 999_999)], currency: .gbp)
        let layout = try #require(chart.layout)
        #expect(layout.sources.allSatisfy { $0.height >= 1 })
        let svg = chart.svg
        #expect(svg.contains("Income:&lt;Salary&gt;") && svg.contains("Food &amp; drink"))
        #expect(!svg.contains("<Salary>"))
        ChartGeometryTests.expectSound(svg)
    }

    @Test func nothingToShowDrawsNothing() {
        #expect(CashFlowChart(income: [], spending: [], currency: .gbp).svg == "")
        #expect(CashFlowChart(income: [Self.line("Income", 0)], spending: [], currency: .gbp).svg == "")
    }

    @Test func onlySpendingIsAllDrawnFromSavings() throws {
        let layout = try #require(CashFlowChart(income: [], spending: Self.spending, currency: .gbp).layout)
        #expect(layout.sources.map(\.label) == ["From savings"])
        Self.expectBalanced(layout)
    }
}
