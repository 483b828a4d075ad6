import Foundation
import TestSupport
import Testing

@testable import Import

/// A large inbox file is read in two halves at once (`FileBytes.readInHalves`): the bytes must be
/// the file's, in order, whatever the size's parity and on one core or two.
@Suite("Reading an inbox file's bytes")
struct FileBytesTests {
    @Test(
        "a file read in halves or in one pass is the file",
        arguments: [FileBytes.halvesFrom + 3, FileBytes.halvesFrom, 1000])
    func wholeFile(size: Int) throws {
        let workspace = try TemporaryWorkspace(config: nil, inbox: [:])
        // Bytes that differ from their neighbours everywhere, so a half put in the wrong place or
        // a byte lost shows.
        var generator = SplitMix64(seed: UInt64(size))
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let path = workspace.path + "/inbox/large.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        for cores in [1, 2] {
            guard case .success(let read) = FileBytes.readRegularFile(path, cores: cores) else {
                Issue.record("the file was not read on \(cores) cores")
                continue
            }
            #expect(read.count == size)
            #expect(read == bytes, "on \(cores) cores")
        }
    }
}
