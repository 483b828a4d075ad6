/// A shell-style file-name glob (`*easybank*.csv`, `Umsaetze_??.csv`), matched case-insensitively
/// against the last path component.
enum FileNamePattern {
    static func matches(_ pattern: String, path: String) -> Bool {
        let name = path.split(separator: "/").last.map { Array($0.lowercased().utf8) } ?? []
        return match(Array(pattern.lowercased().utf8)[...], name[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ name: ArraySlice<UInt8>) -> Bool {
        var pattern = pattern
        var name = name
        while let first = pattern.first {
            switch first {
            case UInt8(ascii: "*"):
                pattern = pattern.dropFirst()
                if pattern.isEmpty { return true }
                var rest = name
                while true {
                    if match(pattern, rest) { return true }
                    if rest.isEmpty { return false }
                    rest = rest.dropFirst()
                }
            case UInt8(ascii: "?"):
                guard !name.isEmpty else { return false }
                pattern = pattern.dropFirst()
                name = name.dropFirst()
            default:
                guard name.first == first else { return false }
                pattern = pattern.dropFirst()
                name = name.dropFirst()
            }
        }
        return name.isEmpty
    }
}
