import Testing

@testable import Report

/// Finding the partials a template includes, with the line and column of each tag.
@Suite struct TemplatePartialsTests {
    static func names(_ text: String) -> [String] {
        TemplateSet.partials(in: text).map { "\($0.name)@\($0.line):\($0.column)" }
    }

    @Test func findsIncludesAndParentsWithTheirPlace() {
        let text = "<p>{{title}}</p>\n{{> partials/a.html}}\n  x {{< base }} {{>  partials/b.html  }}\n"
        #expect(Self.names(text) == ["partials/a.html@2:1", "base@3:5", "partials/b.html@3:17"])
    }

    /// Columns count characters, not bytes: `é` and `·` are one column each.
    @Test func columnsCountCharacters() {
        #expect(Self.names("é · {{> p}}") == ["p@1:5"])
    }

    @Test func ignoresOtherTagsUnclosedTagsAndEmptyNames() {
        #expect(Self.names("{{{style}}} {{#a}}{{/a}} {{! > not}} {{>   }}") == [])
        #expect(Self.names("{{> open\n{{> next}}") == ["next@2:1"])
        #expect(Self.names("{{>") == [])
    }

    @Test func stopsAtADelimiterChange() {
        #expect(Self.names("{{> a}}\n{{=<% %>=}}\n{{> b}}") == ["a@1:1"])
    }
}
