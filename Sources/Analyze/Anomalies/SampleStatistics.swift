/// Order statistics and moments of a small sample, sorted once.
///
/// The detectors' histories hold a few dozen values at most, so sorting beats anything cleverer.
struct SampleStatistics: Sendable, Equatable {
    /// The values, ascending.
    let sorted: [Double]

    init(_ values: some Sequence<Double>) {
        sorted = values.sorted()
    }

    init(magnitudes values: some Sequence<Int64>) {
        self.init(values.map { Double($0.magnitude) })
    }

    var count: Int { sorted.count }

    /// The middle value (mean of the two middle ones for an even count); 0 when empty.
    var median: Double { percentile(0.5) }

    /// The median of the absolute deviations from the median.
    var medianAbsoluteDeviation: Double {
        let centre = median
        return SampleStatistics(sorted.map { abs($0 - centre) }).median
    }

    /// The `p` quantile (0...1) by linear interpolation between closest ranks (`(n − 1)p`, the
    /// definition spreadsheets use); 0 when empty.
    func percentile(_ p: Double) -> Double {
        guard let first = sorted.first else { return 0 }
        guard sorted.count > 1 else { return first }
        let position = min(max(p, 0), 1) * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    var mean: Double { sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count) }

    /// The sample standard deviation (divides by n − 1); 0 for fewer than two values.
    var standardDeviation: Double {
        guard sorted.count > 1 else { return 0 }
        let centre = mean
        let squares = sorted.reduce(0) { $0 + ($1 - centre) * ($1 - centre) }
        return (squares / Double(sorted.count - 1)).squareRoot()
    }
}
