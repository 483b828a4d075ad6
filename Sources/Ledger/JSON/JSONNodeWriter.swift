#if canImport(Glibc)
    import Glibc
#endif

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
            box.members.withUnsafeBufferPointer { members in
                var first = true
                for index in Self.writingOrder(members) {
                    if !first {
                        bytes.append(UInt8(ascii: ","))
                        bytes.append(0x0A)
                    }
                    first = false
                    indent(depth + 1)
                    writeString(members[index].key)
                    bytes.append(contentsOf: Self.colon)
                    write(members[index].value, depth: depth + 1)
                }
            }
            bytes.append(0x0A)
            indent(depth)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The members' indices sorted by key (the bytes of its UTF-8), each key once: where a key
    /// was written twice, the last one. Members usually come sorted or nearly, so the sort is
    /// skipped when they are in order already.
    private static func writingOrder(_ members: UnsafeBufferPointer<(key: String, value: JSONNode)>) -> [Int] {
        var order = Array(members.indices)
        var sorted = true
        for index in members.indices.dropFirst() where !precedes(members[index - 1].key, members[index].key) {
            sorted = false
            break
        }
        if sorted { return order }
        // Ties keep writing order, so the last of a repeated key comes last among its equals.
        order.sort { a, b in
            precedes(members[a].key, members[b].key) || (!precedes(members[b].key, members[a].key) && a < b)
        }
        var unique: [Int] = []
        unique.reserveCapacity(order.count)
        for index in order {
            if let last = unique.last, members[last].key == members[index].key {
                unique[unique.count - 1] = index
            } else {
                unique.append(index)
            }
        }
        return unique
    }

    /// Byte order of the keys' UTF-8, as `JSONEncoder` sorts them.
    @inline(__always)
    private static func precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let shared = min(x.count, y.count)
                if shared > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let difference = memcmp(p, q, shared)
                    if difference != 0 { return difference < 0 }
                }
                return x.count < y.count
            }
        }
        if let result = fast ?? nil { return result }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<(depth * 2) { bytes.append(0x20) }
    }

    /// Through the one escaper (`JSONStringEscaper`), with `JSONEncoder`'s `\b` and `\f`.
    private mutating func writeString(_ text: String) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { JSONStringEscaper.append($0, to: &bytes, controls: .foundation) }
        bytes.append(0x22)
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
    private static let colon = Array(" : ".utf8)
}
