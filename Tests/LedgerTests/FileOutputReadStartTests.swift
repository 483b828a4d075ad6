import Foundation
import Ledger
import TestSupport
import Testing

/// Reading only the start of a large file, up to the end of its first non-empty line.
@Suite struct FileOutputReadStartTests {
    @Test func readsTheBlocksUpToTheFirstLineEnd() throws {
        let folder = try TemporaryFolder.make("read-start").path
        let header = Array("\n\n{\"stage\":\"ledger\"}\n".utf8)
        let rows = [UInt8](repeating: 0x41, count: 200_000)
        try FileOutput.write(header + rows, to: folder + "/large")
        let start = try #require(FileOutput.readStart(folder + "/large", through: 0x0A))
        // The first block of 64 KiB holds the line: the other 136 kB are not read.
        #expect(start.count == 64 * 1024)
        #expect(Array(start.prefix(header.count)) == header)
    }

    @Test func aLineLongerThanABlockIsReadWhole() throws {
        let folder = try TemporaryFolder.make("read-start-long").path
        let line = [UInt8](repeating: 0x42, count: 100_000) + [0x0A]
        try FileOutput.write(line + [UInt8](repeating: 0x43, count: 100_000), to: folder + "/long")
        let start = try #require(FileOutput.readStart(folder + "/long", through: 0x0A))
        #expect(start.count == 128 * 1024)
        #expect(Array(start.prefix(line.count)) == line)
    }

    @Test func withoutALineEndTheWholeFileIsRead() throws {
        let folder = try TemporaryFolder.make("read-start-none").path
        try FileOutput.write(Array("\n\nno end".utf8), to: folder + "/open")
        #expect(FileOutput.readStart(folder + "/open", through: 0x0A) == Array("\n\nno end".utf8))
        try FileOutput.write([UInt8](), to: folder + "/empty")
        #expect(FileOutput.readStart(folder + "/empty", through: 0x0A) == [])
        #expect(FileOutput.readStart(folder + "/missing", through: 0x0A) == nil)
    }
}
