import Ledger

/// Horizontal gridlines with round currency labels at a `ChartScale`'s ticks.
enum ValueAxis {
    /// Gridlines from `left` to `right`, the zero line darker, labels right-aligned before `left`.
    static func gridlines(_ scale: ChartScale, left: Double, right: Double, currency: Currency) -> String {
        let n = SVGNumber.string
        var svg = ""
        for tick in scale.ticks {
            let y = n(scale.position(tick))
            let isZero = tick == 0
            svg += "<line class=\"\(isZero ? "axis-zero" : "grid")\" x1=\"\(n(left))\" y1=\"\(y)\" x2=\"\(n(right))\" "
            svg += "y2=\"\(y)\" stroke=\"\(isZero ? "#888" : "#ddd")\" stroke-width=\"1\"/>\n"
            svg += "<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(scale.position(tick) + 4))\" text-anchor=\"end\" "
            svg += "fill=\"#666\">\(AmountFormatter.compactString(tick, currency: currency))</text>\n"
        }
        return svg
    }
}
