import Foundation
import Ledger
import Testing

/// `FileOutput.writeDerived`: atomic like `write`, without the flush, for files every run makes
/// again.
@Suite("Derived file output")
struct DerivedFileOutputTests {
    @Test func replacesWholeAndLeavesNoTemporaryFile() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/2026-10.json"
        try FileOutput.writeDerived(Array("a longer first version\n".utf8), to: path)
        try FileOutput.writeDerived(Array("second\n".utf8), to: path)
        #expect(try FileOutput.read(path) == Array("second\n".utf8))
        #expect(AtomicFileWriterTests.entries(folder) == ["2026-10.json"])
    }

    @Test func aMissingFolderIsAnErrorNamingThePath() throws {
        let folder = try AtomicFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing/2026-10.json"
        #expect(throws: FileOutput.Failure.self) { try FileOutput.writeDerived([1, 2, 3], to: path) }
        do {
            try FileOutput.writeDerived([1], to: path)
        } catch {
            #expect(error.description.hasPrefix(path + ": error: cannot write the file"))
        }
        try FileOutput.makeFolder(folder + "/missing")
        try FileOutput.writeDerived([1, 2, 3], to: path)
        #expect(try FileOutput.read(path) == [1, 2, 3])
    }
}
