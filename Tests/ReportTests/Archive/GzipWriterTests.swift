import Foundation
import Report
import Testing

@Suite struct GzipWriterTests {
    let gzip = ExternalTool(path: "/usr/bin/gzip")

    @Test func writesAHeaderWithoutTimeOrName() throws {
        let compressed = try GzipWriter.compress(Array("closebook".utf8))
        // ID1 ID2, deflate, no flags, MTIME 0, XFL 0, OS 255 (unknown).
        #expect(Array(compressed[0..<10]) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        // Trailer: CRC-32 of "closebook" and its length, 9, little-endian.
        let crc = GzipWriter.checksum(Array("closebook".utf8))
        let trailer = Array(compressed[(compressed.count - 8)...])
        #expect(
            trailer[0..<4].elementsEqual([
                UInt8(crc & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 24 & 0xFF),
            ]))
        #expect(Array(trailer[4..<8]) == [9, 0, 0, 0])
    }

    @Test func computesTheStandardCRC32() {
        // The check value of CRC-32/ISO-HDLC, as gzip uses it.
        #expect(GzipWriter.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(GzipWriter.checksum([]) == 0)
    }

    @Test(arguments: [0, 1, 1000, 300_000])
    func isReadBackByGzip(size: Int) throws {
        var input: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<size {
            state = state &* 1_103_515_245 &+ 12345
            input.append(UInt8(truncatingIfNeeded: state >> 24) % 16 + 65)  // compressible but not trivial
        }
        let compressed = try GzipWriter.compress(input)
        let check = try gzip.run(["-t"], input: compressed)
        #expect(check.status == 0, "\(check.errors)")
        let decompressed = try gzip.run(["-dc"], input: compressed)
        #expect(decompressed.status == 0)
        #expect(decompressed.output == input)
    }

    @Test func givesTheSameBytesEveryTime() throws {
        let input = Array(String(repeating: "October 2026 £1,234.50\n", count: 200).utf8)
        #expect(try GzipWriter.compress(input) == GzipWriter.compress(input))
    }
}
