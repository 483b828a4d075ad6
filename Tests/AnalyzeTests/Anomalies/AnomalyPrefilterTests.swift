import Testing

@testable import Analyze

/// The checks that turn ordinary amounts away before a history is sorted may let an amount
/// through that the full test rejects, but never turn away one it would report.
@Suite struct AnomalyPrefilterTests {
    /// Ten amounts of £10.00: the median is 1,000 and the scale at least its tenth, 100, so a z of
    /// 3.5 needs 1,350; 1,349 cannot reach it.
    @Test func unusualAmountNeedsOneAndAThirdOfTheMedian() {
        let history = [Int64](repeating: -1_000, count: 10)
        #expect(StatisticalDetector.mayBeUnusual(1_350, history))
        #expect(!StatisticalDetector.mayBeUnusual(1_349, history))
        // Half the values small, half large (median 5,500 for an even count): 2 × 1,000 ≤ 1,350 / 1.35
        // is half of four, rounded up, so it may be; 1,349 has none at or below its bound.
        #expect(StatisticalDetector.mayBeUnusual(1_350, [-1_000, -1_000, -10_000, -10_000]))
        #expect(!StatisticalDetector.mayBeUnusual(1_349, [-1_000, -1_000, -10_000, -10_000]))
    }

    /// Twenty amounts 1…20 (pence): the 95th percentile sits between the 19th and 20th values at
    /// rank 18.05, so an amount must be above 19 to pass; 19 itself has only 18 values below it.
    @Test func newPayeeNeedsMoreValuesBelowThanThePercentilesRank() {
        let history = (1...20).map { -Int64($0) }
        #expect(NewPayeeDetector.mayExceedPercentile(20, history))
        #expect(!NewPayeeDetector.mayExceedPercentile(19, history))
    }

    /// Random histories (8 to 200 amounts, from narrow to very spread) and amounts: whenever the
    /// full computation reports, the prefilter let the amount through.
    @Test func prefiltersNeverTurnAwayWhatTheFullTestReports() {
        var random = GeneratedHousehold.Generator(seed: 2026)
        var reported = (unusual: 0, newPayee: 0)
        for _ in 0..<20_000 {
            let count = Int(random.uniform(8...200))
            let centre = random.uniform(100...50_000)
            let spread = random.uniform(0...centre)
            let history = (0..<count).map { _ in -random.uniform(max(1, centre - spread)...(centre + spread)) }
            let amount = Double(random.uniform(1...(centre * 3)))
            let statistics = SampleStatistics(magnitudes: history)
            let median = statistics.median
            let scale = max(
                StatisticalDetector.madToStandardDeviation * statistics.medianAbsoluteDeviation,
                StatisticalDetector.relativeFloor * median, StatisticalDetector.absoluteFloor)
            if median > 0, amount > median, (amount - median) / scale >= StatisticalDetector.threshold {
                reported.unusual += 1
                #expect(StatisticalDetector.mayBeUnusual(amount, history), "\(amount) against \(history)")
            }
            let percentile = statistics.percentile(NewPayeeDetector.percentile)
            if count >= NewPayeeDetector.minimumCategoryHistory, percentile > 0, amount > percentile {
                reported.newPayee += 1
                #expect(NewPayeeDetector.mayExceedPercentile(amount, history), "\(amount) against \(history)")
            }
        }
        // Both branches were exercised.
        #expect(reported.unusual > 1_000)
        #expect(reported.newPayee > 1_000)
    }
}
