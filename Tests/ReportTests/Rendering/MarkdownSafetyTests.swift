import AnalysisFile
import Foundation
import Report
import Testing

/// Bank text that would end a Markdown table row, add a cell or make a link stays text.
@Suite struct MarkdownSafetyTests {
    static let hostilePayees = [
        "Pipe | Shop | Ltd", "*Bold* _Corp_", "[x](javascript:alert(1))", "Line\nbreak | Ltd",
        "<script>alert(1)</script>", "\"><img src=x onerror=alert(1)>", "Back\\|slash",
    ]

    func markdown(payee: String) throws -> String {
        var analysis = try TestFiles.analysis()
        analysis.largestExpenses[0].payee = payee
        analysis.recurring?[0].payee = payee
        analysis.recommendations?[0].message = payee
        analysis.plan?.goals[0].name = payee
        let rendered = try ReportRenderer(templates: try TestFiles.templates())
            .render(try MonthReport(analysis: analysis, path: "analysis.json"))
        return String(decoding: rendered.markdown, as: UTF8.self)
    }

    /// The `|` that Markdown reads as cell borders: those not after a backslash.
    static func cellBorders(_ line: Substring) -> Int {
        var count = 0
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                count += 1
            }
        }
        return count
    }

    /// `[text](target)` where neither bracket is escaped.
    static func hasLink(_ line: Substring) -> Bool {
        var escaped = false
        var openBracket = false
        var previous: Character = " "
        for character in line {
            defer { previous = character }
            if escaped {
                escaped = false
                continue
            }
            if character == "\\" {
                escaped = true
            } else if character == "[" {
                openBracket = true
            } else if character == "(" && previous == "]" && openBracket {
                return true
            }
        }
        return false
    }

    /// Whether `mark` occurs in `text` other than after a backslash.
    static func hasUnescaped(_ mark: Character, in text: String) -> Bool {
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == mark {
                return true
            }
        }
        return false
    }

    @Test(arguments: hostilePayees)
    func keepsEveryTableRowWhole(payee: String) throws {
        let markdown = try markdown(payee: payee)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        // Each table: its rows have as many borders as its header.
        var expected: Int?
        for line in lines {
            guard line.hasPrefix("|") else {
                expected = nil
                continue
            }
            let borders = Self.cellBorders(line)
            if let expected {
                #expect(borders == expected, "\(line)")
            } else {
                expected = borders
            }
        }
        // The payee's rows are there, on one line each.
        #expect(lines.contains { $0.hasPrefix("| 1 Oct |") })
        #expect(lines.contains { $0.hasPrefix("| Landlord") } == false || payee.hasPrefix("Landlord"))
    }

    @Test(arguments: hostilePayees)
    func makesNoLinkNorMarkup(payee: String) throws {
        let markdown = try markdown(payee: payee)
        // The only links are the report's own chart images, each alone on its line.
        for line in markdown.split(separator: "\n") where !Self.isChartImage(line) {
            #expect(!Self.hasLink(line), "\(line)")
        }
        // An HTML tag needs a `<` that is not escaped.
        #expect(!Self.hasUnescaped("<", in: markdown))
        #expect(!markdown.contains("*Bold*"))
    }

    /// `![Spending by category](charts/categories.svg)`: a chart file the renderer wrote.
    static func isChartImage(_ line: Substring) -> Bool {
        line.wholeMatch(of: /!\[[A-Za-z0-9 ,:'%.-]+\]\(charts\/[a-z-]+\.svg\)/) != nil
    }

    @Test func theCheckersCatchWhatTheyLookFor() {
        #expect(Self.isChartImage("![Spending by category](charts/categories.svg)"))
        #expect(!Self.isChartImage("![x](javascript:alert(1))"))
        #expect(!Self.isChartImage("see ![x](charts/a.svg)"))
        #expect(Self.cellBorders("| a \\| b | c |") == 3)
        #expect(Self.cellBorders("| a \\\\| b |") == 3)
        #expect(Self.hasLink("see [x](javascript:alert(1))"))
        #expect(!Self.hasLink("see \\[x\\](javascript:alert(1))"))
        #expect(Self.hasUnescaped("<", in: "a <b>"))
        #expect(!Self.hasUnescaped("<", in: "a \\<b\\>"))
    }
}
