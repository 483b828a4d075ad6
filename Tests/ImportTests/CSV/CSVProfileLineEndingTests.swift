import Import
import Testing

/// A bank profile saved by a Windows editor (CR LF, a byte order mark) or an old Mac one (lone CR)
/// is the profile its LF text is, and its errors name the line an editor shows.
@Suite struct CSVProfileLineEndingTests {
    static let lines = [
        "name = \"X\"", "bank = \"X Bank\"", "", "[columns]", "date = \"Date\"", "date_format = \"%d/%m/%Y\"", "",
        "[amount]", "column = \"Amount\"", "",
    ]

    @Test(arguments: ["\r\n", "\r"])
    func readsTheSameProfile(lineEnd: String) throws {
        let lf = try CSVProfile.parse(Self.lines.joined(separator: "\n"), id: "x", path: "Importers/x.toml")
        let other = try CSVProfile.parse(
            "\u{FEFF}" + Self.lines.joined(separator: lineEnd), id: "x", path: "Importers/x.toml")
        #expect(other == lf)
        #expect(other.bank == "X Bank")
    }

    @Test func errorsNameTheLine() {
        var lines = Self.lines
        lines[5] = "date_format = \"%d/%q/%Y\""
        do {
            _ = try CSVProfile.parse("\u{FEFF}" + lines.joined(separator: "\r\n"), id: "x", path: "Importers/x.toml")
            Issue.record("an unknown directive was accepted")
        } catch {
            #expect(
                error.description
                    == "Importers/x.toml:6:1: error: 'date_format' in [columns]: '%d/%q/%Y' has the unknown directive '%q' (use %d %m %Y %y %b %H %M %S)"
            )
        }
    }
}
