import Ledger

/// One series' model: a straight line through the last months plus, with enough history, an additive
/// month-of-year part.
///
/// - The trend is least squares over the last `trendWindow` months of the deseasonalised values.
/// - The seasonal part (13 months of history or more) is each calendar month's mean deviation from the
///   trend, centred to sum to zero; a calendar month seen only once in the window is shrunk halfway to
///   zero, because one observation cannot tell a season from noise.
/// - The two are fitted by alternating them (backfitting) until the seasonal part stops moving; on a
///   series that really is a line plus a yearly pattern this recovers both exactly.
struct TrendSeasonalModel: Sendable, Equatable {
    /// Months the trend is fitted on: two years, so each calendar month is seen twice.
    static let trendWindow = 24
    /// History needed before a seasonal part is fitted: a full year and one month to compare.
    static let seasonalMinimumMonths = 13
    /// The weight left on a calendar month's deviation when it was seen once.
    static let singleObservationWeight = 0.5
    static let maximumIterations = 200
    static let convergence = 1e-9

    /// The month at index 0 of the fitted window.
    var origin: YearMonth
    var intercept: Double
    var slope: Double
    /// Twelve deviations by calendar month (January first); nil without a seasonal part.
    var seasonal: [Double]?

    /// Fits the model on `values` for consecutive months starting at `firstMonth`; needs one value.
    init(values: [Double], firstMonth: YearMonth) {
        let window = Array(values.suffix(Self.trendWindow))
        let origin = firstMonth.adding(months: values.count - window.count)
        self.origin = origin
        let times = window.indices.map(Double.init)
        guard values.count >= Self.seasonalMinimumMonths else {
            (intercept, slope) = Self.line(times, window)
            seasonal = nil
            return
        }
        let calendarMonths = window.indices.map { origin.adding(months: $0).month - 1 }
        var counts = [Int](repeating: 0, count: 12)
        for month in calendarMonths { counts[month] += 1 }
        var season = [Double](repeating: 0, count: 12)
        var line = Self.line(times, window)
        for _ in 0..<Self.maximumIterations {
            var sums = [Double](repeating: 0, count: 12)
            for (index, value) in window.enumerated() {
                sums[calendarMonths[index]] += value - (line.intercept + line.slope * times[index])
            }
            var next = [Double](repeating: 0, count: 12)
            var seen = 0
            for month in 0..<12 where counts[month] > 0 {
                let mean = sums[month] / Double(counts[month])
                next[month] = counts[month] == 1 ? mean * Self.singleObservationWeight : mean
                seen += 1
            }
            let centre = next.reduce(0, +) / Double(max(seen, 1))
            for month in 0..<12 where counts[month] > 0 { next[month] -= centre }
            let change = zip(next, season).map { abs($0 - $1) }.max() ?? 0
            season = next
            line = Self.line(times, window.indices.map { window[$0] - season[calendarMonths[$0]] })
            if change < Self.convergence { break }
        }
        intercept = line.intercept
        slope = line.slope
        seasonal = season
    }

    /// The model's value for `month` (any month, before or after the window).
    func value(at month: YearMonth) -> Double {
        let t = Double(origin.months(to: month))
        return intercept + slope * t + (seasonal?[month.month - 1] ?? 0)
    }

    /// Least squares line through `(x, y)`; flat at the mean for a single point.
    static func line(_ x: [Double], _ y: [Double]) -> (intercept: Double, slope: Double) {
        let n = Double(x.count)
        guard n > 0 else { return (0, 0) }
        let meanX = x.reduce(0, +) / n
        let meanY = y.reduce(0, +) / n
        var covariance = 0.0
        var variance = 0.0
        for index in x.indices {
            covariance += (x[index] - meanX) * (y[index] - meanY)
            variance += (x[index] - meanX) * (x[index] - meanX)
        }
        let slope = variance > 0 ? covariance / variance : 0
        return (meanY - slope * meanX, slope)
    }
}
