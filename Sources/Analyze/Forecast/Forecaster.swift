import Ledger

/// Forecasts income, expenses and net for the months after a history of complete months.
///
/// Each series gets `TrendSeasonalModel` (a least-squares trend on the last 24 months, plus a
/// month-of-year part from 13 months of history) only when the back-test shows it beating the naive
/// forecast (the mean of the last three months) by `modelMargin`: its error at most 90% of naive's.
/// Otherwise that series is naive, and the note says so. The margin is evidence, not decoration: the
/// model fits a line and twelve monthly deviations to at most 24 months, and one month of twelve in
/// the back-test moves a mean error by about a twelfth (8%) of itself, so an edge smaller than 10% is
/// one lucky month, not a season (irregular self-employed income "peaking in October"). Without a
/// back-test of at least three months nothing shows the model is better, so both series are naive.
/// A series is never forecast below its recurring monthly amount (the subscriptions and salary known
/// to continue) nor below zero. Amounts round half to even to the minor unit.
///
/// Expenses are fitted, back-tested and forecast without the month's one-off purchases
/// (`MonthlyFlow.oneOffExpenses`, see `OneOffPurchases`): a purchase made once is not expected again,
/// and fitted as it stands it would come back every year as a season.
///
/// The 80% band on net comes from the back-test's one-month-ahead errors of net (actual − forecast,
/// with the chosen methods): their 10th and 90th percentiles when there are at least
/// `empiricalMinimum` of them, else ±1.2816 (the normal 80% quantile) times their root mean square.
/// When a series fell back to naive because the model did not earn its margin, neither forecast has
/// shown it can be trusted, so the band takes the wider end of the two (errors with the chosen
/// methods, errors with the models): irregular income shows a wider band, never a narrower one.
/// The band widens with the horizon h as √h, as the error of a random walk does, and always contains
/// the forecast itself.
public struct Forecaster: Sendable, Equatable {
    /// Months of history needed for any forecast.
    public static let minimumHistory = 3
    /// Months back-tested (the latest ones that have `minimumHistory` months before them).
    public static let backtestMonths = 12
    /// Back-test months needed before the MAPEs, and the choice of method, mean anything.
    public static let minimumBacktestMonths = 3
    /// Months averaged by the naive forecast.
    public static let naiveMonths = 3
    /// Back-test errors needed for empirical percentiles rather than a normal approximation.
    public static let empiricalMinimum = 10
    /// The standard normal quantile of 0.9: ±1.2816σ holds 80%.
    public static let normalQuantile80 = 1.2816
    /// How much lower than naive's the model's back-test error must be for the model to be used:
    /// 10% (a model MAPE of at most 0.9 × the naive MAPE). See the type's comment for why.
    public static let modelMargin = 0.10

    public init() {}

    /// The `horizon` months after the last of `history`.
    ///
    /// `history` is consecutive complete months, oldest first, ending with the month of the report;
    /// `recurringIncome` and `recurringExpenses` are the monthly equivalents of the recurring series
    /// active at its end (`RecurringSeries.monthlyAmount`, expenses positive).
    public func forecast(
        _ history: [MonthlyFlow], recurringIncome: Int64, recurringExpenses: Int64, horizon: Int = 12
    ) -> Forecast {
        guard history.count >= Self.minimumHistory, let last = history.last else {
            return Forecast(
                method: ForecastMethod.none.rawValue, incomeMethod: .none, expensesMethod: .none, months: [],
                backtest: nil, note: "needs \(Self.minimumHistory) months of history")
        }
        let income = history.map { Double($0.income) }
        let expenses = history.map { Double($0.fittedExpenses) }
        let modelMethod: ForecastMethod =
            history.count >= TrendSeasonalModel.seasonalMinimumMonths ? .trendSeasonal : .trend

        let trial = backtest(income: income, expenses: expenses, firstMonth: history[0].month)
        let summary = trial.summary
        let incomeMethod = Self.choose(model: summary.incomeMAPE, naive: summary.naiveIncomeMAPE, modelMethod)
        let expensesMethod = Self.choose(model: summary.expensesMAPE, naive: summary.naiveExpensesMAPE, modelMethod)

        let incomeModel = TrendSeasonalModel(values: income, firstMonth: history[0].month)
        let expensesModel = TrendSeasonalModel(values: expenses, firstMonth: history[0].month)
        var band = Self.band(
            netErrors: trial.netErrors(incomeNaive: incomeMethod == .naive, expensesNaive: expensesMethod == .naive))
        if (incomeMethod == .naive && summary.incomeMAPE != nil)
            || (expensesMethod == .naive && summary.expensesMAPE != nil)
        {
            let models = Self.band(netErrors: trial.netErrors(incomeNaive: false, expensesNaive: false))
            band = (min(band.low, models.low), max(band.high, models.high))
        }
        var months: [ForecastMonth] = []
        for step in stride(from: 1, through: horizon, by: 1) {
            let month = last.month.adding(months: step)
            let incomeValue = incomeMethod == .naive ? Self.naive(income) : incomeModel.value(at: month)
            let expensesValue = expensesMethod == .naive ? Self.naive(expenses) : expensesModel.value(at: month)
            let forecastIncome = max(Self.minorUnits(incomeValue), recurringIncome, 0)
            let forecastExpenses = max(Self.minorUnits(expensesValue), recurringExpenses, 0)
            let net = forecastIncome - forecastExpenses
            let widening = Double(step).squareRoot()
            months.append(
                ForecastMonth(
                    month: month, income: forecastIncome, expenses: forecastExpenses, net: net,
                    low: net + Self.minorUnits(min(band.low, 0) * widening),
                    high: net + Self.minorUnits(max(band.high, 0) * widening)))
        }
        return Forecast(
            method: incomeMethod == expensesMethod ? incomeMethod.rawValue : "mixed", incomeMethod: incomeMethod,
            expensesMethod: expensesMethod, months: months, backtest: trial.months > 0 ? summary : nil,
            note: Self.note(
                incomeMethod: incomeMethod, expensesMethod: expensesMethod, backtest: summary,
                oneOffMonths: history.filter { $0.fittedExpenses != $0.expenses }.map(\.month)))
    }

    /// The model when the back-test shows it beating the naive forecast by `modelMargin`, else naive.
    static func choose(model: Double?, naive: Double?, _ modelMethod: ForecastMethod) -> ForecastMethod {
        guard let model, let naive, model < naive, model <= naive * (1 - modelMargin) else { return .naive }
        return modelMethod
    }

    /// The mean of the last `naiveMonths` values.
    static func naive(_ values: some Collection<Double>) -> Double {
        let recent = values.suffix(naiveMonths)
        return recent.reduce(0, +) / Double(max(recent.count, 1))
    }

    /// `value` rounded half to even to whole minor units.
    static func minorUnits(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64(value.rounded(.toNearestOrEven))
    }

    /// The band's offsets around net for a one-month horizon.
    static func band(netErrors errors: [Double]) -> (low: Double, high: Double) {
        guard errors.count >= minimumBacktestMonths else { return (0, 0) }
        if errors.count >= empiricalMinimum {
            let statistics = SampleStatistics(errors)
            return (statistics.percentile(0.10), statistics.percentile(0.90))
        }
        let rootMeanSquare = (errors.reduce(0) { $0 + $1 * $1 } / Double(errors.count)).squareRoot()
        return (-normalQuantile80 * rootMeanSquare, normalQuantile80 * rootMeanSquare)
    }

    static func note(
        incomeMethod: ForecastMethod, expensesMethod: ForecastMethod, backtest: Backtest, oneOffMonths: [YearMonth] = []
    ) -> String? {
        var sentences: [String] = []
        if backtest.months < minimumBacktestMonths {
            sentences.append(
                "naive forecast: the back-test needs \(minimumHistory + minimumBacktestMonths) months of history "
                    + "to show whether the trend model does better")
        } else {
            var fallbacks: [String] = []
            if incomeMethod == .naive { fallbacks.append("income") }
            if expensesMethod == .naive { fallbacks.append("expenses") }
            if !fallbacks.isEmpty {
                sentences.append(
                    "naive forecast (mean of last 3 months) for \(fallbacks.joined(separator: " and ")): "
                        + "the trend model did not beat it by 10% in the back-test, so the band is the wider of the two"
                )
            }
        }
        if !oneOffMonths.isEmpty {
            sentences.append(
                "one-off purchases left out of the expenses fitted: "
                    + oneOffMonths.map(\.displayName).joined(separator: ", "))
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: "; ")
    }
}
