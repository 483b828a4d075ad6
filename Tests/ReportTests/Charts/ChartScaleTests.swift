import Testing

@testable import Report

@Suite struct ChartScaleTests {
    @Test(arguments: [
        (0.3, 0.5), (1.0, 1.0), (1.2, 2.0), (3.0, 5.0), (7.0, 10.0), (815.0, 1000.0), (1018.0, 2000.0),
        (2400.0, 5000.0),
    ])
    func picksNiceSteps(raw: Double, expected: Double) {
        #expect(ChartScale.niceStep(raw) == expected)
    }

    @Test func coversNegativeValuesAndIncludesZero() {
        // -362.45 ... 3712.45 over 5 intervals: 815 a step, so 1000; -1000 ... 4000.
        let scale = ChartScale(values: [-362.45, 3712.45, 3200], targetTicks: 5, start: 200, end: 30)
        #expect(scale.lower == -1000)
        #expect(scale.upper == 4000)
        #expect(scale.ticks == [-1000, 0, 1000, 2000, 3000, 4000])
        #expect(scale.position(-1000) == 200)
        #expect(scale.position(4000) == 30)
        #expect(scale.position(0) == 166)  // 200 - 1000/5000 * 170
    }

    @Test func allZeroValuesStillMakeAnAxis() {
        let scale = ChartScale(values: [0, 0], targetTicks: 4, start: 100, end: 0)
        #expect(scale.ticks == [0, 1])
        #expect(scale.position(0) == 100)
    }

    @Test(arguments: [(12.0, "12"), (12.25, "12.3"), (-0.04, "0"), (-3.5, "-3.5"), (143.333, "143.3")])
    func writesCoordinates(value: Double, expected: String) {
        #expect(SVGNumber.string(value) == expected)
    }
}
