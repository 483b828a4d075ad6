import Ledger
import Testing

@testable import Analyze

@Suite("Forecast")
struct ForecasterTests {
    static func history(from start: YearMonth, income: [Int64], expenses: [Int64]) -> [MonthlyFlow] {
        zip(income, expenses).enumerated().map {
            MonthlyFlow(month: start.adding(months: $0.offset), income: $0.element.0, expenses: $0.element.1)
        }
    }

    /// Seasonal deviations by calendar month (January first); each list sums to zero.
    static let incomeSeason: [Int64] = [
        -3_000, -2_000, 1_000, 2_000, 500, -500, 4_000, 3_000, -1_000, -1_500, -2_500, 0,
    ]
    static let expensesSeason: [Int64] = [
        2_000, -1_000, 0, 500, -500, 1_500, 3_000, 2_500, -2_000, -3_000, -1_000, -2_000,
    ]

    @Test func recoversATrendAndASeasonOverThreeYears() throws {
        // Month t = 0 is January 2023: income 3,000.00 + 5.00 t + season, expenses 2,000.00 + 8.00 t + season.
        let start = YearMonth(year: 2023, month: 1)!
        func income(_ t: Int) -> Int64 { 300_000 + 500 * Int64(t) + Self.incomeSeason[t % 12] }
        func expenses(_ t: Int) -> Int64 { 200_000 + 800 * Int64(t) + Self.expensesSeason[t % 12] }
        let history = Self.history(from: start, income: (0..<36).map(income), expenses: (0..<36).map(expenses))
        let forecast = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0)

        #expect(forecast.method == "trend+seasonal")
        #expect(forecast.months.count == 12)
        #expect(forecast.note == nil)
        let backtest = try #require(forecast.backtest)
        #expect(backtest.months == 12)
        #expect(backtest.incomeMAPE == 0)
        #expect(backtest.expensesMAPE == 0)
        for (offset, month) in forecast.months.enumerated() {
            let t = 36 + offset
            #expect(month.month == start.adding(months: t))
            #expect(abs(month.income - income(t)) <= 2)
            #expect(abs(month.expenses - expenses(t)) <= 2)
            #expect(month.net == month.income - month.expenses)
            // A perfect back-test leaves no width to the band.
            #expect(month.low == month.net && month.high == month.net)
        }
        // January 2026, t = 36: 3,000 + 180 − 30 = 3,150.00 and 2,000 + 288 + 20 = 2,308.00.
        #expect(forecast.months[0].income == 315_000)
        #expect(forecast.months[0].expenses == 230_800)
        // July 2026, t = 42: 3,000 + 210 + 40 = 3,250.00 and 2,000 + 336 + 30 = 2,366.00.
        #expect(forecast.months[6].income == 325_000)
        #expect(forecast.months[6].expenses == 236_600)
    }

    @Test func backtestArithmeticOnSixMonths() throws {
        // Income 100 … 150 rises by 10 a month: the trend forecasts months 4-6 exactly (MAPE 0). Naive:
        // mean(100,110,120) = 110 vs 130, 120 vs 140, 130 vs 150: (20/130 + 20/140 + 20/150) / 3 = 0.1433.
        // Expenses 50 60 40 50 60 40. Trend from the months before: 40 vs 50, 45 vs 60, 55 vs 40:
        // (10/50 + 15/60 + 15/40) / 3 = 0.275. Naive: 50 vs 50, 50 vs 60, 50 vs 40: (0 + 1/6 + 1/4) / 3 = 0.1389.
        let history = Self.history(
            from: YearMonth(year: 2026, month: 1)!, income: [10_000, 11_000, 12_000, 13_000, 14_000, 15_000],
            expenses: [5_000, 6_000, 4_000, 5_000, 6_000, 4_000])
        let forecast = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0, horizon: 4)
        let backtest = try #require(forecast.backtest)
        #expect(backtest.months == 3)
        #expect(backtest.incomeMAPE == 0)
        #expect(backtest.naiveIncomeMAPE == 0.1433)
        #expect(backtest.expensesMAPE == 0.275)
        #expect(backtest.naiveExpensesMAPE == 0.1389)
        #expect(forecast.incomeMethod == .trend)
        #expect(forecast.expensesMethod == .naive)
        #expect(forecast.method == "mixed")
        #expect(
            forecast.note
                == "naive forecast (mean of last 3 months) for expenses: the trend model did not beat it by 10% in the "
                + "back-test, so the band is the wider of the two")

        // Net errors with the chosen methods: 80 − 80, 80 − 90, 110 − 100 = 0, −10, +10; root mean square
        // √(200/3) = 8.165, × 1.2816 = 10.4642. Expenses fell back to naive, so the models' net errors count
        // too: income 0, 0, 0 less expenses 50 − 40, 60 − 45, 40 − 55 = −10, −15, +15; root mean square
        // √(550/3) = 13.5401, × 1.2816 = 17.3529 for h = 1 and × 2 = 34.7059 for h = 4: the wider band.
        let july = forecast.months[0]
        #expect(july.month == YearMonth(year: 2026, month: 7)!)
        #expect(july.income == 16_000)
        #expect(july.expenses == 5_000)  // (50 + 60 + 40) / 3
        #expect(july.net == 11_000)
        #expect(july.low == 9_265)
        #expect(july.high == 12_735)
        let october = forecast.months[3]
        #expect(october.income == 19_000)
        #expect(october.net == 14_000)
        #expect(october.low == 10_529)
        #expect(october.high == 17_471)
    }

    @Test func theModelMustBeatNaiveByTheMargin() throws {
        // Income 100, 110, 120, 130, 140, 88; expenses a flat 50. Trend from the months before: 130 vs 130,
        // 140 vs 140, 150 vs 88: MAPE (0 + 0 + 62/88) / 3 = 0.2348. Naive: 110 vs 130, 120 vs 140, 130 vs 88:
        // (20/130 + 20/140 + 42/88) / 3 = 0.2580. The model is better, but by 9% (0.2348 > 0.9 × 0.2580 =
        // 0.2322): not by the 10% margin, so income is naive, at (130 + 140 + 88) / 3 = 119.33.
        let history = Self.history(
            from: YearMonth(year: 2026, month: 1)!, income: [10_000, 11_000, 12_000, 13_000, 14_000, 8_800],
            expenses: [5_000, 5_000, 5_000, 5_000, 5_000, 5_000])
        let forecast = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0, horizon: 1)
        let backtest = try #require(forecast.backtest)
        #expect(backtest.incomeMAPE == 0.2348)
        #expect(backtest.naiveIncomeMAPE == 0.2580)
        #expect(forecast.incomeMethod == .naive)
        #expect(forecast.months[0].income == 11_933)
        #expect(forecast.months[0].net == 6_933)
        // Net errors (expenses are exact either way): naive +20, +20, −42, root mean square √(2564/3) = 29.2347,
        // × 1.2816 = 37.47; the model's 0, 0, −62, √(3844/3) = 35.7957, × 1.2816 = 45.88. The band is the
        // wider: ±45.88, where naive's own errors alone would have given ±37.47.
        #expect(forecast.months[0].low == 6_933 - 4_588)
        #expect(forecast.months[0].high == 6_933 + 4_588)
    }

    /// Three years (2024-2026) of a flat 2,000.00 a month with 800.00 more every December (a real
    /// season), and in March 2025 a sofa of 2,400.00 bought once. Left out of the fit, the history is
    /// exactly a flat line plus December, and every back-test month has 24 months before it (each
    /// calendar month seen twice): the model recovers the series (back-test error 0) and forecasts
    /// March 2027 at 2,000.00 and December at 2,800.00. Naive misses December by 800/2,800 and the three
    /// months after it by 266.67/2,000 each: (0.285714 + 3 × 0.133333) / 12 = 0.0571. Fitted as it
    /// stands, the sofa is a March season: the back-test misses and the model carries it to March 2027.
    @Test func aOneOffPurchaseIsNotASeason() throws {
        let start = YearMonth(year: 2024, month: 1)!
        let expenses: [Int64] = (0..<36).map { $0 % 12 == 11 ? 280_000 : 200_000 }
        var history = Self.history(
            from: start, income: [Int64](repeating: 300_000, count: 36), expenses: expenses)
        history[14].expenses += 240_000
        let asItStands = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0)
        history[14].oneOffExpenses = 240_000
        let leftOut = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0)

        #expect(leftOut.expensesMethod == .trendSeasonal)
        #expect(leftOut.backtest?.expensesMAPE == 0)
        #expect(leftOut.backtest?.naiveExpensesMAPE == 0.0571)
        #expect(leftOut.months[2].month == YearMonth(year: 2027, month: 3)!)
        #expect(leftOut.months[2].expenses == 200_000)
        #expect(leftOut.months[11].expenses == 280_000)
        // The flat income is forecast exactly by both methods: the model does not beat naive.
        #expect(
            leftOut.note
                == "naive forecast (mean of last 3 months) for income: the trend model did not beat it by 10% in the "
                + "back-test, so the band is the wider of the two; one-off purchases left out of the expenses fitted: "
                + "March 2025")

        let error = try #require(asItStands.backtest?.expensesMAPE)
        #expect(error > 0.0571)
        #expect(asItStands.expensesMethod == .naive)
        let raw = TrendSeasonalModel(values: history.map { Double($0.expenses) }, firstMonth: start)
        #expect(raw.value(at: YearMonth(year: 2027, month: 3)!) > 250_000)
    }

    @Test func bandUsesPercentilesOnceThereAreTenErrors() {
        // Eleven errors −50 … 50: the 10th percentile sits at rank 0.1 × 10 = 1 (−40), the 90th at rank 9 (40).
        let eleven = Forecaster.band(netErrors: stride(from: -50.0, through: 50, by: 10).map { $0 })
        #expect(eleven.low == -40 && eleven.high == 40)
        // Three errors 0, −10, 10: ±1.2816 × √(200/3) = ±10.4642.
        let three = Forecaster.band(netErrors: [0, -10, 10])
        #expect(abs(three.high - 10.4642) < 1e-4 && abs(three.low + 10.4642) < 1e-4)
        // Two errors prove nothing: no band.
        #expect(Forecaster.band(netErrors: [5, -5]) == (0, 0))
    }

    @Test func zeroHorizonForecastsNoMonths() {
        let history = Self.history(
            from: YearMonth(year: 2026, month: 1)!, income: [1, 2, 3, 4], expenses: [1, 2, 3, 4])
        #expect(Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0, horizon: 0).months.isEmpty)
    }

    @Test func lessThanThreeMonthsGivesNoForecast() {
        let history = Self.history(from: YearMonth(year: 2026, month: 1)!, income: [1, 2], expenses: [1, 2])
        let forecast = Forecaster().forecast(history, recurringIncome: 100, recurringExpenses: 100)
        #expect(forecast.months.isEmpty)
        #expect(forecast.note == "needs 3 months of history")
        #expect(forecast.backtest == nil)
        #expect(forecast.incomeMethod == ForecastMethod.none)
        #expect(forecast.method == "none")
    }

    @Test func threeMonthsAreNaiveWithoutABacktest() {
        let history = Self.history(
            from: YearMonth(year: 2026, month: 1)!, income: [10_000, 20_000, 30_001], expenses: [3_000, 3_000, 3_001])
        let forecast = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0, horizon: 2)
        #expect(forecast.backtest == nil)
        #expect(forecast.method == "naive (mean of last 3 months)")
        // 60,001 / 3 = 20,000.33 -> 20,000; 9,001 / 3 = 3,000.33 -> 3,000. No errors, no band.
        #expect(forecast.months.map(\.income) == [20_000, 20_000])
        #expect(forecast.months.map(\.expenses) == [3_000, 3_000])
        #expect(forecast.months.map(\.low) == [17_000, 17_000])
        #expect(
            forecast.note
                == "naive forecast: the back-test needs 6 months of history to show whether the trend model does better"
        )
    }

    @Test func noSeasonalPartBeforeThirteenMonths() throws {
        // 10, 30, 10, 30, … over twelve months: a plain least-squares line, mean 20 at t = 5.5, slope
        // Σ(t − 5.5)(y − 20) / Σ(t − 5.5)² = 60 / 143; at t = 12: 20 + 6.5 × 60/143 = 20 + 30/11.
        let values: [Double] = (0..<12).map { $0 % 2 == 0 ? 1_000 : 3_000 }
        let start = YearMonth(year: 2025, month: 1)!
        let model = TrendSeasonalModel(values: values, firstMonth: start)
        #expect(model.seasonal == nil)
        #expect(abs(model.value(at: start.adding(months: 12)) - (2_000 + 3_000 / 11.0)) < 1e-6)
        let withThirteen = TrendSeasonalModel(values: values + [1_000], firstMonth: start)
        #expect(withThirteen.seasonal != nil)
    }

    @Test func singlySeenCalendarMonthsAreShrunk() throws {
        // Thirteen months, flat 100 except a one-off 160 in March: March is seen once, so its deviation
        // from the trend is halved before it is used again.
        var values = [Double](repeating: 10_000, count: 13)
        values[2] = 16_000
        let start = YearMonth(year: 2025, month: 1)!
        let model = TrendSeasonalModel(values: values, firstMonth: start)
        let season = try #require(model.seasonal)
        let march = season[2]
        // Without shrinking, March would carry (nearly) the whole 60 it stands above the others.
        #expect(march > 2_000 && march < 3_500)
    }

    @Test func noisyFlatSeriesFallsBackToNaive() throws {
        // Flat 3,000.00 and 2,000.00 with the same hand-picked noise: the trend and season chase noise,
        // and the mean of the last three months (noise −16 − 21 + 37 = 0) does better.
        let noise: [Int64] = [
            3_100, -4_200, 800, -2_500, 4_900, -700, -3_800, 2_200, 1_500, -4_600, 3_300, -1_200, 4_100, -2_900, -300,
            2_700, -4_400, 1_900, 600, -3_500, 4_800, -1_600, -2_100, 3_700,
        ]
        let history = Self.history(
            from: YearMonth(year: 2024, month: 1)!, income: noise.map { 300_000 + $0 },
            expenses: noise.map { 200_000 + $0 })
        let forecast = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0)
        let backtest = try #require(forecast.backtest)
        let incomeMAPE = try #require(backtest.incomeMAPE)
        let naiveIncomeMAPE = try #require(backtest.naiveIncomeMAPE)
        #expect(naiveIncomeMAPE <= incomeMAPE)
        #expect(forecast.method == "naive (mean of last 3 months)")
        #expect(
            forecast.note
                == "naive forecast (mean of last 3 months) for income and expenses: the trend model did not beat it "
                + "by 10% in the back-test, so the band is the wider of the two")
        #expect(forecast.months.allSatisfy { $0.income == 300_000 && $0.expenses == 200_000 })
    }

    @Test func recurringAmountsAreAFloorAndNothingIsNegative() {
        // Expenses fall 50, 40, 30, 20, 10, 5: the trend wins the back-test and heads below zero.
        let history = Self.history(
            from: YearMonth(year: 2026, month: 1)!, income: [0, 0, 0, 0, 0, 0],
            expenses: [5_000, 4_000, 3_000, 2_000, 1_000, 500])
        let floored = Forecaster().forecast(history, recurringIncome: 1_000, recurringExpenses: 2_500, horizon: 3)
        #expect(floored.expensesMethod == .trend)
        #expect(floored.months.map(\.income) == [1_000, 1_000, 1_000])
        #expect(floored.months.map(\.expenses) == [2_500, 2_500, 2_500])
        #expect(floored.months.map(\.net) == [-1_500, -1_500, -1_500])
        let bare = Forecaster().forecast(history, recurringIncome: 0, recurringExpenses: 0, horizon: 3)
        #expect(bare.months.map(\.expenses) == [0, 0, 0])
        #expect(bare.months.map(\.income) == [0, 0, 0])
        // Income is zero in every back-test month: no MAPE to claim.
        #expect(bare.backtest?.incomeMAPE == nil)
    }
}
