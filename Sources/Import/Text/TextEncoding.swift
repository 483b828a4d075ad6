/// A character encoding a bank export may be written in.
///
/// Readers turn every file into UTF-8 bytes first (`TextDecoding.decode`), so parsers only ever
/// see UTF-8. The raw values are the names profiles and messages use.
public enum TextEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case windows1250 = "windows-1250"
    case windows1251 = "windows-1251"
    case windows1252 = "windows-1252"
    case windows1257 = "windows-1257"
    case iso88591 = "iso-8859-1"
    case iso885915 = "iso-8859-15"

    /// Reads an encoding name as users and file headers write it (`cp1252`, `1252`, `latin1`,
    /// `ISO-8859-1`, `UTF8`, `utf-16`...).
    ///
    /// `utf-16` means "UTF-16, byte order from the byte-order mark" and reads as little-endian
    /// when the file has none (what Windows writes).
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        switch key {
        case "utf8": self = .utf8
        case "utf16", "utf16le", "ucs2": self = .utf16LE
        case "utf16be": self = .utf16BE
        // Bare numbers are how OFX 1.x headers write them (`CHARSET:1252`).
        case "windows1250", "cp1250", "1250": self = .windows1250
        case "windows1251", "cp1251", "1251": self = .windows1251
        case "windows1252", "cp1252", "1252", "ansi": self = .windows1252
        case "windows1257", "cp1257", "1257": self = .windows1257
        case "iso88591", "latin1", "l1": self = .iso88591
        case "iso885915", "latin9": self = .iso885915
        default: return nil
        }
    }

    /// The names `init(name:)` accepts, for error messages.
    public static let acceptedNames =
        "utf-8, utf-16, utf-16le, utf-16be, windows-1250, windows-1251, windows-1252, windows-1257, "
        + "iso-8859-1, iso-8859-15 or auto"

    /// True for the encodings that map every byte to one character.
    public var isSingleByte: Bool {
        switch self {
        case .utf8, .utf16LE, .utf16BE: false
        default: true
        }
    }

    /// The upper half of a single-byte code page (nil for ISO-8859-1, which is the identity).
    var codePage: [UInt16]? {
        switch self {
        case .windows1250: CodePage.windows1250
        case .windows1251: CodePage.windows1251
        case .windows1252: CodePage.windows1252
        case .windows1257: CodePage.windows1257
        case .iso885915: CodePage.iso885915
        default: nil
        }
    }
}
