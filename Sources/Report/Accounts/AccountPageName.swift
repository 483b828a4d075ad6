/// The file name of an account's page, from its id: `accounts/current.html`.
///
/// An id is the user's word (`closebook.toml`), so it is spelled safe for every file system and
/// URL: ASCII letters, digits and `-` stay, every other byte becomes `_` and two hex digits
/// (`joint account` → `joint_20account`). Two ids never share a name.
public enum AccountPageName {
    /// The site folder the pages are written in.
    public static let folder = "accounts"

    /// `current`, `joint_20account`.
    public static func stem(_ id: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return bytes.isEmpty ? "_" : String(decoding: bytes, as: UTF8.self)
    }

    /// The page's link from a month's folder: `../accounts/current.html` (or `.md`).
    public static func link(_ id: String, markdown: Bool) -> String {
        "../\(folder)/\(stem(id)).\(markdown ? "md" : "html")"
    }
}
