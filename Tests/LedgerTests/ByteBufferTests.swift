import Testing

@testable import Ledger

/// The one byte buffer the stages write their large outputs through: pieces appended, and rows
/// written in place through `room(for:)`, survive the buffer growing under them.
@Suite("Byte buffer")
struct ByteBufferTests {
    static func text(_ buffer: borrowing ByteBuffer) -> String {
        String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test func piecesAndDigitsKeepTheirBytesAcrossGrowth() {
        var buffer = ByteBuffer(capacity: 1)
        // 64 bytes are the least a buffer holds; 70 pieces of one byte make it grow once.
        for _ in 0..<70 { buffer.append(UInt8(ascii: "x")) }
        buffer.append(Array("|".utf8))
        buffer.appendDigits(7, width: 4)
        buffer.append(UInt8(ascii: "-"))
        buffer.appendDigits(2026, width: 2)
        #expect(buffer.count == 70 + 1 + 4 + 1 + 4)
        #expect(Self.text(buffer) == String(repeating: "x", count: 70) + "|0007-2026")
        #expect(String(decoding: buffer.bytes(70..<75), as: UTF8.self) == "|0007")
        buffer.removeAll()
        #expect(buffer.count == 0)
        buffer.appendDigits(UInt64.max, width: 1)
        #expect(Self.text(buffer) == "18446744073709551615")
    }

    @Test func bytesWrittenInPlaceCountOnlyUpToWhereTheWritingEnded() {
        var buffer = ByteBuffer(capacity: 64)
        buffer.append(Array("id:".utf8))
        // Room for a worst case far larger than the buffer, of which three bytes are written.
        let start = buffer.room(for: 1000)
        start[0] = UInt8(ascii: "a")
        start[1] = UInt8(ascii: "b")
        start[2] = UInt8(ascii: "c")
        buffer.didWrite(upTo: start + 3)
        #expect(Self.text(buffer) == "id:abc")
        buffer.append(UInt8(ascii: "\n"))
        #expect(Self.text(buffer) == "id:abc\n")
    }
}
