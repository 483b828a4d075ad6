import Ledger

extension Forecaster {
    /// The one-month-ahead forecasts of a back-test, kept so that the band can use the chosen methods.
    struct Trial {
        var actualIncome: [Double] = []
        var actualExpenses: [Double] = []
        var modelIncome: [Double] = []
        var modelExpenses: [Double] = []
        var naiveIncome: [Double] = []
        var naiveExpenses: [Double] = []

        var months: Int { actualIncome.count }

        var summary: Backtest {
            let enough = months >= Forecaster.minimumBacktestMonths
            return Backtest(
                months: months,
                incomeMAPE: enough ? Trial.meanAbsolutePercentageError(modelIncome, actualIncome) : nil,
                expensesMAPE: enough ? Trial.meanAbsolutePercentageError(modelExpenses, actualExpenses) : nil,
                naiveIncomeMAPE: enough ? Trial.meanAbsolutePercentageError(naiveIncome, actualIncome) : nil,
                naiveExpensesMAPE: enough ? Trial.meanAbsolutePercentageError(naiveExpenses, actualExpenses) : nil)
        }

        /// Actual − forecast net for each back-test month, with each series' chosen method.
        func netErrors(incomeNaive: Bool, expensesNaive: Bool) -> [Double] {
            (0..<months).map { index in
                let income = incomeNaive ? naiveIncome[index] : modelIncome[index]
                let expenses = expensesNaive ? naiveExpenses[index] : modelExpenses[index]
                return (actualIncome[index] - actualExpenses[index]) - (income - expenses)
            }
        }

        /// Mean |forecast − actual| / |actual| over the months whose actual is not zero, rounded to four
        /// decimals; nil when every actual is zero.
        static func meanAbsolutePercentageError(_ forecasts: [Double], _ actuals: [Double]) -> Double? {
            var sum = 0.0
            var count = 0
            for (forecast, actual) in zip(forecasts, actuals) where actual != 0 {
                sum += abs(forecast - actual) / abs(actual)
                count += 1
            }
            guard count > 0 else { return nil }
            return (sum / Double(count) * 10_000).rounded() / 10_000
        }
    }

    /// Forecasts each of the last `backtestMonths` months (those with `minimumHistory` months before them)
    /// from the months before it only. Back-test forecasts are floored at zero but not at the recurring
    /// amounts, which are known only for the end of the history.
    func backtest(income: [Double], expenses: [Double], firstMonth: YearMonth) -> Trial {
        var trial = Trial()
        let start = max(Self.minimumHistory, income.count - Self.backtestMonths)
        guard start < income.count else { return trial }
        for index in start..<income.count {
            let month = firstMonth.adding(months: index)
            let pastIncome = Array(income[..<index])
            let pastExpenses = Array(expenses[..<index])
            trial.actualIncome.append(income[index])
            trial.actualExpenses.append(expenses[index])
            trial.modelIncome.append(
                max(TrendSeasonalModel(values: pastIncome, firstMonth: firstMonth).value(at: month), 0))
            trial.modelExpenses.append(
                max(TrendSeasonalModel(values: pastExpenses, firstMonth: firstMonth).value(at: month), 0))
            trial.naiveIncome.append(Self.naive(pastIncome))
            trial.naiveExpenses.append(Self.naive(pastExpenses))
        }
        return trial
    }
}
