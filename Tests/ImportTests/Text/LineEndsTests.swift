import TestSupport
import Testing

@testable import Import

/// `LineEnds` counts sixteen bytes at a time in lanes that are added up every 255 rounds: its
/// counts must be a byte-by-byte count's, for texts of nothing but line ends (where a lane that
/// is not added up in time overflows), mixed texts, and every length of the tail after the last
/// sixteen bytes.
@Suite("Counting line ends")
struct LineEndsTests {
    /// The counts worked out one byte at a time.
    static func counted(_ bytes: [UInt8]) -> (lineFeeds: Int, returns: Int, pairs: Int) {
        var counts = (lineFeeds: 0, returns: 0, pairs: 0)
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0A { counts.lineFeeds += 1 }
            if byte == 0x0D { counts.returns += 1 }
            if byte == 0x0A && index > 0 && bytes[index - 1] == 0x0D { counts.pairs += 1 }
        }
        return counts
    }

    static func check(_ bytes: [UInt8], _ comment: Comment) {
        let expected = counted(bytes)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let tally = LineEnds.tally(in: base, count: buffer.count)
            #expect(tally.lineFeeds == expected.lineFeeds, comment)
            #expect(tally.returns == expected.returns, comment)
            #expect(LineEnds.pairs(in: base, count: buffer.count) == expected.pairs, comment)
        }
    }

    @Test("texts of line ends alone, past the rounds a lane can hold")
    func onlyLineEnds() {
        let long = 255 * 16 * 3 + 7
        Self.check(Array(repeating: 0x0A, count: long), "line feeds")
        Self.check(Array(repeating: 0x0D, count: long), "carriage returns")
        Self.check(Array(repeating: [UInt8]([0x0D, 0x0A]), count: long / 2).flatMap { $0 }, "CRLF")
        // 4,096 line feeds: 256 rounds of sixteen, one more than a lane holds before it is added up.
        Self.check(Array(repeating: 0x0A, count: 4096), "4,096 line feeds")
    }

    @Test("mixed texts of every tail length")
    func mixed() {
        var generator = SplitMix64(seed: 7)
        for length in 0..<70 {
            // Mostly text, with line feeds, carriage returns and pairs of both.
            let bytes: [UInt8] = (0..<length).map { _ in
                switch generator.below(6) {
                case 0: 0x0A
                case 1: 0x0D
                default: UInt8(0x20 + generator.below(90))
                }
            }
            Self.check(bytes, "length \(length)")
        }
        let large: [UInt8] = (0..<100_003).map { _ in
            generator.below(3) == 0 ? 0x0A : generator.below(2) == 0 ? 0x0D : 0x41
        }
        Self.check(large, "100,003 bytes")
    }
}
