import AnalysisFile
import Ledger

extension MonthView {
    /// Formats a report for a template.
    ///
    /// - Parameters:
    ///   - escaping: how user text is made safe: `.none` for HTML templates (Mustache escapes),
    ///     `.markdown` for Markdown templates, which render text as it is.
    ///   - charts: whether to draw the SVG charts (only HTML shows them).
    ///   - style: the style sheet to inline.
    public init(_ report: MonthReport, escaping: TextEscaping, charts: Bool, style: String) {
        let text = escaping.apply
        month = report.month.description
        monthName = report.month.displayName
        periodLabel = MonthView.periodLabel(report.periodStart, report.periodEnd)
        currency = report.currency.code
        let previous = report.comparisons.first { $0.kind == .previousMonth }
        let yearAgo = report.comparisons.first { $0.kind == .yearAgo }
        hasPrevious = previous != nil
        previousMonthName = previous?.month.displayName ?? ""
        hasYearAgo = yearAgo != nil
        yearAgoMonthName = yearAgo?.month.displayName ?? ""
        headline = MonthView.headline(report, previous: previous, yearAgo: yearAgo)
        highlights = MonthView.highlights(report, previous: previous, yearAgo: yearAgo, text: text)

        trend = report.trend.map { point in
            TrendRowView(
                month: MonthView.shortMonthNames[point.month.month - 1] + " \(point.month.year)",
                income: AmountFormatter.string(point.income), expenses: AmountFormatter.string(point.expenses),
                net: AmountFormatter.signedString(point.net), netTone: MonthView.tone(of: point.net))
        }
        trendChart = charts ? TrendChart(points: report.trend, currency: report.currency).svg : ""
        categoryChart = charts ? CategoryChart(lines: report.categories, currency: report.currency).svg : ""
        cashFlowChart =
            charts
            ? CashFlowChart(income: report.incomeCategories, spending: report.groups, currency: report.currency).svg
            : ""
        categories = report.categories.map { MonthView.row($0, higherIsBetter: false, text: text) }
        groups = report.groups.map { MonthView.row($0, higherIsBetter: false, text: text) }
        incomeCategories = report.incomeCategories.map { MonthView.row($0, higherIsBetter: true, text: text) }

        var accountNames: [String: String] = [:]
        for account in report.accounts { accountNames[account.id] = account.name }
        largestExpenses = report.largestExpenses.map { line in
            ExpenseRowView(
                anchor: TransactionDirectory.anchor(for: line.id),
                date: "\(line.date.day) \(MonthView.shortMonthNames[line.date.month - 1])",
                isoDate: line.date.isoString, payee: text(line.payee), category: text(line.category),
                account: text(accountNames[line.account] ?? line.account), amount: AmountFormatter.string(line.amount))
        }
        let worth = Dictionary(
            (report.sections.netWorth?.accounts ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let pages = Set(report.accountStories.map(\.id))
        accounts = report.accounts.map { account in
            let valued = MonthView.valuedBalances(account, worth[account.id], base: report.currency)
            let closing = account.closingBalance ?? valued.closing
            var row = AccountRowView(
                name: text(account.name), kind: MonthView.kindName(account.kind),
                number: account.maskedNumber.map(text) ?? "—", currency: account.currency.code,
                opening: (account.openingBalance ?? valued.opening).map(AmountFormatter.string) ?? "—",
                closing: closing.map(AmountFormatter.string) ?? "—",
                inflow: AmountFormatter.string(account.inflow), outflow: AmountFormatter.string(account.outflow),
                transactions: MonthView.count(account.transactionCount),
                closingTone: closing?.isNegative == true ? "bad" : "neutral")
            if let entry = worth[account.id], let change = entry.change,
                let amount = try? Money.parse(change, currency: report.currency)
            {
                let view = MonthView.comparison(
                    MonthReport.Change(amount: amount, ratio: entry.changeRatio), against: "", higherIsBetter: true)
                (row.change, row.changeTone) = (view.summary, view.tone)
            }
            row.newest = account.newestTransaction.map(MonthView.dayText) ?? "—"
            if pages.contains(account.id) {
                row.href = AccountPageName.link(account.id, markdown: escaping == .markdown)
            }
            if let coverage = MonthView.coverage(of: account, in: report.month) {
                (row.coverage, row.coverageTone) = (coverage.words, coverage.tone)
            }
            return row
        }
        notices = report.notices.map(text)
        let directory = TransactionDirectory(report, links: escaping == .none)
        healthScore = MonthView.healthScore(report.sections.healthScore, currency: report.currency, text: text)
        attention = MonthView.attention(report, directory: directory, text: text)
        insightGroups = MonthView.insightGroups(report, directory: directory, text: text)
        wealth = MonthView.wealth(report, charts: charts, text: text)
        budgetChart = charts ? BudgetProgressChart(lines: report.categories).svg : ""
        plan = report.sections.plan.map { PlanView($0, currency: report.currency, text: text) }
        ahead = MonthView.monthAhead(report, text: text)
        goalChart = charts ? GoalProgressChart(goals: report.sections.plan?.goals ?? []).svg : ""
        freshnessChart = charts ? AccountFreshnessChart(month: report.month, accounts: report.accounts).svg : ""
        recurring = MonthView.recurringRows(report, text: text)
        recurringSummary = MonthView.recurringSummary(report.recurringTotals)
        recommendations = MonthView.recommendations(report, directory: directory, text: text)
        activity = MonthView.activity(report.counts)
        coverage =
            switch report.sections.complete {
            case true?: "The exports cover the whole month for every active account."
            case false?: "The exports do not cover the whole month for every active account: figures may be incomplete."
            case nil: ""
            }
        uncategorized = MonthView.uncategorized(report.counts)
        uncategorizedRow = report.categories.first { $0.category == "Uncategorized" }
            .map { MonthView.row($0, higherIsBetter: false, text: text) }
        categorizedSummary = MonthView.categorizedSummary(report.categorization)
        categorizationSources = MonthView.categorizationSources(report.categorization)
        uncategorizedPayees = MonthView.uncategorizedPayees(report.categorization, text: text)
        moreUncategorized = MonthView.moreUncategorized(report.categorization, redacted: report.isRedacted)
        self.style = style
        (closeNote, closeTone) = MonthView.closeNote(report.sections.close, month: report.month, text: text)
        redactionNote =
            report.isRedacted
            ? "This copy is redacted: payees, account names and numbers, and single transactions are left out; "
                + "every total, card and chart is whole."
            : ""
    }

    /// The close in a sentence, and its tone: a plain note for a closed month, a warning for one
    /// whose figures changed after it was closed.
    static func closeNote(_ close: CloseStatus?, month: YearMonth, text: (String) -> String) -> (String, String) {
        guard let close else { return ("", "") }
        func day(_ iso: String) -> String { CivilDate(iso: iso).map(dayText) ?? iso }
        let changes = close.changes.map { ": " + text($0) } ?? ""
        switch close.state {
        case "restated", "reopened":
            let how = close.state == "reopened" ? "Reopened and restated" : "Restated"
            return (
                "\(how) on \(day(close.recordedOn)) (version \(close.version) of the close of \(day(close.closedOn)))"
                    + "\(changes).", "close-note warn"
            )
        case "locked":
            return (
                "These figures differ from the close of \(day(close.closedOn)) (version \(close.version)), which is "
                    + "locked\(changes). make report REOPEN=\(month) REASON=\"…\" records them.", "close-note warn"
            )
        default:
            return ("Closed on \(day(close.closedOn)).", "close-note")
        }
    }

    /// `2 Sep 2024`.
    static func dayText(_ date: CivilDate) -> String {
        "\(date.day) \(shortMonthNames[date.month - 1]) \(date.year)"
    }

    /// How much of `month` an account's statements cover, in words with a sign (`✓ Whole month`,
    /// `✗ Partly, from 2 Sep 2024`) and a tone; nil when the import report does not say.
    static func coverage(of account: MonthReport.AccountLine, in month: YearMonth) -> (words: String, tone: String)? {
        switch account.monthCovered {
        case true?:
            return ("✓ Whole month", "good")
        case false?:
            // Say which end falls short: the statements miss the month altogether, end before
            // its last day, start after its first, or have a gap inside it.
            let start = month.firstDay
            let end = month.lastDay
            if let from = account.coveredFrom, let to = account.coveredThrough, to < start || from > end {
                return ("✗ None", "bad")
            } else if let to = account.coveredThrough, to < end {
                return ("✗ Partly, to \(dayText(to))", "bad")
            } else if let from = account.coveredFrom, from > start {
                return ("✗ Partly, from \(dayText(from))", "bad")
            }
            return ("✗ Partly, with a gap", "bad")
        case nil:
            return nil
        }
    }

    static let shortMonthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `1–31 October 2026`, or `28 September – 31 October 2026` across months.
    static func periodLabel(_ start: CivilDate, _ end: CivilDate) -> String {
        let endText = "\(end.day) \(YearMonth.monthNames[end.month - 1]) \(end.year)"
        if start.year == end.year && start.month == end.month {
            return "\(start.day)–\(endText)"
        }
        if start.year == end.year {
            return "\(start.day) \(YearMonth.monthNames[start.month - 1]) – \(endText)"
        }
        return "\(start.day) \(YearMonth.monthNames[start.month - 1]) \(start.year) – \(endText)"
    }

    /// `good` above zero, `bad` below, `neutral` at zero.
    static func tone(of money: Money) -> String {
        money.isPositive ? "good" : (money.isNegative ? "bad" : "neutral")
    }

    /// `1,234`.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = value < 0 ? AmountFormatter.minus : ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return grouped
    }

    /// `credit_card` -> `Credit card`.
    static func kindName(_ kind: String) -> String {
        let words = kind.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    // MARK: Headline

    static func headline(
        _ report: MonthReport, previous: MonthReport.Comparison?, yearAgo: MonthReport.Comparison?
    ) -> [HeadlineView] {
        func moneyFigure(
            _ label: String, _ value: Money, signed: Bool, tone: String, higherIsBetter: Bool,
            change: (MonthReport.Comparison) -> MonthReport.Change
        ) -> HeadlineView {
            HeadlineView(
                label: label, value: signed ? AmountFormatter.signedString(value) : AmountFormatter.string(value),
                tone: tone,
                previous: previous.map {
                    comparison(change($0), against: $0.month.displayName, higherIsBetter: higherIsBetter)
                },
                yearAgo: yearAgo.map {
                    comparison(change($0), against: $0.month.displayName, higherIsBetter: higherIsBetter)
                })
        }
        func rateComparison(_ earlier: MonthReport.Comparison?) -> ComparisonView? {
            guard let earlier, let difference = earlier.savingsRateChange else { return nil }
            let tenths = PercentFormatter.tenthsOfPercent(difference) ?? 0
            return ComparisonView(
                arrow: arrow(tenths), word: word(tenths),
                change: tenths == 0 ? "no change" : PercentFormatter.signedPoints(difference), ratio: "",
                against: earlier.month.displayName, tone: tenths > 0 ? "good" : (tenths < 0 ? "bad" : "flat"))
        }
        return [
            moneyFigure(
                "Income", report.income, signed: false, tone: "neutral", higherIsBetter: true, change: \.incomeChange),
            moneyFigure(
                "Expenses", report.expenses, signed: false, tone: "neutral", higherIsBetter: false,
                change: \.expensesChange),
            moneyFigure(
                "Net", report.net, signed: true, tone: tone(of: report.net), higherIsBetter: true, change: \.netChange),
            HeadlineView(
                label: "Savings rate", value: report.savingsRate.map(PercentFormatter.string) ?? "—",
                tone: report.savingsRate.map { $0 < 0 ? "bad" : "neutral" } ?? "neutral",
                previous: rateComparison(previous), yearAgo: rateComparison(yearAgo)),
        ]
    }

    static func comparison(
        _ change: MonthReport.Change, against month: String, higherIsBetter: Bool
    )
        -> ComparisonView
    {
        let direction = change.amount.minorUnits.signum()
        let tone = direction == 0 ? "flat" : ((direction > 0) == higherIsBetter ? "good" : "bad")
        guard direction != 0 else {
            return ComparisonView(
                arrow: "=", word: "unchanged", change: "no change", ratio: "", against: month, tone: tone)
        }
        return ComparisonView(
            arrow: arrow(Int64(direction)), word: word(Int64(direction)),
            change: AmountFormatter.signedString(change.amount),
            ratio: change.ratio.map(PercentFormatter.signedString) ?? "", against: month, tone: tone)
    }

    /// A valued account's (no statements, a value from `valuations.csv`) opening and closing
    /// values, which the ledger's balances leave unknown: the closing value from the net worth,
    /// and the opening one that value less its change, where the account is in the base currency.
    static func valuedBalances(
        _ account: MonthReport.AccountLine, _ entry: NetWorthAccount?, base: Currency
    ) -> (opening: Money?, closing: Money?) {
        guard account.closingBalance == nil, let entry, let balance = entry.balance,
            let closing = try? Money.parse(balance, currency: account.currency)
        else { return (nil, nil) }
        guard account.currency == base, let change = entry.change,
            let difference = try? Money.parse(change, currency: base)
        else { return (nil, closing) }
        return (closing.subtracting(difference), closing)
    }

    static func arrow(_ direction: Int64) -> String { direction > 0 ? "▲" : (direction < 0 ? "▼" : "=") }
    static func word(_ direction: Int64) -> String { direction > 0 ? "up" : (direction < 0 ? "down" : "unchanged") }

    static func row(
        _ line: MonthReport.CategoryLine, higherIsBetter: Bool, text: (String) -> String
    )
        -> CategoryRowView
    {
        var change = ""
        var changeTone = "flat"
        if let difference = line.change {
            let view = comparison(difference, against: "", higherIsBetter: higherIsBetter)
            change = view.summary
            changeTone = view.tone
        }
        var budgetLeft = ""
        if let remaining = line.budgetRemaining {
            if remaining.isNegative, let over = remaining.negated {
                budgetLeft = AmountFormatter.string(over) + " over"
            } else {
                budgetLeft = AmountFormatter.string(remaining) + " left"
            }
        }
        return CategoryRowView(
            category: text(line.category), amount: AmountFormatter.string(line.amount),
            share: PercentFormatter.string(line.share), transactions: count(line.transactionCount),
            previous: line.previousAmount.map(AmountFormatter.string) ?? "—", change: change, changeTone: changeTone,
            budget: line.budget.map(AmountFormatter.string) ?? "",
            budgetUsed: line.budgetUsed.map(PercentFormatter.string) ?? "", budgetLeft: budgetLeft,
            overBudget: line.budgetRemaining?.isNegative == true)
    }

    /// `142 transactions, of which 8 were transfers between your accounts, 2 ignored, 3 pending.`
    static func activity(_ counts: MonthReport.Counts) -> String {
        var parts: [String] = []
        if counts.transfers > 0 {
            parts.append(plural(counts.transfers, "transfer") + " between your accounts")
        }
        if counts.ignored > 0 { parts.append("\(count(counts.ignored)) ignored") }
        if counts.pending > 0 { parts.append("\(count(counts.pending)) pending") }
        var sentence = plural(counts.transactions, "transaction")
        if !parts.isEmpty { sentence += ", including " + list(parts) }
        return sentence + "."
    }

    /// `3 transactions (£41.20) have no category yet: …`.
    static func uncategorized(_ counts: MonthReport.Counts) -> String {
        guard counts.uncategorized > 0 else { return "Every transaction this month has a category." }
        return "\(plural(counts.uncategorized, "transaction")) "
            + "(\(AmountFormatter.string(counts.uncategorizedAmount))) "
            + "\(counts.uncategorized == 1 ? "has" : "have") no category yet: "
            + "add a rule in rules/ or a line in overrides.csv."
    }

    static func plural(_ value: Int, _ noun: String) -> String {
        "\(count(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
