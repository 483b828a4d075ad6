import Foundation
import Ledger
import TestSupport
import Testing

/// The spare a large output keeps (`AtomicFileWriter(path:recycling:)`): the next run writes over
/// it, and a reader still sees nothing but whole files.
@Suite("Atomic file writer: spares")
struct AtomicFileWriterSpareTests {
    /// Small enough that these few bytes count as a large output.
    static let smallest = 4

    static func write(_ text: String, to path: String, smallestSpare: Int = smallest) throws -> AtomicFileWriter {
        let writer = try AtomicFileWriter(path: path, recycling: true, smallestSpare: smallestSpare)
        writer.write(Array(text.utf8))
        return writer
    }

    static func text(_ path: String) throws -> String { String(decoding: try FileOutput.read(path), as: UTF8.self) }

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    @Test("the file a commit replaces is the spare the next run writes over, cut to what it wrote")
    func theReplacedFileIsWrittenOverNextTime() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/ledger.jsonl"
        // No file to replace: no spare.
        let first = try Self.write("first version\n", to: path)
        #expect(!first.isRecycled)
        try first.commit()
        #expect(AtomicFileWriterTests.entries(folder) == ["ledger.jsonl"])
        // The first version is kept as the spare.
        let second = try Self.write("second, a longer version\n", to: path)
        #expect(!second.isRecycled)
        try second.commit()
        #expect(AtomicFileWriterTests.entries(folder) == [".ledger.jsonl.spare", "ledger.jsonl"])
        #expect(try Self.text(path) == "second, a longer version\n")
        #expect(try Self.text(folder + "/.ledger.jsonl.spare") == "first version\n")
        // The third writes over the first version's file, shorter than it: nothing of it is left.
        let spareFile = Self.inode(folder + "/.ledger.jsonl.spare")
        let secondFile = Self.inode(path)
        let third = try Self.write("third\n", to: path)
        #expect(third.isRecycled)
        #expect(try Self.text(path) == "second, a longer version\n")
        try third.commit()
        #expect(try Self.text(path) == "third\n")
        #expect(Self.inode(path) == spareFile)
        #expect(try Self.text(folder + "/.ledger.jsonl.spare") == "second, a longer version\n")
        #expect(Self.inode(folder + "/.ledger.jsonl.spare") == secondFile)
        #expect(AtomicFileWriterTests.entries(folder) == [".ledger.jsonl.spare", "ledger.jsonl"])
    }

    @Test("keep leaves the spare's leading bytes as they are; only a recycled file that long can keep them")
    func keepLeavesTheSparesBytes() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/journal.jsonl"
        let first = try Self.write("header\nrow 1\nrow 2\n", to: path)
        #expect(!first.keep(1), "no spare yet: nothing can be kept")
        try first.commit()
        try Self.write("other\n", to: path).commit()
        // The spare holds the first version: its header and first row kept, a row written after them.
        #expect(try Self.rewrite(path, [.keep(100), .keep(13), .write("row 9\n")]) == [false, true])
        #expect(try Self.text(path) == "header\nrow 1\nrow 9\n")
        // Bytes kept between written ones: the spare is "other\n".
        #expect(try Self.rewrite(path, [.write("o"), .keep(4), .keep(0), .write("s\n")]) == [true, true])
        #expect(try Self.text(path) == "others\n")
        // Only the spare's first line kept: the file is cut after it.
        #expect(try Self.rewrite(path, [.keep(7)]) == [true])
        #expect(try Self.text(path) == "header\n")
    }

    enum Step {
        case write(String)
        case keep(Int)
    }

    /// Writes `path` again by `steps`, then commits; returns what each keep said.
    static func rewrite(_ path: String, _ steps: [Step]) throws -> [Bool] {
        let writer = try write("", to: path)
        var kept: [Bool] = []
        for step in steps {
            switch step {
            case .write(let text): writer.write(Array(text.utf8))
            case .keep(let count): kept.append(writer.keep(count))
            }
        }
        try writer.commit()
        return kept
    }

    @Test("a spare that is a second name of the output, as a stopped run leaves it, is never written over")
    func aSpareLinkedToTheOutputIsRemoved() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/journal.jsonl"
        try FileOutput.write(Array("the journal\n".utf8), to: path)
        #expect(link(path, folder + "/.journal.jsonl.spare") == 0)
        let writer = try Self.write("the next journal\n", to: path)
        #expect(!writer.isRecycled)
        #expect(try Self.text(path) == "the journal\n")
        try writer.commit()
        #expect(try Self.text(path) == "the next journal\n")
        #expect(try Self.text(folder + "/.journal.jsonl.spare") == "the journal\n")
    }

    @Test("a spare another run is writing over is left to it")
    func aSpareInUseIsLeftAlone() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/ledger.jsonl"
        try Self.write("one\n", to: path).commit()
        try Self.write("two\n", to: path).commit()
        let holding = try Self.write("three\n", to: path)
        let other = try Self.write("four\n", to: path)
        #expect(holding.isRecycled)
        #expect(!other.isRecycled)
        try other.commit()
        #expect(try Self.text(path) == "four\n")
        try holding.commit()
        #expect(try Self.text(path) == "three\n")
        #expect(try Self.text(folder + "/.ledger.jsonl.spare") == "four\n")
        #expect(AtomicFileWriterTests.entries(folder) == [".ledger.jsonl.spare", "ledger.jsonl"])
    }

    @Test("small outputs keep no spare, and a recycled writer that is discarded removes the spare")
    func smallOutputsAndDiscards() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/uncategorized.csv"
        try Self.write("small\n", to: path, smallestSpare: AtomicFileWriter.smallestSpare).commit()
        try Self.write("still small\n", to: path, smallestSpare: AtomicFileWriter.smallestSpare).commit()
        #expect(AtomicFileWriterTests.entries(folder) == ["uncategorized.csv"])
        try Self.write("large\n", to: path).commit()
        #expect(AtomicFileWriterTests.entries(folder) == [".uncategorized.csv.spare", "uncategorized.csv"])
        let stopped = try Self.write("half of it", to: path)
        #expect(stopped.isRecycled)
        stopped.discard()
        #expect(AtomicFileWriterTests.entries(folder) == ["uncategorized.csv"])
        #expect(try Self.text(path) == "large\n")
        // A replaced file below the size is not kept after a swap either.
        try Self.write("x\n", to: path).commit()
        let swapped = try Self.write("y\n", to: path, smallestSpare: 3)
        #expect(swapped.isRecycled)
        try swapped.commit()
        #expect(try Self.text(path) == "y\n")
        #expect(AtomicFileWriterTests.entries(folder) == ["uncategorized.csv"])
    }

    @Test("an output that is a link to a file elsewhere keeps no spare")
    func aLinkedOutputKeepsNoSpare() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
        try FileOutput.write(Array("kept elsewhere\n".utf8), to: folder + "/elsewhere.jsonl")
        #expect(symlink(folder + "/elsewhere.jsonl", folder + "/out/ledger.jsonl") == 0)
        try Self.write("the ledger\n", to: folder + "/out/ledger.jsonl").commit()
        #expect(try Self.text(folder + "/out/ledger.jsonl") == "the ledger\n")
        #expect(AtomicFileWriterTests.entries(folder + "/out") == ["ledger.jsonl"])
    }
}

extension AtomicFileWriterSpareTests {
    /// A recycled file of more than a `writebackStep`, written in pieces that do not line up with the
    /// steps (the disk is asked to start writing each step as it fills): every byte is in place at
    /// the commit, and nothing of the longer spare is left after it.
    @Test func aLargeRecycledFileIsWholeAfterItsWriteback() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/journal.jsonl"
        let size = AtomicFileWriter.writebackStep + 12_345
        for version in 0..<3 {
            let writer = try AtomicFileWriter(path: path, recycling: true, smallestSpare: Self.smallest)
            #expect(writer.isRecycled == (version == 2))
            var piece = [UInt8](repeating: 0, count: 1_000_003)
            var offset = 0
            let total = size - version * 1_000
            while offset < total {
                let count = min(piece.count, total - offset)
                for index in 0..<count { piece[index] = UInt8(truncatingIfNeeded: (offset + index) &* 31 &+ version) }
                writer.write(Array(piece[..<count]))
                offset += count
            }
            try writer.commit()
            let bytes = try FileOutput.read(path)
            #expect(bytes.count == total)
            #expect(bytes.indices.allSatisfy { bytes[$0] == UInt8(truncatingIfNeeded: $0 &* 31 &+ version) })
        }
    }
}
