import Ledger

/// A word-sized line of a series (net worth over the last months) for the site index.
///
/// No axis and no labels: its `<title>` says the first and last values in words, and the index
/// table beside it has the month's figures. Drawn on its own scale from the lowest to the highest
/// value, so a flat series is a flat line in the middle.
public struct Sparkline: Sendable {
    public var values: [Money]
    /// `Net worth, November 2025 to October 2026`.
    public var label: String

    public init(values: [Money], label: String) {
        self.values = values
        self.label = label
    }

    static let width = 96.0
    static let height = 24.0

    /// The line, or an empty string with fewer than two values.
    public var svg: String {
        guard values.count > 1, let first = values.first, let last = values.last else { return "" }
        let n = SVGNumber.string
        let numbers = values.map(\.approximateValue)
        let low = numbers.min() ?? 0
        let high = numbers.max() ?? 0
        let span = high - low
        let step = (Self.width - 4) / Double(numbers.count - 1)
        let points = numbers.enumerated().map { index, value in
            let y = span > 0 ? 2 + (high - value) / span * (Self.height - 4) : Self.height / 2
            return "\(n(2 + Double(index) * step)),\(n(y))"
        }
        let title =
            "\(label): \(AmountFormatter.signedString(first)) to \(AmountFormatter.signedString(last))"
        return """
            <svg class="sparkline" viewBox="0 0 \(n(Self.width)) \(n(Self.height))" width="\(n(Self.width))" \
            height="\(n(Self.height))" role="img" aria-label="\(TextEscaping.xml(title))" \
            xmlns="http://www.w3.org/2000/svg"><title>\(TextEscaping.xml(title))</title>\
            <polyline class="net-line" points="\(points.joined(separator: " "))" fill="none" stroke="#1f4e79" \
            stroke-width="1.5"/></svg>
            """
    }
}
