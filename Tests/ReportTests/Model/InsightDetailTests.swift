import AnalysisFile
import Ledger
import Testing

@testable import Report

/// A card's detail values in their own unit, which is not always the metric's: the analysis file
/// says which (`detailUnit`), and the report knows no card by name.
@Suite struct InsightDetailTests {
    static func card(
        _ type: String, unit: String, detailUnit: String? = nil, _ points: [(String, String)]
    ) -> InsightEntry {
        InsightEntry(
            type: type, category: "spending", title: "t", message: "m", metric: InsightMetric(value: "1", unit: unit),
            severity: "neutral", detail: points.map { InsightPoint(label: $0.0, value: $0.1) }, detailUnit: detailUnit)
    }

    static func detail(_ card: InsightEntry, escaping: TextEscaping = .none) -> String {
        MonthView.detail(card, text: escaping.apply)
    }

    @Test func amountsBehindAPercentageAreMoney() {
        let card = Self.card(
            "categoryTrend", unit: "percent", detailUnit: "GBP", [("2026-09", "1095.00"), ("2026-10", "1200.50")])
        #expect(Self.detail(card) == "Sep 2026 £1,095.00 · Oct 2026 £1,200.50")
    }

    @Test func percentagesDaysAndDatesSayTheirUnit() {
        #expect(
            Self.detail(
                Self.card("budgetUnderutilized", unit: "count", detailUnit: "percent", [("Food:Coffee", "39.8")]))
                == "Food:Coffee 39.8%")
        #expect(
            Self.detail(Self.card("accountDormancy", unit: "GBP", detailUnit: "days", [("Travel wallet", "93")]))
                == "Travel wallet 93 days"
        )
        #expect(
            Self.detail(Self.card("missedPayment", unit: "count", detailUnit: "date", [("Disney Plus", "2026-10-24")]))
                == "Disney Plus 24 Oct 2026")
    }

    @Test func aCardWithoutADetailUnitUsesItsMetricsUnit() {
        #expect(Self.detail(Self.card("newCard", unit: "percent", [("2026-10", "24.3")])) == "Oct 2026 24.3%")
    }

    @Test func namesAreEscapedForMarkdown() {
        let card = Self.card("totalRecurringCost", unit: "GBP", detailUnit: "GBP", [("*Gym* [x](y)", "29.99")])
        #expect(!Self.detail(card, escaping: .markdown).contains("*Gym*"))
    }
}
