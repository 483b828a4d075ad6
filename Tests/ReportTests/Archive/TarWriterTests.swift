import Testing

@testable import Report

@Suite struct TarWriterTests {
    static let endOfOctober2026: Int64 = 1_793_491_199  // 2026-10-31T23:59:59Z

    func field(_ block: [UInt8], _ offset: Int, _ length: Int) -> [UInt8] {
        Array(block[offset..<offset + length])
    }

    func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func writesEveryHeaderFieldWhereUstarPutsIt() throws {
        var tar = TarWriter(modificationTime: Self.endOfOctober2026)
        tar.add(name: "2026-10/report.md", contents: ascii("hello\n"))
        let archive = try tar.archive()
        // One header, one data block, two zero blocks.
        #expect(archive.count == 4 * 512)
        let header = Array(archive[0..<512])
        #expect(field(header, 0, 100) == ascii("2026-10/report.md") + [UInt8](repeating: 0, count: 83))
        #expect(field(header, 100, 8) == ascii("0000644") + [0])  // mode
        #expect(field(header, 108, 8) == ascii("0000000") + [0])  // uid
        #expect(field(header, 116, 8) == ascii("0000000") + [0])  // gid
        #expect(field(header, 124, 12) == ascii("00000000006") + [0])  // size: 6
        // 1793491199 = 0o15271500377
        #expect(field(header, 136, 12) == ascii("15271500377") + [0])
        // Sum of the header bytes with the checksum field as eight spaces: name 1314 + mode 350 +
        // uid 336 + gid 336 + size 534 + mtime 566 + spaces 256 + type 48 + magic 559 + version 96 +
        // uname 452 + gname 452 + devmajor 336 + devminor 336 = 5971 = 0o13523.
        #expect(field(header, 148, 8) == ascii("013523") + [0, 0x20])
        #expect(header[156] == UInt8(ascii: "0"))  // regular file
        #expect(field(header, 157, 100) == [UInt8](repeating: 0, count: 100))  // no link
        #expect(field(header, 257, 6) == ascii("ustar") + [0])
        #expect(field(header, 263, 2) == ascii("00"))
        #expect(field(header, 265, 32) == ascii("root") + [UInt8](repeating: 0, count: 28))
        #expect(field(header, 297, 32) == ascii("root") + [UInt8](repeating: 0, count: 28))
        #expect(field(header, 329, 8) == ascii("0000000") + [0])
        #expect(field(header, 337, 8) == ascii("0000000") + [0])
        #expect(field(header, 345, 167) == [UInt8](repeating: 0, count: 167))  // no prefix, padding
        #expect(field(archive, 512, 6) == ascii("hello\n"))
        #expect(archive[518..<2048].allSatisfy { $0 == 0 })
    }

    @Test func sortsEntriesByName() throws {
        var tar = TarWriter(modificationTime: 0)
        tar.add(name: "b", contents: [1])
        tar.add(name: "a/z", contents: [2])
        tar.add(name: "a", contents: [3])
        let archive = try tar.archive()
        #expect(archive[0] == UInt8(ascii: "a") && archive[1] == 0)
        #expect(archive[1024] == UInt8(ascii: "a") && archive[1025] == UInt8(ascii: "/"))
        #expect(archive[2048] == UInt8(ascii: "b"))
    }

    @Test func padsContentsToWholeBlocks() throws {
        var tar = TarWriter(modificationTime: 0)
        tar.add(name: "exact", contents: [UInt8](repeating: 7, count: 512))
        tar.add(name: "over", contents: [UInt8](repeating: 7, count: 513))
        let archive = try tar.archive()
        // exact: 512 + 512; over: 512 + 1024; end: 1024.
        #expect(archive.count == 512 + 512 + 512 + 1024 + 1024)
        #expect(field(archive, 124, 12) == ascii("00000001000") + [0])  // 512 = 0o1000
    }

    @Test func splitsALongNameIntoPrefixAndName() throws {
        let folder = String(repeating: "f", count: 120)
        var tar = TarWriter(modificationTime: 0)
        tar.add(name: folder + "/file.txt", contents: [])
        let header = try tar.archive()
        #expect(field(header, 0, 9) == ascii("file.txt") + [0])
        #expect(field(header, 345, 121) == ascii(folder) + [0])
    }

    @Test func refusesANameThatCannotBeStored() {
        var tar = TarWriter(modificationTime: 0)
        let name = String(repeating: "x", count: 101)
        tar.add(name: name, contents: [])
        #expect(throws: TarWriter.Failure.nameTooLong(name)) { try tar.archive() }
    }
}
