import Report
import Testing

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

    @Test func escapesXML() {
        #expect(TextEscaping.xml("Tom & Jerry's <\"Bistro\">") == "Tom &amp; Jerry&#39;s &lt;&quot;Bistro&quot;&gt;")
    }

    @Test func htmlEscapingIsLeftToTheTemplates() {
        #expect(TextEscaping.none.apply("<b>&") == "<b>&")
    }
}
