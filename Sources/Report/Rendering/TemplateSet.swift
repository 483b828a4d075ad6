import Foundation
import Ledger
import Mustache

/// The templates and style sheet a site is rendered with, parsed once.
///
/// Loaded from a folder (the repository's `Templates/`, or a user's copy): every `*.mustache`
/// file below it is registered under its path without the extension (`report.html`,
/// `partials/change.html`), as swift-mustache's own library does, so a partial is included with
/// `{{> partials/change.html}}`. A template that does not parse is an error at its line and column.
public struct TemplateSet: Sendable {
    /// The templates every site needs.
    public static let requiredNames = ["report.html", "report.md", "index.html", "year.html", "feed.xml"]
    public static let styleFile = "style.css"

    public let library: MustacheLibrary
    /// `style.css`, inlined into every HTML page.
    public let style: String

    /// Loads a templates folder.
    public init(directory: String) throws(ReportError) {
        let folder = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReportError(.configuration, path: directory, message: "the templates folder does not exist")
        }
        var sources: [String: (text: String, path: String)] = [:]
        let names = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".mustache") }.sorted()
        for name in names {
            let path = folder + "/" + name
            let bytes: [UInt8]
            do {
                bytes = try FileOutput.read(path)
            } catch {
                throw ReportError(.configuration, path: path, message: error.reason)
            }
            sources[String(name.dropLast(".mustache".count))] = (String(decoding: bytes, as: UTF8.self), path)
        }
        let stylePath = folder + "/" + Self.styleFile
        let style: [UInt8]
        do {
            style = try FileOutput.read(stylePath)
        } catch {
            throw ReportError(.configuration, path: stylePath, message: "\(error.reason); the HTML pages inline it")
        }
        try self.init(sources: sources, style: String(decoding: style, as: UTF8.self), folder: folder)
    }

    /// Templates given as text, keyed by name (`report.html`); for tests and embedding.
    public init(templates: [String: String], style: String) throws(ReportError) {
        var sources: [String: (text: String, path: String)] = [:]
        for (name, text) in templates { sources[name] = (text, name + ".mustache") }
        try self.init(sources: sources, style: style, folder: "templates")
    }

    private init(sources: [String: (text: String, path: String)], style: String, folder: String) throws(ReportError) {
        var library = MustacheLibrary()
        for name in sources.keys.sorted() {
            guard let source = sources[name] else { continue }
            do {
                library.register(try MustacheTemplate(string: source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw ReportError(
                    .configuration, path: source.path, line: error.context.lineNumber,
                    column: error.context.columnNumber, message: Self.describe(error.error))
            } catch {
                throw ReportError(.configuration, path: source.path, message: "cannot parse the template (\(error))")
            }
        }
        for name in Self.requiredNames where sources[name] == nil {
            throw ReportError(
                .configuration, path: folder + "/" + name + ".mustache",
                message: "the template is missing; copy it from the Templates folder of closebook")
        }
        self.library = library
        self.style = style
    }

    /// Renders `object` with the template `name`, which must be one of `requiredNames` or a partial.
    func render(_ object: Any, with name: String) -> String {
        library.render(object, withTemplate: name) ?? ""
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "cannot parse the template (\(error))" }
        switch error {
        case .sectionCloseNameIncorrect: return "this closing tag does not match the section it closes"
        case .unfinishedName: return "this tag is not finished: expected a name and '}}'"
        case .expectedSectionEnd: return "a section is not closed: add its '{{/name}}'"
        case .invalidSetDelimiter: return "the set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inherited section"
        case .illegalTokenInsideInheritSection: return "only blocks may appear inside a partial with inheritance"
        case .textInsideInheritSection: return "text is not allowed inside a partial with inheritance"
        case .invalidConfigVariableSyntax: return "the pragma is malformed: write '{{%CONTENT_TYPE:TEXT}}'"
        case .unrecognisedConfigVariable: return "unknown pragma: only CONTENT_TYPE with HTML or TEXT is known"
        }
    }
}
