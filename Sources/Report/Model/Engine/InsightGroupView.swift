import Mustache

/// The cards of one of the eight categories (spending, income, budget, …).
public struct InsightGroupView: MustacheParent, Sendable, Equatable {
    /// `spending`: for ids.
    public var key: String
    /// `Cash flow`.
    public var title: String
    public var cards: [InsightCardView]
    /// Cards of this category left out this month, with why: `Seasonal spending (needs 13 months of history)`.
    public var omitted: [String]

    /// The categories in the order the report lists them, with their headings.
    static let categories: [(key: String, title: String)] = [
        ("spending", "Spending"), ("income", "Income"), ("budget", "Budget"), ("recurring", "Recurring"),
        ("cashFlow", "Cash flow"), ("wealth", "Wealth"), ("savings", "Savings"), ("forecasting", "Forecasting"),
    ]

    public func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "title": title
        case "cards": cards
        case "hasCards": !cards.isEmpty
        case "omitted": omitted
        case "hasOmitted": !omitted.isEmpty
        case "omittedText": omitted.joined(separator: "; ")
        default: nil
        }
    }
}
