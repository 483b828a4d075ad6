/// A linear value axis with round tick marks, mapping values to SVG coordinates.
///
/// The axis always includes zero and runs from a multiple of the tick step below the smallest
/// value to one above the largest, so bars start at a gridline and labels are round numbers.
struct ChartScale: Sendable, Equatable {
    let lower: Double
    let upper: Double
    let step: Double
    /// SVG y (or x) of `lower` and of `upper`.
    let start: Double
    let end: Double

    /// - Parameters:
    ///   - values: what the axis must show (zero is always included).
    ///   - targetTicks: about how many intervals the axis should have.
    ///   - start, end: the coordinates `lower` and `upper` map to (for a y axis, start > end).
    init(values: [Double], targetTicks: Int, start: Double, end: Double) {
        let finite = values.filter(\.isFinite)
        let smallest = min(finite.min() ?? 0, 0)
        let largest = max(finite.max() ?? 0, 0)
        let range = largest - smallest
        let step = range > 0 ? ChartScale.niceStep(range / Double(max(targetTicks, 1))) : 1
        self.step = step
        lower = (smallest / step).rounded(.down) * step
        let top = (largest / step).rounded(.up) * step
        upper = top > lower ? top : lower + step
        self.start = start
        self.end = end
    }

    /// The coordinate of `value`.
    func position(_ value: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }

    /// The tick values from `lower` to `upper`, one step apart.
    var ticks: [Double] {
        let count = Int(((upper - lower) / step).rounded())
        return (0...count).map { lower + Double($0) * step }
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let fraction = raw / magnitude
        let nice: Double = fraction <= 1 ? 1 : (fraction <= 2 ? 2 : (fraction <= 5 ? 5 : 10))
        return nice * magnitude
    }
}
