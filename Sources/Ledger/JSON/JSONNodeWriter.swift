/// Writes a `JSONNode` as `JSONEncoder` does with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`: two spaces per level, `"key" : value`, keys in the byte order of
/// their UTF-8, an empty array as `[`, a blank line and `]`, and only `"`, `\` and control
/// characters escaped in strings.
struct JSONNodeWriter {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func write(_ node: JSONNode, depth: Int) {
        switch node {
        case .string(let text): writeString(text)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .bool(let value): bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
        case .null: bytes.append(contentsOf: Self.nullBytes)
        case .deferred(let encoder): write(encoder.node ?? .object(JSONObjectBox()), depth: depth)
        case .array(let box):
            bytes.append(UInt8(ascii: "["))
            bytes.append(0x0A)
            for (index, item) in box.items.enumerated() {
                if index > 0 {
                    bytes.append(UInt8(ascii: ","))
                    bytes.append(0x0A)
                }
                indent(depth + 1)
                write(item, depth: depth + 1)
            }
            bytes.append(0x0A)
            indent(depth)
            bytes.append(UInt8(ascii: "]"))
        case .object(let box):
            bytes.append(UInt8(ascii: "{"))
            bytes.append(0x0A)
            for (index, member) in Self.sortedMembers(box).enumerated() {
                if index > 0 {
                    bytes.append(UInt8(ascii: ","))
                    bytes.append(0x0A)
                }
                indent(depth + 1)
                writeString(member.key)
                bytes.append(contentsOf: Self.colon)
                write(member.value, depth: depth + 1)
            }
            bytes.append(0x0A)
            indent(depth)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The members sorted by key, each key once with its last value.
    private static func sortedMembers(_ box: JSONObjectBox) -> [(key: String, value: JSONNode)] {
        // A stable sort keeps a repeated key's values in writing order; the last of each run wins.
        let sorted = box.members.enumerated().sorted { a, b in
            if a.element.key == b.element.key { return a.offset < b.offset }
            return a.element.key.utf8.lexicographicallyPrecedes(b.element.key.utf8)
        }
        var result: [(key: String, value: JSONNode)] = []
        result.reserveCapacity(sorted.count)
        for entry in sorted {
            if let last = result.last, last.key == entry.element.key {
                result[result.count - 1] = entry.element
            } else {
                result.append(entry.element)
            }
        }
        return result
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<(depth * 2) { bytes.append(0x20) }
    }

    private mutating func writeString(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(0x5C)
                switch byte {
                case 0x22: bytes.append(0x22)
                case 0x5C: bytes.append(0x5C)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: Array("u00".utf8))
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(0x22)
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let colon = Array(" : ".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
