import Foundation
import Testing

@testable import Ledger

/// `PrettyJSONEncoder` must write exactly what `JSONEncoder` writes with pretty printing, sorted
/// keys and unescaped slashes: the files are compared byte for byte by make and by readers' diffs.
@Suite("Pretty JSON encoder")
struct PrettyJSONEncoderTests {
    static func foundation(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static func expectSame(_ value: some Encodable, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let ours = try PrettyJSONEncoder().encode(value)
        let theirs = try foundation(value)
        #expect(
            String(decoding: ours, as: UTF8.self) == String(decoding: theirs, as: UTF8.self),
            sourceLocation: sourceLocation)
    }

    struct Scalars: Codable {
        var text = "plain"
        var integer = -42
        var large = Int64.min
        var unsigned = UInt64.max
        var small: Int8 = -8
        var flag = true
        var real = 0.1
        var whole = 1.0
        var negativeZero = -0.0
        var tiny = 1e-7
        var huge = 1e21
        var precise = 123_456_789.125
        var pi = Double.pi
        var single: Float = 0.3
        var missing: String? = nil
        var present: String? = "here"
    }

    struct Nested: Codable {
        var empty: [Int] = []
        var emptyObject: [String: Int] = [:]
        var numbers = [3, 1, 2]
        var grid = [[1, 2], [], [3]]
        var optionals: [Int?] = [1, nil, 3]
        var byName = ["b": 2, "a": 1, "B": 3, "a10": 4, "a9": 5, "é": 6, "_": 7]
        var byNumber = [2: "two", 10: "ten", 1: "one"]
        var children = [Scalars(), Scalars(text: "second")]
        var deep = ["outer": ["inner": [["k": "v"]]]]
    }

    @Test func scalarsAreWrittenAlike() throws {
        try Self.expectSame(Scalars())
        try Self.expectSame(Scalars(text: "", integer: 0, real: 2.5e-300, whole: -3.0, huge: 1.7976931348623157e308))
    }

    @Test func containersAndKeyOrderAreWrittenAlike() throws {
        try Self.expectSame(Nested())
        try Self.expectSame([Nested(), Nested()])
        try Self.expectSame([String]())
        try Self.expectSame([String: [Int]]())
    }

    @Test func topLevelScalarsAreWrittenAlike() throws {
        try Self.expectSame("top")
        try Self.expectSame(7)
        try Self.expectSame(2.0)
        try Self.expectSame(false)
        try Self.expectSame(Optional<Int>.none)
    }

    @Test func stringsAreEscapedAlike() throws {
        var controls = ""
        for scalar in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(scalar))) }
        for text in [
            controls, "quote \" backslash \\ slash / end", "tab\there\nnew line\r\u{8}\u{C}", "é ü ß 日本 🎉",
            "\u{7F} \u{2028} \u{2029} \u{FEFF}", "<script>alert(1)</script> & 'single'",
        ] {
            try Self.expectSame(text)
            try Self.expectSame([text: text])
        }
    }

    /// A type that writes one key twice and uses a super encoder, as hand-written `encode(to:)` may.
    struct Unusual: Encodable {
        enum Key: String, CodingKey { case a, b, `super` }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .a)
            try container.encode("first", forKey: .b)
            try container.encode("second", forKey: .b)
            try [9, 8].encode(to: container.superEncoder())
        }
    }

    struct Silent: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func repeatedKeysSuperEncodersAndSilentValuesAreHandledAlike() throws {
        try Self.expectSame(Unusual())
        try Self.expectSame(["quiet": Silent()])
        #expect(throws: EncodingError.self) { try Self.foundation(Silent()) }
        #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode(Silent()) }
    }

    @Test func nonFiniteNumbersAreRefusedWithTheirPath() throws {
        struct Holder: Encodable { var values: [Double] }
        #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode(Holder(values: [1, .nan])) }
        do {
            _ = try PrettyJSONEncoder().encode(Holder(values: [1, .infinity]))
            Issue.record("an infinite value was encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
        }
    }
}
