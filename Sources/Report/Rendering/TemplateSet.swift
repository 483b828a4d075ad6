import Crypto
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
    public static let requiredNames = [
        "report.html", "report.md", "index.html", "year.html", "feed.xml", "account.html", "account.md",
    ]
    public static let styleFile = "style.css"

    public let library: MustacheLibrary
    /// `style.css`, inlined into every HTML page.
    public let style: String
    /// SHA-256 of every template's name and text and of the style sheet, in hex: what a month's
    /// fingerprint (`MonthFingerprints`) holds of the templates, so editing any of them renders
    /// every month again.
    public let digest: String

    /// Loads a templates folder.
    public init(directory: String) throws(ReportError) {
        try self.init(directories: [directory])
    }

    /// Loads templates folders, a later one overriding an earlier one file by file: the shipped
    /// `Templates/`, then a workspace's `templates/` holding only the files its owner changed.
    ///
    /// The first folder must exist and is the base; a later folder that does not exist is skipped,
    /// so a workspace without `templates/` renders with the shipped files. A partial included by a
    /// template must exist in one of the folders (an error at the line of the `{{> name}}` tag).
    public init(directories: [String]) throws(ReportError) {
        var sources: [String: (text: String, path: String)] = [:]
        var stylePath: String?
        // Files of an override folder that replace no shipped template: each must be a partial
        // that some template includes, or it is a misnamed file that would do nothing.
        var added: [(name: String, path: String)] = []
        for (index, directory) in directories.enumerated() {
            let folder = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                if index == 0 {
                    throw ReportError(.configuration, path: directory, message: "the templates folder does not exist")
                }
                continue
            }
            // A linked folder (templates kept in a dotfiles repository) is listed through its
            // target: listing the link itself finds nothing.
            let listed = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            let names = (FileManager.default.subpaths(atPath: listed) ?? []).sorted()
            for name in names where name.hasSuffix(".mustache") {
                let path = folder + "/" + name
                let key = String(name.dropLast(".mustache".count))
                if index > 0, sources[key] == nil { added.append((key, path)) }
                let bytes: [UInt8]
                do {
                    bytes = try FileOutput.read(path)
                } catch {
                    throw ReportError(.configuration, path: path, message: error.reason)
                }
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                    throw ReportError(
                        .configuration, path: path,
                        message: "the template is empty and would render every page empty; "
                            + "delete it to use the shipped one")
                }
                sources[key] = (String(decoding: bytes, as: UTF8.self), path)
            }
            if names.contains(Self.styleFile) || index == 0 { stylePath = folder + "/" + Self.styleFile }
        }
        let included = Set(sources.values.flatMap { Self.partials(in: $0.text).map(\.name) })
        if let unused = added.first(where: { !included.contains($0.name) }) {
            let shipped = Self.requiredNames.map { $0 + ".mustache" }.joined(separator: ", ")
            throw ReportError(
                .configuration, path: unused.path,
                message: "'\(unused.name).mustache' replaces no template and no template includes it, so it "
                    + "would do nothing; name it after a shipped template (\(shipped), or one in partials/)")
        }
        let base = directories.first.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "."
        let styleFile = stylePath ?? base + "/" + Self.styleFile
        let style: [UInt8]
        do {
            style = try FileOutput.read(styleFile)
        } catch {
            throw ReportError(.configuration, path: styleFile, message: "\(error.reason); the HTML pages inline it")
        }
        try self.init(sources: sources, style: String(decoding: style, as: UTF8.self), folder: base)
    }

    /// Templates given as text, keyed by name (`report.html`); for tests and embedding.
    public init(templates: [String: String], style: String) throws(ReportError) {
        var sources: [String: (text: String, path: String)] = [:]
        for (name, text) in templates { sources[name] = (text, name + ".mustache") }
        try self.init(sources: sources, style: style, folder: "templates")
    }

    private init(sources: [String: (text: String, path: String)], style: String, folder: String) throws(ReportError) {
        var library = MustacheLibrary()
        HTMLEscapingContentType.register()
        for name in sources.keys.sorted() {
            guard let source = sources[name] else { continue }
            do {
                library.register(try MustacheTemplate(string: Self.namingHTML + source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw ReportError(
                    .configuration, path: source.path, line: error.context.lineNumber - 1,
                    column: error.context.columnNumber, message: Self.describe(error.error))
            } catch {
                throw ReportError(.configuration, path: source.path, message: "cannot parse the template (\(error))")
            }
        }
        for name in sources.keys.sorted() {
            guard let source = sources[name] else { continue }
            for partial in Self.partials(in: source.text) where sources[partial.name] == nil {
                throw ReportError(
                    .configuration, path: source.path, line: partial.line, column: partial.column,
                    message: "the partial '\(partial.name)' is not in the templates folders "
                        + "(expected \(partial.name).mustache)")
            }
        }
        for name in Self.requiredNames where sources[name] == nil {
            throw ReportError(
                .configuration, path: folder + "/" + name + ".mustache",
                message: "the template is missing; copy it from the Templates folder of closebook")
        }
        self.library = library
        self.style = style
        var hash = SHA256()
        for name in sources.keys.sorted() {
            hash.update(data: Array("\(name)\u{0}\(sources[name]?.text ?? "")\u{0}".utf8))
        }
        hash.update(data: Array(style.utf8))
        digest = hash.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The line put before every template's text: it selects `HTMLEscapingContentType`, and as a
    /// standalone tag it renders as nothing, its line break included.
    ///
    /// Every template, partials too: swift-mustache starts each page and each partial with its
    /// own HTML type, whatever the including template chose, so a Markdown template or partial
    /// switches to `TEXT` on its first line (after this one) exactly as before.
    static let namingHTML = "{{%CONTENT_TYPE:\(HTMLEscapingContentType.name)}}\n"

    /// Renders `object` with the template `name`, which must be one of `requiredNames` or a partial.
    func render(_ object: Any, with name: String) -> String {
        library.render(object, withTemplate: name) ?? ""
    }

    /// The partials a template includes (`{{> partials/change.html}}`, `{{< base}}`), each with the
    /// line and column of its tag. Templates that change their delimiters are not followed past the change.
    ///
    /// Scans the UTF-8 bytes: going through `String` searches took a millisecond a template set,
    /// a fiftieth of rendering a month.
    static func partials(in text: String) -> [(name: String, line: Int, column: Int)] {
        var found: [(name: String, line: Int, column: Int)] = []
        let bytes = Array(text.utf8)
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        let newline = UInt8(ascii: "\n")
        var line = 1
        var lineStart = 0
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == newline {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard bytes[index] == open, bytes[index + 1] == open else {
                index += 1
                continue
            }
            // The tag's end on the same line; a tag left open skips to the next line.
            var end = index + 2
            while end + 1 < bytes.count, bytes[end] != newline, !(bytes[end] == close && bytes[end + 1] == close) {
                end += 1
            }
            guard end + 1 < bytes.count, bytes[end] == close, bytes[end + 1] == close else {
                while index < bytes.count, bytes[index] != newline { index += 1 }
                continue
            }
            let tag = bytes[(index + 2)..<end]
            if tag.first == UInt8(ascii: "=") { return found }
            if let sigil = tag.first, sigil == UInt8(ascii: ">") || sigil == UInt8(ascii: "<") {
                let name = String(decoding: tag.dropFirst(), as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if !name.isEmpty {
                    let column = String(decoding: bytes[lineStart..<index], as: UTF8.self).count + 1
                    found.append((name, line, column))
                }
            }
            index = end + 2
        }
        return found
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
