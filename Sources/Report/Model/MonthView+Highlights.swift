import Ledger

extension MonthView {
    /// A few plain sentences that tell the month in a minute: what came in and went out, how
    /// spending moved, where most of it went, budgets, the largest expense, loose ends.
    static func highlights(
        _ report: MonthReport, previous: MonthReport.Comparison?, yearAgo: MonthReport.Comparison?,
        text: (String) -> String
    ) -> [String] {
        var sentences: [String] = []
        let income = AmountFormatter.string(report.income)
        let expenses = AmountFormatter.string(report.expenses)

        if report.income.isZero && report.expenses.isZero {
            sentences.append("No income or spending was recorded in \(report.month.displayName).")
        } else if report.net.isNegative, let shortfall = report.net.negated {
            sentences.append(
                "You spent \(AmountFormatter.string(shortfall)) more than came in: "
                    + "income \(income), spending \(expenses).")
        } else if let rate = report.savingsRate {
            sentences.append(
                "\(income) came in and \(expenses) went out, leaving \(AmountFormatter.string(report.net)) "
                    + "(\(PercentFormatter.string(rate)) of income).")
        } else {
            sentences.append("\(income) came in and \(expenses) went out.")
        }

        var moves: [String] = []
        for comparison in [previous, yearAgo].compactMap({ $0 }) {
            let change = comparison.expensesChange
            let name = comparison.month.displayName
            guard let magnitude = change.amount.minorUnits < 0 ? change.amount.negated : change.amount else { continue }
            if change.amount.isZero {
                moves.append("the same as in \(name)")
            } else {
                let ratio = change.ratio.map { " (\(PercentFormatter.string($0.magnitude)))" } ?? ""
                let direction = change.amount.isPositive ? "more" : "less"
                moves.append("\(AmountFormatter.string(magnitude))\(ratio) \(direction) than in \(name)")
            }
        }
        if !moves.isEmpty {
            sentences.append("Spending was " + list(moves) + ".")
        }

        if let top = report.categories.first, report.expenses.isPositive {
            sentences.append(
                "Most went on \(text(top.category)): \(AmountFormatter.string(top.amount)), "
                    + "\(PercentFormatter.string(top.share)) of spending.")
        }
        if let rise = report.categories.filter({ ($0.change?.amount.isPositive) == true })
            .max(by: { ($0.change?.amount.minorUnits ?? 0) < ($1.change?.amount.minorUnits ?? 0) }),
            let change = rise.change, let previous
        {
            sentences.append(
                "Against \(previous.month.displayName), \(text(rise.category)) rose the most: "
                    + "up \(AmountFormatter.string(change.amount)).")
        }

        // The category table's budgets are the monthly ones; a yearly or quarterly budget is judged
        // over its period by the over-budget card, so the sentence says which it counts.
        let budgeted = report.categories.filter { $0.budget != nil }
        if !budgeted.isEmpty {
            let over = budgeted.filter { $0.budgetRemaining?.isNegative == true }
            if over.isEmpty {
                sentences.append(
                    budgeted.count == 1
                        ? "The one monthly budget was kept."
                        : "All \(count(budgeted.count)) monthly budgets were kept.")
            } else {
                let names = over.map { line in
                    "\(text(line.category)) (\(line.budgetUsed.map(PercentFormatter.string) ?? "—") of budget)"
                }
                sentences.append(
                    "\(count(over.count)) of \(count(budgeted.count)) monthly budgets went over: \(list(names)).")
            }
        }

        if let largest = report.largestExpenses.first {
            sentences.append(
                "The largest single expense was \(AmountFormatter.string(largest.amount)) to \(text(largest.payee)) "
                    + "on \(largest.date.day) \(YearMonth.monthNames[largest.date.month - 1]).")
        }
        if report.counts.uncategorized > 0 {
            sentences.append(
                "\(plural(report.counts.uncategorized, "transaction")) "
                    + "(\(AmountFormatter.string(report.counts.uncategorizedAmount))) "
                    + "\(report.counts.uncategorized == 1 ? "has" : "have") no category yet.")
        }
        return sentences
    }
}
