import Report
import Testing

@Suite struct TemplateSetTests {
    static let minimal = [
        "report.html": "{{monthName}}", "report.md": "{{monthName}}", "index.html": "", "year.html": "",
        "feed.xml": "",
    ]

    @Test func locatesAParseErrorAtItsLineAndColumn() {
        var templates = Self.minimal
        templates["report.html"] = "<h1>{{monthName}}</h1>\n{{#headline}}\n<p>{{label}}</p>\n"
        #expect(
            throws: ReportError(
                .configuration, path: "report.html.mustache", line: 4, column: 1,
                message: "a section is not closed: add its '{{/name}}'")
        ) {
            try TemplateSet(templates: templates, style: "")
        }
    }

    @Test func namesAMissingTemplate() {
        var templates = Self.minimal
        templates["feed.xml"] = nil
        #expect(
            throws: ReportError(
                .configuration, path: "templates/feed.xml.mustache",
                message: "the template is missing; copy it from the Templates folder of closebook")
        ) {
            try TemplateSet(templates: templates, style: "")
        }
    }

    @Test func reportsAMissingFolder() {
        #expect(
            throws: ReportError(
                .configuration, path: "/nonexistent/templates", message: "the templates folder does not exist")
        ) {
            try TemplateSet(directory: "/nonexistent/templates")
        }
    }

    @Test func loadsTheShippedTemplatesWithTheirPartials() throws {
        let templates = try TestFiles.templates()
        #expect(templates.library.getTemplate(named: "partials/change.html") != nil)
        #expect(templates.style.contains("prefers-color-scheme"))
    }
}
