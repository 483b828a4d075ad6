import Foundation
import Ledger
import TestSupport
import Testing

/// The writer the import and categorise stages stream their outputs through: nothing but the
/// finished file is ever seen at the destination.
@Suite("Atomic file writer")
struct AtomicFileWriterTests {
    static func folder() throws -> String {
        let path = try TemporaryFolder.make("closebook-atomic").path
        return path
    }

    static func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func piecesAppearOnlyOnCommitAndReplaceTheOldFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out/ledger.jsonl"
        try FileOutput.write(Array("old\n".utf8), to: path)
        let writer = try AtomicFileWriter(path: path)
        writer.write(Array("first ".utf8))
        writer.write(Array("second\n".utf8))
        // Until the commit the old file is what a reader sees, beside one hidden temporary file.
        #expect(try FileOutput.read(path) == Array("old\n".utf8))
        #expect(Self.entries(folder + "/out").count == 2)
        try writer.commit()
        #expect(try FileOutput.read(path) == Array("first second\n".utf8))
        #expect(Self.entries(folder + "/out") == ["ledger.jsonl"])
    }

    @Test func discardLeavesNothingBehind() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let writer = try AtomicFileWriter(path: folder + "/journal.jsonl")
            writer.write(Array("half a journal".utf8))
            writer.discard()
        }
        do {
            // Dropped without a commit: the same.
            let writer = try AtomicFileWriter(path: folder + "/journal.jsonl")
            writer.write(Array("half a journal".utf8))
        }
        #expect(Self.entries(folder).isEmpty)
    }

    @Test func aFolderThatCannotBeMadeIsAnError() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileOutput.write(Array("a file".utf8), to: folder + "/build")
        #expect(throws: AtomicFileWriter.Failure.self) {
            _ = try AtomicFileWriter(path: folder + "/build/journal.jsonl")
        }
    }
}

extension AtomicFileWriterTests {
    @Test("temporary files of a killed run are removed on the next run, those of a live process kept")
    func abandonedTemporaryFilesAreRemoved() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A process id that no longer exists: a child that has exited and been reaped.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let gone = child.processIdentifier
        let live = getppid()
        try FileOutput.write(Array("x".utf8), to: folder + "/.ledger.jsonl.\(gone)-0.tmp")
        try FileOutput.write(Array("x".utf8), to: folder + "/.ledger.jsonl.\(live)-0.tmp")
        try FileOutput.write(Array("x".utf8), to: folder + "/.journal.jsonl.\(gone)-0.tmp")
        let writer = try AtomicFileWriter(path: folder + "/ledger.jsonl")
        writer.write(Array("new\n".utf8))
        try writer.commit()
        #expect(
            Self.entries(folder) == [
                ".journal.jsonl.\(gone)-0.tmp", ".ledger.jsonl.\(live)-0.tmp", "ledger.jsonl",
            ])
    }
}
