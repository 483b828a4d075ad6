import Foundation

/// The money-weighted annual return (XIRR) of an account: the one yearly rate at which every dated
/// payment into and out of it, and its value at the start, grow to its value at the end.
///
/// Why money-weighted and not the value's change: a pension that receives £200 a month grows
/// whatever the market does; the rate that discounts the contributions away answers "what did my
/// money earn", and it does not depend on when the valuations happen to fall.
///
/// The rate r solves Σᵢ aᵢ · (1 + r)^(−tᵢ) = 0, where aᵢ are the flows from the holder's side (a
/// contribution or the start value is negative, a withdrawal or the end value positive) and tᵢ
/// is the flow's distance from the first flow in years, Actual/365: days ÷ 365. It is found by
/// Newton's method from 10% (at most `newtonIterations` steps); when a step leaves r > −1, the
/// derivative vanishes or the steps do not settle, by bisection on (−1, `bisectionCeiling`].
/// Either way it has converged when a step moves r by less than `tolerance`. Money stays in
/// integer minor units up to here: only the rate is a `Double`.
public struct MoneyWeightedReturn: Sendable, Equatable {
    /// One payment, from the holder's side, in minor units: negative into the account.
    public struct Flow: Sendable, Equatable {
        public var day: Int
        public var amount: Int64

        public init(day: Int, amount: Int64) {
            self.day = day
            self.amount = amount
        }
    }

    public enum Outcome: Sendable, Equatable {
        /// 0.1 is 10% a year, rounded to `ratePlaces` decimals.
        case rate(Double)
        /// The flows span fewer than `minimumDays`: a yearly rate of weeks is noise.
        case tooShort(days: Int)
        /// No rate in (−1, `bisectionCeiling`] balances the flows (everything lost, say).
        case noSolution
    }

    /// Actual/365: a year is 365 days, leap years included.
    static let daysPerYear = 365.0
    /// About three months (a quarter of 90 to 92 days): shorter spans have no yearly rate.
    static let minimumDays = 89
    /// Newton's and bisection's convergence: a step that moves the rate by less than this.
    static let tolerance = 1e-10
    static let newtonStart = 0.1
    static let newtonIterations = 50
    static let bisectionIterations = 200
    /// 1,000,000% a year: beyond it the flows are read as having no rate.
    static let bisectionCeiling = 10_000.0
    /// The lowest rate bisection tries: just above −100%, where (1 + r) is still positive.
    static let bisectionFloor = -0.999_999_999
    /// The rate is kept to six decimals (0.0001 of a percent), so files stay stable.
    static let ratePlaces = 1_000_000.0

    public var flows: [Flow]

    public init(flows: [Flow]) {
        self.flows = flows.sorted { $0.day < $1.day }
    }

    public var outcome: Outcome {
        guard let first = flows.first?.day, let last = flows.last?.day else { return .noSolution }
        guard last - first >= Self.minimumDays else { return .tooShort(days: last - first) }
        let years = flows.map { Double($0.day - first) / Self.daysPerYear }
        let amounts = flows.map { Double($0.amount) }
        guard let rate = Self.newton(years, amounts) ?? Self.bisection(years, amounts) else { return .noSolution }
        return .rate((rate * Self.ratePlaces).rounded() / Self.ratePlaces)
    }

    /// Σ aᵢ (1 + r)^(−tᵢ) and its derivative Σ −tᵢ aᵢ (1 + r)^(−tᵢ−1).
    static func value(_ rate: Double, _ years: [Double], _ amounts: [Double]) -> (f: Double, slope: Double) {
        var f = 0.0
        var slope = 0.0
        for (t, a) in zip(years, amounts) {
            let discounted = a * pow(1 + rate, -t)
            f += discounted
            slope -= t * discounted / (1 + rate)
        }
        return (f, slope)
    }

    static func newton(_ years: [Double], _ amounts: [Double]) -> Double? {
        var rate = newtonStart
        for _ in 0..<newtonIterations {
            let (f, slope) = value(rate, years, amounts)
            guard slope != 0, slope.isFinite, f.isFinite else { return nil }
            let next = rate - f / slope
            guard next > -1, next.isFinite else { return nil }
            if abs(next - rate) < tolerance { return next }
            rate = next
        }
        return nil
    }

    static func bisection(_ years: [Double], _ amounts: [Double]) -> Double? {
        var low = bisectionFloor
        var high = bisectionCeiling
        let lowSign = value(low, years, amounts).f.sign
        guard value(high, years, amounts).f.sign != lowSign else { return nil }
        for _ in 0..<bisectionIterations {
            let middle = (low + high) / 2
            if value(middle, years, amounts).f.sign == lowSign { low = middle } else { high = middle }
            if high - low < tolerance { break }
        }
        return (low + high) / 2
    }
}
