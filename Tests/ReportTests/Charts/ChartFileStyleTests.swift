import Foundation
import Testing

@testable import Report

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A chart written as a file carries the page's colour variables, dark mode and chart rules.
@Suite struct ChartFileStyleTests {
    static let sheet = """
        :root {
          --fg: #111;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --fg: #eee;
          }
        }
        body { margin: 0; }
        .chart text { fill: var(--fg); }
        table { width: 100%; }
        .chart .bar-track { fill: var(--grid); }
        """

    @Test func keepsTheVariablesDarkModeAndChartRulesOnly() {
        let css = ChartFileStyle(styleSheet: Self.sheet).css
        #expect(
            css == """
                :root {
                  --fg: #111;
                }
                @media (prefers-color-scheme: dark) {
                  :root {
                    --fg: #eee;
                  }
                }
                .chart text { fill: var(--fg); }
                .chart .bar-track { fill: var(--grid); }
                """)
    }

    @Test func goesFirstInsideTheRootElement() {
        let style = ChartFileStyle(styleSheet: Self.sheet)
        let svg = #"<svg class="chart" viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"><rect/></svg>"#
        let file = style.standalone(svg)
        #expect(file.hasPrefix(#"<svg class="chart" viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg">"#))
        #expect(file.contains("\n<style><![CDATA[\n:root {"))
        #expect(file.hasSuffix("]]></style><rect/></svg>"))
        // Still well-formed XML.
        #expect(throws: Never.self) { try XMLDocument(xmlString: file) }
    }

    @Test func findsTheRootAfterWhatComesBeforeItAndKeepsTextBeyondASCII() {
        let style = ChartFileStyle(styleSheet: Self.sheet)
        let svg = #"<!-- Café --><svg class="chart"><title>Crème brûlée</title></svg>"#
        let file = style.standalone(svg)
        #expect(file.hasPrefix(#"<!-- Café --><svg class="chart">"# + "\n<style><![CDATA[\n:root {"))
        #expect(file.hasSuffix("]]></style><title>Crème brûlée</title></svg>"))
        #expect(style.standalone("<g/>") == "<g/>")
    }

    @Test func aStyleSheetWithoutThosePartsLeavesTheChartAlone() {
        let svg = #"<svg class="chart"><rect/></svg>"#
        #expect(ChartFileStyle(styleSheet: "body { color: red; }").standalone(svg) == svg)
        #expect(ChartFileStyle(styleSheet: ".chart x { content: ']]>'; }").standalone(svg) == svg)
    }
}
