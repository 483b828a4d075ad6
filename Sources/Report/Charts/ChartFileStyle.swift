/// The style a chart carries when it is written as a file of its own (`charts/trend.svg`, shown
/// by `report.md`), so that it follows light and dark mode as the page's inline copy does.
///
/// Taken from the page's style sheet: its `:root` colour variables, its dark-mode block, and its
/// `.chart` rules (in a file of its own the `<svg>` element is the root, so the same selectors
/// apply). A style sheet edited into another shape gives fewer rules, and the charts then keep
/// the colours written on their elements.
struct ChartFileStyle: Sendable {
    /// The CSS to embed, empty when the style sheet has none of those parts.
    let css: String

    init(styleSheet: String) {
        var parts: [String] = []
        if let root = Self.block(after: ":root {", in: styleSheet) { parts.append(root) }
        if let dark = Self.block(after: "@media (prefers-color-scheme: dark) {", in: styleSheet) { parts.append(dark) }
        parts += styleSheet.split(separator: "\n").filter { $0.hasPrefix(".chart") }.map(String.init)
        css = parts.joined(separator: "\n")
    }

    /// `svg` with the style inserted as the first child of its root element.
    func standalone(_ svg: String) -> String {
        guard !css.isEmpty, !css.contains("]]>"), let open = svg.range(of: "<svg"),
            let end = svg[open.upperBound...].firstIndex(of: ">")
        else { return svg }
        let after = svg.index(after: end)
        return String(svg[..<after]) + "\n<style><![CDATA[\n" + css + "\n]]></style>" + String(svg[after...])
    }

    /// The text from `opening` to the brace that closes it, braces inside counted.
    static func block(after opening: String, in text: String) -> String? {
        guard let start = text.range(of: opening) else { return nil }
        var depth = 1
        var index = start.upperBound
        while index < text.endIndex {
            switch text[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return String(text[start.lowerBound...index]) }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }
}
