/// Turns ratios into percentages with one decimal: `0.2345` -> `23.5%`.
///
/// Rounding is half away from zero on the tenth of a percent, as the decimal value was written. A value that rounds to zero never
/// carries a sign, so a report never says `−0.0%`.
public enum PercentFormatter {
    /// `23.5%`, `−4.0%`, `1,250.0%`; `—` for a value that is not finite.
    public static func string(_ ratio: Double) -> String {
        guard let tenths = tenthsOfPercent(ratio) else { return "—" }
        return (tenths < 0 ? AmountFormatter.minus : "") + digits(tenths.magnitude) + "%"
    }

    /// `+23.5%`, `−4.0%`, `0.0%`.
    public static func signedString(_ ratio: Double) -> String {
        guard let tenths = tenthsOfPercent(ratio) else { return "—" }
        return sign(tenths) + digits(tenths.magnitude) + "%"
    }

    /// A difference of two rates in percentage points: `+2.1 pts`, `−0.4 pts`, `0.0 pts`.
    public static func signedPoints(_ ratioDifference: Double) -> String {
        guard let tenths = tenthsOfPercent(ratioDifference) else { return "—" }
        return sign(tenths) + digits(tenths.magnitude) + " pts"
    }

    /// The ratio in tenths of a percent, rounded half away from zero; nil when not finite or huge.
    static func tenthsOfPercent(_ ratio: Double) -> Int64? {
        guard ratio.isFinite else { return nil }
        let exact = (ratio * 1000).magnitude
        guard exact < 1e15 else { return nil }
        // 0.2345 is 234.49999999999997 tenths in binary: a remainder within a hair of one half
        // is the decimal half it was written as, and rounds away from zero.
        let floor = exact.rounded(.down)
        let remainder = exact - floor
        let rounded = (remainder - 0.5).magnitude < 1e-9 ? floor + 1 : exact.rounded()
        return ratio < 0 ? -Int64(rounded) : Int64(rounded)
    }

    private static func sign(_ tenths: Int64) -> String {
        tenths < 0 ? AmountFormatter.minus : (tenths > 0 ? "+" : "")
    }

    /// `12345` tenths -> `1,234.5`.
    private static func digits(_ tenths: UInt64) -> String {
        let whole = String(tenths / 10)
        var grouped = ""
        for (index, character) in whole.enumerated() {
            if index > 0 && (whole.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        return grouped + "." + String(tenths % 10)
    }
}
