import Mustache

/// Everything `report.html.mustache` and `report.md.mustache` can show, as ready-made text.
///
/// Flat and pre-formatted on purpose: templates only place values, so numbers look the same in
/// every template, and lookups are a `switch` (`MustacheParent`) rather than reflection. Optional
/// parts come with a `has…` flag instead of a missing value, because Mustache looks a missing name
/// up in the enclosing objects and could find an unrelated value there.
public struct MonthView: MustacheParent, Sendable {
    /// `2026-10`.
    public var month: String
    /// `October 2026`.
    public var monthName: String
    /// `1–31 October 2026`.
    public var periodLabel: String
    public var currency: String
    /// A few sentences that say what happened, numbers included.
    public var highlights: [String]
    /// Income, expenses, net, savings rate.
    public var headline: [HeadlineView]
    public var hasPrevious: Bool
    public var previousMonthName: String
    public var hasYearAgo: Bool
    public var yearAgoMonthName: String
    /// Inline SVG: income and expenses bars with the net, twelve months.
    public var trendChart: String
    public var trend: [TrendRowView]
    /// Inline SVG: the largest categories as horizontal bars, with budget markers.
    public var categoryChart: String
    /// Inline SVG: income sources flowing to spending groups and savings (a Sankey diagram).
    public var cashFlowChart: String
    public var categories: [CategoryRowView]
    public var groups: [CategoryRowView]
    public var incomeCategories: [CategoryRowView]
    public var largestExpenses: [ExpenseRowView]
    public var accounts: [AccountRowView]
    public var notices: [String]
    /// The health score with its grade and components, nil when the analysis has none.
    public var healthScore: HealthScoreView?
    /// Critical and warning cards, the riskiest anomalies, missed payments, price rises.
    public var attention: [AttentionItemView]
    /// The insight cards by category, in the report's order of categories.
    public var insightGroups: [InsightGroupView]
    /// Net worth and the forecast, nil when the analysis has neither.
    public var wealth: WealthView?
    /// Inline SVG: spending against each budget.
    public var budgetChart: String
    public var plan: PlanView?
    /// Each current or cash account through the month ahead; nil when the analysis projects none.
    public var ahead: MonthAheadView?
    /// Inline SVG: each goal's progress, and what it needs against what it gets.
    public var goalChart: String
    /// Inline SVG: the days of the month each account's statements cover, and its newest transaction.
    public var freshnessChart: String
    public var recurring: [RecurringRowView]
    /// `12 active: £245.97 a month out, £3,450.00 a month in.`, or empty.
    public var recurringSummary: String
    public var recommendations: [RecommendationView]
    /// `142 transactions, 8 transfers between your accounts, …`.
    public var activity: String
    /// Whether the exports cover the whole month, in a sentence; empty when the analysis does not say.
    public var coverage: String
    /// `3 transactions (£41.20) have no category yet: …`, or that every one has one.
    public var uncategorized: String
    /// The `Uncategorized` line of the categories, when there is one.
    public var uncategorizedRow: CategoryRowView?
    /// `96.1% of this month's spending (£2,310.00 of £2,404.00) has a category.`, or empty.
    public var categorizedSummary: String
    /// What categorised the month's spending: your rules, starter rules, … no category.
    public var categorizationSources: [CategorizationRowView]
    /// The uncategorised money by payee, most first.
    public var uncategorizedPayees: [CategorizationRowView]
    /// How many payees the list leaves out, in a sentence; empty when none.
    public var moreUncategorized: String
    /// The contents of `style.css`, for an inline `<style>` element.
    public var style: String
    /// What a redacted report leaves out, in a sentence; empty for a full report.
    public var redactionNote: String
    /// Where the month stands against its close, in a sentence; empty while never closed.
    public var closeNote: String
    /// `close-note`, with `warn` when the figures differ from what the month said when closed.
    public var closeTone: String

    public func child(named name: String) -> Any? {
        switch name {
        case "month": month
        case "monthName": monthName
        case "periodLabel": periodLabel
        case "currency": currency
        case "highlights": highlights
        case "hasHighlights": !highlights.isEmpty
        case "headline": headline
        case "hasPrevious": hasPrevious
        case "previousMonthName": previousMonthName
        case "hasYearAgo": hasYearAgo
        case "yearAgoMonthName": yearAgoMonthName
        case "trendChart": trendChart
        case "hasTrendChart": !trendChart.isEmpty
        case "trend": trend
        case "hasTrend": !trend.isEmpty
        case "categoryChart": categoryChart
        case "hasCategoryChart": !categoryChart.isEmpty
        case "cashFlowChart": cashFlowChart
        case "hasCashFlowChart": !cashFlowChart.isEmpty
        case "categories": categories
        case "hasCategories": !categories.isEmpty
        case "groups": groups
        case "hasGroups": !groups.isEmpty
        case "incomeCategories": incomeCategories
        case "hasIncomeCategories": !incomeCategories.isEmpty
        case "largestExpenses": largestExpenses
        case "hasLargestExpenses": !largestExpenses.isEmpty
        case "accounts": accounts
        case "hasAccountPages": accounts.contains { !$0.href.isEmpty }
        case "hasAccounts": !accounts.isEmpty
        case "notices": notices
        case "hasNotices": !notices.isEmpty
        case "healthScore": healthScore
        case "hasHealthScore": healthScore != nil
        case "attention": attention
        case "hasAttention": !attention.isEmpty || !notices.isEmpty
        case "hasAttentionItems": !attention.isEmpty
        case "insightGroups": insightGroups
        case "hasInsights": !insightGroups.isEmpty
        case "wealth": wealth
        case "hasWealth": wealth != nil
        case "budgetChart": budgetChart
        case "hasBudgetChart": !budgetChart.isEmpty
        case "goalChart": goalChart
        case "hasGoalChart": !goalChart.isEmpty
        case "freshnessChart": freshnessChart
        case "hasFreshnessChart": !freshnessChart.isEmpty
        case "plan": plan
        case "hasPlan": plan != nil
        case "ahead": ahead
        case "hasAhead": ahead != nil
        case "recurring": recurring
        case "hasRecurring": !recurring.isEmpty
        case "recurringSummary": recurringSummary
        case "hasRecurringSummary": !recurringSummary.isEmpty
        case "recommendations": recommendations
        case "hasRecommendations": !recommendations.isEmpty
        case "activity": activity
        case "coverage": coverage
        case "hasCoverage": !coverage.isEmpty
        case "uncategorized": uncategorized
        case "uncategorizedRow": uncategorizedRow
        case "hasUncategorizedRow": uncategorizedRow != nil
        case "categorizedSummary": categorizedSummary
        case "hasCategorizedSummary": !categorizedSummary.isEmpty
        case "categorizationSources": categorizationSources
        case "hasCategorizationSources": !categorizationSources.isEmpty
        case "uncategorizedPayees": uncategorizedPayees
        case "hasUncategorizedPayees": !uncategorizedPayees.isEmpty
        case "moreUncategorized": moreUncategorized
        case "hasMoreUncategorized": !moreUncategorized.isEmpty
        case "style": style
        case "redactionNote": redactionNote
        case "hasRedactionNote": !redactionNote.isEmpty
        case "closeNote": closeNote
        case "hasCloseNote": !closeNote.isEmpty
        case "closeTone": closeTone
        default: nil
        }
    }
}
