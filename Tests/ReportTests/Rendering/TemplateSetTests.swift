import Foundation
import Mustache
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

    @Test func rendersAsTheTemplateEngineDoesWithoutTheLineThatNamesTheEscaping() throws {
        // A standalone tag on the first line (its line break dropped), escaping, and a Markdown
        // partial that switches to TEXT: each as swift-mustache renders the text alone.
        let page = "{{#items}}\n<li>{{name}}</li>\n{{/items}}\n{{> partials/note.md}}\n"
        let note = "{{%CONTENT_TYPE:TEXT}}\n*{{name}}*\n"
        var templates = Self.minimal
        templates["report.html"] = page
        templates["partials/note.md"] = note
        templates["account.html"] = ""
        templates["account.md"] = ""
        let set = try TemplateSet(templates: templates, style: "")
        let view: [String: Any] = ["items": [["name": "M&S <Food>"], ["name": "Pret"]], "name": "\"Q\" & A"]
        var library = MustacheLibrary()
        library.register(try MustacheTemplate(string: page), named: "report.html")
        library.register(try MustacheTemplate(string: note), named: "partials/note.md")
        let expected = "<li>M&amp;S &lt;Food&gt;</li>\n<li>Pret</li>\n*\"Q\" & A*\n"
        #expect(library.render(view, withTemplate: "report.html") == expected)
        #expect(set.library.render(view, withTemplate: "report.html") == expected)
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

/// A workspace's `templates/` (or a second `--templates`) overrides the shipped folder file by file.
@Suite struct TemplateOverrideTests {
    /// A folder holding `files` (relative path -> text).
    static func folder(_ files: [String: String], name: String = #function) throws -> String {
        let folder = try TestFiles.temporaryFolder(name)
        for (path, text) in files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return folder
    }

    @Test func aFileInTheOverrideFolderReplacesTheShippedOneAndTheRestFallBack() throws {
        let overrides = try Self.folder([
            "report.md.mustache": "{{%CONTENT_TYPE:TEXT}}\n# My {{monthName}}\n",
            "partials/change.html.mustache": "<li>changed</li>\n",
        ])
        let templates = try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
        let rendered = try ReportRenderer(templates: templates).render(try TestFiles.report())
        #expect(String(decoding: rendered.markdown, as: UTF8.self) == "# My October 2026\n")
        let html = String(decoding: rendered.html, as: UTF8.self)
        #expect(html.contains("<h1>October 2026</h1>"))  // the shipped page…
        #expect(html.contains("<li>changed</li>"))  // …with the workspace's partial
        #expect(templates.style == (try TestFiles.text(TestFiles.templatesFolder + "/style.css")))
    }

    @Test func aStyleSheetInTheOverrideFolderReplacesTheShippedOne() throws {
        let overrides = try Self.folder(["style.css": "body { color: teal; }\n"])
        let templates = try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
        #expect(templates.style == "body { color: teal; }\n")
    }

    @Test func aMissingOverrideFolderIsSkipped() throws {
        let templates = try TemplateSet(directories: [TestFiles.templatesFolder, "/nonexistent/templates"])
        #expect(templates.style == (try TestFiles.templates()).style)
    }

    @Test func anErrorInAnOverrideNamesThatFileAndLine() throws {
        let overrides = try Self.folder(["report.html.mustache": "<h1>{{monthName}}</h1>\n<p>{{#headline}}</p>\n"])
        #expect(
            throws: ReportError(
                .configuration, path: overrides + "/report.html.mustache", line: 3, column: 1,
                message: "a section is not closed: add its '{{/name}}'")
        ) {
            try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
        }
    }

    @Test func aPartialNoFolderHasIsAnErrorAtItsTag() throws {
        let overrides = try Self.folder([
            "index.html.mustache": "<ul>\n  <li>{{> partials/month-row.html}}</li>\n</ul>\n"
        ])
        #expect(
            throws: ReportError(
                .configuration, path: overrides + "/index.html.mustache", line: 2, column: 7,
                message: "the partial 'partials/month-row.html' is not in the templates folders "
                    + "(expected partials/month-row.html.mustache)")
        ) {
            try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
        }
    }

    @Test func theReportCommandUsesTheWorkspacesTemplatesFolder() throws {
        let workspace = try Self.folder(["templates/report.md.mustache": "{{%CONTENT_TYPE:TEXT}}\nmine\n"])
        let status = ReportCommand.execute([
            "--analysis", TestFiles.analysisPath, "--templates", TestFiles.templatesFolder, "--workspace", workspace,
            "--site", workspace + "/site", "--archives", workspace + "/archives",
        ])
        #expect(status == 0)
        #expect(try TestFiles.text(workspace + "/site/2026-10/report.md") == "mine\n")
        #expect(try TestFiles.text(workspace + "/site/2026-10/index.html").contains("<h1>October 2026</h1>"))
    }

    @Test func aMisnamedOverrideIsAnErrorAtThatFile() throws {
        let overrides = try Self.folder(["report.htm.mustache": "<h1>mine</h1>\n"])
        do {
            _ = try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
            Issue.record("a template that replaces nothing was accepted")
        } catch {
            #expect(error.path == overrides + "/report.htm.mustache")
            #expect(error.message.hasPrefix("'report.htm.mustache' replaces no template"))
        }
    }

    @Test func aNewPartialThatAnOverrideIncludesIsAccepted() throws {
        let overrides = try Self.folder([
            "report.md.mustache": "{{%CONTENT_TYPE:TEXT}}\n{{> partials/mine.md}}\n",
            "partials/mine.md.mustache": "{{%CONTENT_TYPE:TEXT}}\nmine {{monthName}}",
        ])
        let templates = try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
        let rendered = try ReportRenderer(templates: templates).render(try TestFiles.report())
        #expect(String(decoding: rendered.markdown, as: UTF8.self).hasPrefix("mine October 2026"))
    }

    @Test func anEmptyOverrideIsAnError() throws {
        let overrides = try Self.folder(["report.html.mustache": " \r\n\n"])
        #expect(
            throws: ReportError(
                .configuration, path: overrides + "/report.html.mustache",
                message: "the template is empty and would render every page empty; delete it to use the shipped one")
        ) {
            try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
        }
    }

    @Test func aLinkedOverrideFolderIsRead() throws {
        let kept = try Self.folder(["report.md.mustache": "{{%CONTENT_TYPE:TEXT}}\nlinked\n"])
        let workspace = try TestFiles.temporaryFolder("linked-templates")
        try FileManager.default.createSymbolicLink(atPath: workspace + "/templates", withDestinationPath: kept)
        let templates = try TemplateSet(directories: [TestFiles.templatesFolder, workspace + "/templates"])
        let rendered = try ReportRenderer(templates: templates).render(try TestFiles.report())
        #expect(String(decoding: rendered.markdown, as: UTF8.self) == "linked\n")
    }
}
