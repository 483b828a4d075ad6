import Foundation
import Ledger
import Testing

@Suite struct JournalBytesTests {
    /// A mapped file of 3 MB whose byte `i` is `i % 251`: after its first 2 MB (and a range
    /// starting mid-page) are given back, every byte still reads as written, from the file again.
    @Test func releasedPagesReadAsTheFileAgain() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("closebook-bytes-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let count = 3 << 20
        let written = (0..<count).map { UInt8($0 % 251) }
        try Data(written).write(to: URL(fileURLWithPath: path))
        let file = try JournalBytes(contentsOf: path)
        #expect(file.buffer.count == count)
        #expect(file.buffer[12_345] == UInt8(12_345 % 251))
        file.release(from: 0, upTo: 2 << 20)
        file.release(from: 2_500_001, upTo: 2_900_000)
        #expect(file.buffer.elementsEqual(written))
        // Bytes held in memory have nothing to give back.
        let held = JournalBytes(written)
        held.release(from: 0, upTo: count)
        #expect(held.buffer.elementsEqual(written))
    }
}
