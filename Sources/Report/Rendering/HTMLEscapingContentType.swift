import Mustache

/// The HTML escaping of every `{{value}}`: `&`, `<`, `>`, `"` and `'` as entities, found in the
/// text's UTF-8 bytes (`TextEscaping.html`).
///
/// Why not swift-mustache's own: it looks every `Character` of every value up in a dictionary,
/// which was a ninth of rendering a month (373M of 3,277M instructions for a year of months at
/// 1M rows), though nearly every value has nothing to escape. The entities are the same; the one
/// difference is safer: one of the five characters followed by a combining mark (one
/// `Character`, so not in the dictionary) is escaped here and was not there.
///
/// swift-mustache escapes with the content type a template's `{{%CONTENT_TYPE:NAME}}` names, or
/// with its own HTML type when none is named (each page and each partial starts with that one),
/// so `TemplateSet` registers this one as `HTML` and names it at the top of every template
/// (`TemplateSet.namingHTML`); the Markdown templates still switch to `TEXT` on their first line.
struct HTMLEscapingContentType: MustacheContentType {
    /// The name templates select it by, the name swift-mustache gives its own HTML type.
    static let name = "HTML"

    func escapeText(_ text: String) -> String { TextEscaping.html(text) }

    /// Makes `{{%CONTENT_TYPE:HTML}}` select this type in templates parsed from now on.
    static func register() {
        MustacheContentTypes.register(HTMLEscapingContentType(), named: name)
    }
}
