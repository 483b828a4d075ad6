import AnalysisFile
import Ledger

/// Builds a month's `HistorySection`: the last twelve months per expense category, and income
/// and expenses per calendar month over every year up to the month.
enum HistorySeries {
    static func section(_ context: MonthContext) throws(AnalyzeError) -> HistorySection {
        let history = context.history
        let base = context.base
        let months = (0..<12).map { context.month.adding(months: $0 - 11) }.filter(context.hasData)
        var perCategory: [Int: [Int128]] = [:]
        for (slot, month) in months.enumerated() {
            guard let flows = context.flows(of: month) else { continue }
            for (index, entry) in flows.byCategory where !history.categories[index].isIncome {
                perCategory[index, default: [Int128](repeating: 0, count: months.count)][slot] = -entry.sum
            }
        }
        var categories: [CategorySeries] = []
        for (index, amounts) in perCategory {
            categories.append(
                CategorySeries(
                    category: history.categories[index].name,
                    amounts: try amounts.map { v throws(AnalyzeError) in
                        try MoneyText.format(v, base, "the history of \(history.categories[index].name)")
                    }))
        }
        categories.sort { $0.category < $1.category }
        var income: [Int: [YearAmount]] = [:]
        var expenses: [Int: [YearAmount]] = [:]
        if let first = history.firstMonth, first <= context.month {
            for offset in 0...first.months(to: context.month) {
                let month = first.adding(months: offset)
                let flows = context.flows(of: month) ?? MonthFlows()
                income[month.month, default: []].append(
                    YearAmount(year: month.year, amount: try MoneyText.format(flows.income, base, "income in \(month)"))
                )
                expenses[month.month, default: []].append(
                    YearAmount(
                        year: month.year, amount: try MoneyText.format(flows.expenses, base, "expenses in \(month)")))
            }
        }
        return HistorySection(
            months: months.map(\.description), categories: categories,
            incomeByCalendarMonth: income.keys.sorted().map {
                CalendarMonthSeries(calendarMonth: $0, years: income[$0]!)
            },
            expensesByCalendarMonth: expenses.keys.sorted().map {
                CalendarMonthSeries(calendarMonth: $0, years: expenses[$0]!)
            })
    }
}
