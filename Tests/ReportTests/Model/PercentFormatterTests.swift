import Report
import Testing

@Suite struct PercentFormatterTests {
    @Test(arguments: [
        (0.2345, "23.5%"),  // half rounds away from zero, as the decimal was written
        (0.24279, "24.3%"),
        (0.0, "0.0%"),
        (1.0, "100.0%"),
        (12.5, "1,250.0%"),
        (-0.04, "\u{2212}4.0%"),
        (-0.00004, "0.0%"),  // rounds to zero: no sign
        (0.00049, "0.0%"),
        (0.0005, "0.1%"),
        (-0.0005, "\u{2212}0.1%"),
        (Double.nan, "—"),
        (Double.infinity, "—"),
    ])
    func formatsRatios(ratio: Double, expected: String) {
        #expect(PercentFormatter.string(ratio) == expected)
    }

    @Test(arguments: [
        (0.039, "+3.9%"), (-0.161, "\u{2212}16.1%"), (0.0, "0.0%"), (-0.00001, "0.0%"), (1.08, "+108.0%"),
    ])
    func signsChanges(ratio: Double, expected: String) {
        #expect(PercentFormatter.signedString(ratio) == expected)
    }

    @Test(arguments: [(0.021, "+2.1 pts"), (-0.0507, "\u{2212}5.1 pts"), (0.0, "0.0 pts")])
    func writesPercentagePoints(difference: Double, expected: String) {
        #expect(PercentFormatter.signedPoints(difference) == expected)
    }
}
