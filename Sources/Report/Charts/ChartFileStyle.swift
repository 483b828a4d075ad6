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
    /// Whether `css` can go into a chart: not empty, and no `]]>` that would end its CDATA section.
    /// Decided once: searching the style for it took more than making the chart's file.
    let embeds: Bool

    init(styleSheet: String) {
        var parts: [String] = []
        if let root = Self.block(after: ":root {", in: styleSheet) { parts.append(root) }
        if let dark = Self.block(after: "@media (prefers-color-scheme: dark) {", in: styleSheet) { parts.append(dark) }
        parts += styleSheet.split(separator: "\n").filter { $0.hasPrefix(".chart") }.map(String.init)
        css = parts.joined(separator: "\n")
        embeds = !css.isEmpty && !css.contains("]]>")
    }

    /// `svg` with the style inserted as the first child of its root element.
    func standalone(_ svg: String) -> String {
        // The root's tag is ASCII: found in the bytes, where a search of the text went through
        // Foundation's comparison of composed characters.
        let bytes = Array(svg.utf8)
        guard embeds, let open = bytes.firstRange(of: Array("<svg".utf8)),
            let end = bytes[open.upperBound...].firstIndex(of: UInt8(ascii: ">"))
        else { return svg }
        return String(decoding: bytes[...end], as: UTF8.self) + "\n<style><![CDATA[\n" + css + "\n]]></style>"
            + String(decoding: bytes[(end + 1)...], as: UTF8.self)
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
