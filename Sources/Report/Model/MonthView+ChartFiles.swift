extension MonthView {
    /// A chart as a file beside `report.md` (`charts/trend.svg`), for readers of the Markdown.
    public struct ChartFile: Sendable, Equatable {
        /// `trend.svg`.
        public var name: String
        /// What the chart shows, for the image's alternative text.
        public var title: String
        public var svg: String
    }

    /// The charts this view draws, in the page's order, each as a file; charts it does not draw
    /// are left out.
    public var chartFiles: [ChartFile] {
        let charts = [
            ("trend", "Income and expenses over twelve months, with the net", trendChart),
            ("categories", "Spending by category", categoryChart),
            ("cash-flow", "Where the income went: spending groups and savings", cashFlowChart),
            ("budgets", "Spending against each budget", budgetChart),
            ("net-worth", "Net worth over time", wealth?.netWorthChart ?? ""),
            ("forecast", "The twelve-month forecast with its 80% range", wealth?.forecastChart ?? ""),
            ("goals", "Each goal's progress, and what it needs a month against what it gets", goalChart),
            ("freshness", "The days each account's statements cover, and its newest transaction", freshnessChart),
        ]
        return charts.filter { !$0.2.isEmpty }.map { ChartFile(name: $0.0 + ".svg", title: $0.1, svg: $0.2) }
    }

    /// Shows each chart of `files` as a Markdown image of its file (`![…](charts/trend.svg)`) in
    /// place of the chart itself; charts not among them are left empty.
    public mutating func linkCharts(_ files: [ChartFile]) {
        func link(_ name: String) -> String {
            files.first { $0.name == name + ".svg" }.map { "![\($0.title)](charts/\($0.name))" } ?? ""
        }
        trendChart = link("trend")
        categoryChart = link("categories")
        cashFlowChart = link("cash-flow")
        budgetChart = link("budgets")
        wealth?.netWorthChart = link("net-worth")
        wealth?.forecastChart = link("forecast")
        goalChart = link("goals")
        freshnessChart = link("freshness")
    }
}
