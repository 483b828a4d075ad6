/// Coordinates written with at most one decimal (`12.5`, `40`), so SVG text is short and the
/// same on every machine.
enum SVGNumber {
    static func string(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let tenths = Int64((value * 10).rounded(.toNearestOrAwayFromZero))
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        let whole = magnitude / 10
        let fraction = magnitude % 10
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
