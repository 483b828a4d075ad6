import Mustache
import Testing

@testable import Report

@Suite struct TextEscapingTests {
    @Test(arguments: [
        ("Tesco", "Tesco"),
        ("Marks & Spencer", "Marks & Spencer"),
        ("M&S", "M\\&S"),
        ("&amp;", "\\&amp;"),
        ("a | b", "a \\| b"),
        ("*NEW* shop_1", "\\*NEW\\* shop\\_1"),
        ("<script>alert(1)</script>", "\\<script\\>alert(1)\\</script\\>"),
        ("[link](http://x)", "\\[link\\](http://x)"),
        ("line\nbreak", "line break"),
        ("- minus first", "\\- minus first"),
        ("# not a heading", "\\# not a heading"),
        ("back\\slash `code` ~strike~", "back\\\\slash \\`code\\` \\~strike\\~"),
    ])
    func escapesMarkdown(text: String, expected: String) {
        #expect(TextEscaping.markdown(text) == expected)
    }

    @Test(arguments: [
        ("Café Nero", "Café Nero"),
        ("tab\there", "tab here"),
        ("+44 20 7946 0000", "\\+44 20 7946 0000"),
        ("=SUM(A1)", "\\=SUM(A1)"),
        ("Ünsal & Co", "Ünsal & Co"),
    ])
    func leavesTextWithoutMarksAsItIsAndStillEscapesTheRest(text: String, expected: String) {
        #expect(TextEscaping.markdown(text) == expected)
    }

    @Test func textTheQuickCheckPassesIsTextTheEscapingLeavesAlone() {
        // Every ASCII character alone, first, and inside a word: where the byte check says
        // nothing needs escaping, the escaping scalar by scalar changes nothing either.
        // (The check may say "maybe" where nothing changes: `&` before a space.)
        for value in UInt8(0)..<0x80 {
            let character = String(UnicodeScalar(value))
            for text in [character, character + "a", "a" + character + "b"]
            where !TextEscaping.needsMarkdownEscaping(text) {
                #expect(TextEscaping.markdownEscaped(text) == text, "\(value)")
            }
        }
    }

    @Test(arguments: [
        ("Tesco Stores", "Tesco Stores"),
        ("Tom & Jerry's <\"Bistro\">", "Tom &amp; Jerry&#39;s &lt;&quot;Bistro&quot;&gt;"),
        ("Café <b>Crème</b>", "Café &lt;b&gt;Crème&lt;/b&gt;"),
        ("&amp;", "&amp;amp;"),
        ("", ""),
    ])
    func escapesHTMLAsTheTemplateEngineDid(text: String, expected: String) {
        #expect(TextEscaping.html(text) == expected)
        // swift-mustache's own escaping, which the page templates used before, gives the same.
        let template = try? MustacheTemplate(string: "{{value}}")
        #expect(template?.render(["value": text]) == expected)
    }

    @Test func escapesASpecialCharacterThatACombiningMarkFollows() {
        // One `Character` with the accent, which swift-mustache's own escaping left as it was.
        #expect(TextEscaping.html("a <\u{301}b") == "a &lt;\u{301}b")
    }

    @Test func escapesXML() {
        #expect(TextEscaping.xml("Tom & Jerry's <\"Bistro\">") == "Tom &amp; Jerry&#39;s &lt;&quot;Bistro&quot;&gt;")
    }

    @Test func htmlEscapingIsLeftToTheTemplates() {
        #expect(TextEscaping.none.apply("<b>&") == "<b>&")
    }
}
