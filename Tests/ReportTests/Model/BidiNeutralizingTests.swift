import AnalysisFile
import Foundation
import Report
import Testing

@Suite("Bidirectional controls in reports")
struct BidiNeutralizingTests {
    static let payee = "INVOICE\u{202E}fdp.exe \u{2066}x\u{2069} \u{200F}"

    @Test("every bidirectional control is shown as its code point; other text is left alone")
    func neutralizes() {
        #expect(
            TextEscaping.neutralizingBidi(Self.payee) == "INVOICE[U+202E]fdp.exe [U+2066]x[U+2069] [U+200F]")
        for value in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F] {
            let text = "a" + String(Unicode.Scalar(UInt32(value))!) + "b"
            #expect(!TextEscaping.neutralizingBidi(text).unicodeScalars.contains { $0.value == UInt32(value) })
        }
        #expect(TextEscaping.neutralizingBidi("Café – “quoted” عربي") == "Café – “quoted” عربي")
    }

    @Test("HTML and Markdown show them neutralised; the JSON keeps the text")
    func inTheReport() throws {
        var analysis = try TestFiles.analysis()
        analysis.largestExpenses[0].payee = Self.payee
        let rendered = try ReportRenderer(templates: try TestFiles.templates())
            .render(try MonthReport(analysis: analysis, path: "bidi.json"))
        let html = String(decoding: rendered.html, as: UTF8.self)
        let markdown = String(decoding: rendered.markdown, as: UTF8.self)
        for text in [html, markdown] {
            #expect(!text.unicodeScalars.contains { TextEscaping.isBidiControlForTests($0) })
        }
        #expect(html.contains("INVOICE[U+202E]fdp.exe"))
        #expect(markdown.contains("INVOICE\\[U+202E\\]fdp.exe"))
        let document = try JSONDecoder().decode(ReportDocument.self, from: Data(rendered.json))
        #expect(document.largestExpenses[0].payee == Self.payee)
    }
}

extension TextEscaping {
    static func isBidiControlForTests(_ scalar: Unicode.Scalar) -> Bool {
        [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains(scalar.value)
    }
}
