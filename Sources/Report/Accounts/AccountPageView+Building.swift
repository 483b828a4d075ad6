import AnalysisFile
import Ledger

extension AccountPageView {
    /// Formats `story`, as of the end of `month`, for a template.
    ///
    /// - Parameters:
    ///   - escaping: `.none` for the HTML template (Mustache escapes), `.markdown` for Markdown.
    ///   - chart: the balance chart as inline SVG, a Markdown image, or empty.
    public init(
        _ story: AccountStory, month: YearMonth, escaping: TextEscaping, chart: String, style: String
    ) {
        let text = escaping.apply
        let markdown = escaping == .markdown
        let currency = Currency(code: story.currency) ?? Currency(code: story.currency, exponent: 2)
        let stem = AccountPageName.stem(story.id)
        name = text(story.name)
        kindLine = "\(MonthView.kindName(story.kind)) · \(story.currency)"
        monthName = month.displayName
        monthHref = "../\(month)/\(markdown ? "report.md" : "index.html")"
        markdownHref = "\(stem).md"
        jsonHref = "\(stem).json"
        self.style = style
        self.chart = chart
        let valued = story.monthEnds.last?.source == "valuation" || story.growth != nil
        subject = valued ? "Value" : "Balance"
        if let last = story.monthEnds.last(where: { $0.balance != nil }), let balance = last.balance {
            latest = EngineValueFormatter.amount(balance, currency)
            let when = EngineValueFormatter.month(last.month)
            latestNote =
                last.source == "valuation"
                ? "at the end of \(when), its latest value"
                    + (story.valuations.last.map { " (\(EngineValueFormatter.date($0.date)))" } ?? "")
                : "at the end of \(when)"
        } else {
            latest = "—"
            latestNote = "unknown: no opening balance, statement balance or valuation"
        }
        if let first = story.firstTransaction, let newest = story.newestTransaction {
            activity =
                "\(MonthView.plural(story.transactionCount, "transaction")), \(EngineValueFormatter.date(first)) "
                + "to \(EngineValueFormatter.date(newest))."
        } else {
            activity = "No transactions."
        }
        growth = story.growth.map { AccountPageView.growth($0, currency: currency) }
        valuations = story.valuations.map {
            AccountValueRowView(
                label: EngineValueFormatter.date($0.date), value: EngineValueFormatter.amount($0.value, currency),
                source: $0.source == "statement" ? "Investment statement" : "valuations.csv")
        }
        (coverageSummary, coverageYears) = AccountPageView.coverage(story, valued: !story.valuations.isEmpty)
        year = String(month.year)
        largestThisYear = story.largestThisYear.map { AccountPageView.movement($0, currency: currency, text: text) }
        largestAllTime = story.largestAllTime.map { AccountPageView.movement($0, currency: currency, text: text) }
        monthEnds = story.monthEnds.reversed().map { end in
            AccountValueRowView(
                label: EngineValueFormatter.shortMonth(end.month),
                value: end.balance.map { EngineValueFormatter.amount($0, currency) } ?? "—",
                source: AccountPageView.sourceNames[end.source] ?? end.source)
        }
    }

    static let sourceNames = [
        "transactions": "Opening balance and transactions", "statement": "Statement balance and transactions",
        "valuation": "Valuation", "unknown": "Unknown",
    ]

    static func movement(
        _ line: TransactionLine, currency: Currency, text: (String) -> String
    )
        -> AccountMovementRowView
    {
        let money = try? Money.parse(line.amount, currency: currency)
        return AccountMovementRowView(
            date: EngineValueFormatter.date(line.date), isoDate: line.date, payee: text(line.payee),
            category: text(line.category), amount: EngineValueFormatter.signedAmount(line.amount, currency),
            tone: money.map { $0.isNegative ? "bad" : "good" } ?? "flat")
    }

    static func growth(_ growth: AccountGrowth, currency: Currency) -> AccountGrowthView {
        let market = try? Money.parse(growth.marketGrowth, currency: currency)
        var note: String
        if growth.annualReturn != nil {
            note =
                "The money-weighted annual return (XIRR): the yearly rate at which the value on "
                + "\(EngineValueFormatter.date(growth.from)) and every payment in and out grow to the value on "
                + "\(EngineValueFormatter.date(growth.to))."
        } else {
            note = "No annual return: \(growth.annualReturnNote ?? "it is unknown")."
        }
        note = note.prefix(1).uppercased() + note.dropFirst()
        return AccountGrowthView(
            period: "\(EngineValueFormatter.date(growth.from)) to \(EngineValueFormatter.date(growth.to))",
            startValue: EngineValueFormatter.amount(growth.startValue, currency),
            paidIn: EngineValueFormatter.amount(growth.paidIn, currency),
            withdrawn: EngineValueFormatter.amount(growth.withdrawn, currency),
            hasWithdrawn: (try? Money.parse(growth.withdrawn, currency: currency)).map { $0.minorUnits != 0 } ?? false,
            netContributions: EngineValueFormatter.signedAmount(growth.netContributions, currency),
            marketGrowth: EngineValueFormatter.signedAmount(growth.marketGrowth, currency),
            marketTone: market.map(MonthView.tone(of:)) ?? "flat",
            endValue: EngineValueFormatter.amount(growth.endValue, currency),
            annualReturn: growth.annualReturn.map { rateText($0) + " a year" } ?? "—", annualReturnNote: note,
            contributions: MonthView.plural(growth.contributionCount, "transfer"))
    }

    /// `6.42%`, `−10.00%`: two decimals, the sign as the report writes it.
    static func rateText(_ rate: Double) -> String {
        let hundredths = Int64((rate * 10_000).rounded())
        let digits = String(hundredths.magnitude)
        let padded = String(repeating: "0", count: max(0, 3 - digits.count)) + digits
        let sign = hundredths < 0 ? AmountFormatter.minus : ""
        return "\(sign)\(padded.dropLast(2)).\(padded.suffix(2))%"
    }

    /// A sentence on the statements, and the months as a year-by-month grid.
    static func coverage(_ story: AccountStory, valued: Bool) -> (String, [AccountCoverageYearView]) {
        guard !story.coverage.isEmpty else {
            return (
                valued
                    ? "No statements: the account is valued in valuations.csv or by investment statements."
                    : "No statements cover this account.", []
            )
        }
        let whole = story.coverage.filter { $0.state == "whole" }.count
        let partly = story.coverage.filter { $0.state == "partial" }.map { EngineValueFormatter.shortMonth($0.month) }
        let none = story.coverage.filter { $0.state == "none" }.map { EngineValueFormatter.shortMonth($0.month) }
        var summary = "Statements cover \(whole) of \(MonthView.plural(story.coverage.count, "month")) whole"
        if !partly.isEmpty { summary += "; partly: " + partly.joined(separator: ", ") }
        if !none.isEmpty { summary += "; none: " + none.joined(separator: ", ") }
        summary += "."
        var byMonth: [String: AccountCoverageMonth] = [:]
        for month in story.coverage { byMonth[month.month] = month }
        let years = Set(story.coverage.compactMap { YearMonth($0.month)?.year }).sorted()
        let grid = years.map { year in
            AccountCoverageYearView(
                year: String(year),
                cells: (1...12).map { number in
                    guard let month = YearMonth(year: year, month: number), let entry = byMonth[month.description]
                    else {
                        let name = YearMonth(year: year, month: number)?.displayName ?? ""
                        return AccountCoverageYearView.Cell(symbol: "", tone: "flat", title: name)
                    }
                    switch entry.state {
                    case "whole":
                        return .init(symbol: "✓", tone: "good", title: "\(month.displayName): whole month")
                    case "partial":
                        let span = [entry.from, entry.through].compactMap { $0 }.map(EngineValueFormatter.date)
                        return .init(
                            symbol: "◐", tone: "warn",
                            title: "\(month.displayName): partly, \(span.joined(separator: " to "))")
                    default:
                        return .init(symbol: "✗", tone: "bad", title: "\(month.displayName): no statement")
                    }
                })
        }
        return (summary, grid)
    }
}
