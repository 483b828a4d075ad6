import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

/// The close's input digests kept by file stamp: used while a file's stamp is as recorded, and
/// never for a file that changed, went, or changed too recently to prove its bytes. Digests are
/// `sha256sum`'s of the files' bytes.
@Suite struct InputDigestCacheTests {
    static let hello = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"  // "hello\n"
    static let world = "e258d248fda94c63753607f7c4494ee0fcbe92f1a76bfdac795c9d84101eb317"  // "world\n"
    static let config = "d3d10971ff904c4d9862cebba46a38c247bc31746986321c886ab8469aacd1ad"  // base_currency = "GBP"\n

    static func stamp(_ size: UInt64, _ seconds: Int64) -> FileStamp {
        FileStamp(
            size: size, modifiedSeconds: seconds, modifiedNanoseconds: 5, changedSeconds: seconds,
            changedNanoseconds: 7, inode: 42, device: 9)
    }

    static func workspace() throws -> URL {
        let folder = try TemporaryFolder.make("digests")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("inbox/a.csv"))
        try Data("base_currency = \"GBP\"\n".utf8).write(to: folder.appendingPathComponent("closebook.toml"))
        // Modified long ago, so that a rewrite now gives it another stamp even within one tick of
        // the file system's clock.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_577_836_800)],
            ofItemAtPath: folder.appendingPathComponent("inbox/a.csv").path)
        return folder
    }

    /// Later than any stamp the test's files have: every file is old enough to keep.
    static let later = Int64(Date().timeIntervalSince1970) + 3600

    @Test func theFileIsOneLinePerFileInPathOrder() {
        var cache = InputDigestCache()
        cache.record("rules/a b.rules", stamp: Self.stamp(12, 1_000), sha256: Self.world, now: 2_000)
        cache.record("inbox/a.csv", stamp: Self.stamp(6, 1_000), sha256: Self.hello, now: 2_000)
        #expect(
            cache.text == """
                closebook input digests 1
                \(Self.hello)\t6\t1000\t5\t1000\t7\t42\t9\tinbox/a.csv
                \(Self.world)\t12\t1000\t5\t1000\t7\t42\t9\trules/a b.rules

                """)
        #expect(InputDigestCache.parse(cache.text) == cache)
    }

    @Test func aFileNotWhollyInTheFormatIsRefusedWhole() {
        let line = "\(Self.hello)\t6\t1000\t5\t1000\t7\t42\t9\tinbox/a.csv"
        #expect(InputDigestCache.parse("closebook input digests 1\n\(line)\n")?.entries.count == 1)
        for text in [
            "closebook input digests 2\n\(line)\n",  // another format
            "closebook input digests 1\n\(line)",  // cut short: no last line break
            "closebook input digests 1\n\(line.dropLast(12))\n",  // a field missing
            "closebook input digests 1\n\(line.replacingOccurrences(of: "\t42\t", with: "\t-42\t"))\n",
            "closebook input digests 1\n\(line.replacingOccurrences(of: "5891", with: "589g"))\n",
            "closebook input digests 1\n\(line.dropFirst())\n",  // a digest of 63 digits
            "",
        ] {
            #expect(InputDigestCache.parse(text) == nil, "\(text)")
        }
    }

    @Test func aStampWithinTheRacyWindowIsNotKept() {
        var cache = InputDigestCache()
        cache.record("inbox/a.csv", stamp: Self.stamp(6, 1_000), sha256: Self.hello, now: 1_002)
        #expect(cache.sha256(of: "inbox/a.csv", stamp: Self.stamp(6, 1_000)) == Self.hello)
        // Changed again within the window: the older entry goes too.
        cache.record("inbox/a.csv", stamp: Self.stamp(6, 1_001), sha256: Self.world, now: 1_002)
        #expect(cache.entries.isEmpty)
        // A path that cannot be one line is never kept.
        cache.record("inbox/a\nb.csv", stamp: Self.stamp(6, 1_000), sha256: Self.hello, now: 2_000)
        #expect(cache.entries.isEmpty)
    }

    @Test func aFileWhoseStampIsAsRecordedIsNotReadAgain() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cache = InputDigestCache()
        let first = InputFiles.collect(workspace: folder.path, digests: &cache, cores: 2, now: Self.later)
        #expect(
            first == [
                InputFile(path: "closebook.toml", sha256: Self.config),
                InputFile(path: "inbox/a.csv", sha256: Self.hello),
            ])
        #expect(cache.entries.keys.sorted() == ["closebook.toml", "inbox/a.csv"])
        #expect(first == InputFiles.collect(workspace: folder.path))
        // A digest planted under the file's true stamp is what comes back: the file was not read.
        let planted = String(repeating: "0", count: 64)
        cache.entries["inbox/a.csv"]?.sha256 = planted
        let second = InputFiles.collect(workspace: folder.path, digests: &cache, now: Self.later)
        #expect(second.last == InputFile(path: "inbox/a.csv", sha256: planted))
        // Rewritten with as many bytes: its stamp changed, so it is read again.
        try Data("world\n".utf8).write(to: folder.appendingPathComponent("inbox/a.csv"))
        let third = InputFiles.collect(workspace: folder.path, digests: &cache, now: Self.later)
        #expect(third.last == InputFile(path: "inbox/a.csv", sha256: Self.world))
        #expect(cache.entries["inbox/a.csv"]?.sha256 == Self.world)
        // Gone: gone from the cache too.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("inbox/a.csv"))
        let fourth = InputFiles.collect(workspace: folder.path, digests: &cache, now: Self.later)
        #expect(fourth == [InputFile(path: "closebook.toml", sha256: Self.config)])
        #expect(cache.entries.keys.sorted() == ["closebook.toml"])
    }

    @Test func filesChangedJustNowAreDigestedButNotKept() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        var cache = InputDigestCache()
        let files = InputFiles.collect(
            workspace: folder.path, digests: &cache, now: Int64(Date().timeIntervalSince1970))
        #expect(files.map(\.sha256) == [Self.config, Self.hello])
        #expect(cache.entries.isEmpty)
    }
}
