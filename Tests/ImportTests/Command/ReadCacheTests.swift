import Foundation
import Ledger
import Testing

@testable import Import

@Suite("Read cache")
struct ReadCacheTests {
    static let config = ImportCommandTests.config
    static let savings = ImportCommandTests.savings
    static let name = "bramble-savings-2024-09.qif"

    func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(ReadCache.isKey).sorted()
    }

    func journalBytes(_ workspace: TemporaryWorkspace) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: workspace.journal)))
    }

    @Test("a file read before is read back from its entry: the same journal, and a planted entry is what is read")
    func usesEntries() throws {
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: [Self.name: Self.savings])
        let folder = workspace.path + "/build/.reads"
        #expect(workspace.run().status == 0)
        let plain = try journalBytes(workspace)
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        #expect(try journalBytes(workspace) == plain)
        // One entry for the reading, one for the statement's content hashes.
        let keys = entries(folder)
        #expect(keys.count == 2)
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        #expect(try journalBytes(workspace) == plain)
        #expect(entries(folder) == keys)

        // The entries are what the next run reads: plant another payee and another hash.
        let cache = try #require(
            ReadCache(folder: folder, workspace: workspace.path, profileFolders: []))
        let fileKey = cache.keys(of: [(Self.name, Self.savings)], cores: 1)[0]
        let hashesKey = cache.hashesKey(
            file: fileKey, statement: 0, account: AccountID("savings"), currency: .gbp)
        #expect(Set(keys) == [fileKey, hashesKey])
        var parsed = try #require(cache.load(fileKey))
        #expect(parsed.statements[0].records.map(\.payee) == ["TRANSFER IN", "INTEREST"])
        parsed.statements[0].records[0].payee = "PLANTED"
        cache.store(parsed, key: fileKey)
        var hashes = try #require(cache.loadHashes(hashesKey, count: 2))
        #expect(
            try workspace.readJournal().transactions.map(\.id.rawValue).first == "savings/" + Self.hex(hashes[0]) + "-0"
        )
        hashes[0] = 0x0123_4567_89AB_CDEF
        cache.storeHashes(hashes, key: hashesKey)
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        let planted = try workspace.readJournal().transactions
        #expect(planted.map(\.payee) == ["PLANTED", "INTEREST"])
        #expect(planted.map(\.id.rawValue).first == "savings/0123456789abcdef-0")

        // Another closebook.toml is another setting: the file is read again, the old entry removed.
        try Data((Self.config + "\n# edited\n").utf8).write(
            to: URL(fileURLWithPath: workspace.path + "/closebook.toml"))
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        #expect(try workspace.readJournal().transactions.map(\.payee) == ["TRANSFER IN", "INTEREST"])
        #expect(entries(folder).count == 2)
        #expect(Set(entries(folder)).isDisjoint(with: keys))
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    @Test("a damaged entry is a miss: the file is read again and its entry written anew")
    func damagedEntry() throws {
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: [Self.name: Self.savings])
        let folder = workspace.path + "/build/.reads"
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        let plain = try journalBytes(workspace)
        let cache = try #require(ReadCache(folder: folder, workspace: workspace.path, profileFolders: []))
        let key = cache.keys(of: [(Self.name, Self.savings)], cores: 1)[0]
        let path = folder + "/" + key
        let intact = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        // One byte of the payee: the checksum no longer holds.
        let payee = try #require(intact.firstRange(of: Array("TRANSFER IN".utf8))).lowerBound
        var damaged = intact
        damaged[payee] = UInt8(ascii: "X")
        for bytes in [damaged, Array(intact.dropLast()), Array(intact.prefix(10)), []] {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(cache.load(key) == nil)
            #expect(workspace.run(["--read-cache", folder]).status == 0)
            #expect(try journalBytes(workspace) == plain)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == intact)
        }
        // The content hashes' entry alike: one hash byte changed, or one hash too few.
        let hashesKey = cache.hashesKey(file: key, statement: 0, account: AccountID("savings"), currency: .gbp)
        let hashesPath = folder + "/" + hashesKey
        let hashes = Array(try Data(contentsOf: URL(fileURLWithPath: hashesPath)))
        var flipped = hashes
        flipped[ReadCache.magic.count + 64] ^= 1
        for bytes in [flipped, Array(hashes.prefix(hashes.count - 16)) + Array(hashes.suffix(8))] {
            try Data(bytes).write(to: URL(fileURLWithPath: hashesPath))
            #expect(cache.loadHashes(hashesKey, count: 2) == nil)
            #expect(workspace.run(["--read-cache", folder]).status == 0)
            #expect(try journalBytes(workspace) == plain)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: hashesPath))) == hashes)
        }
    }

    @Test(
        "a file whose stamp the last run kept is not read: its reading comes by the digest kept; without that entry, or with a copy beside it, it is read"
    )
    func knownFiles() throws {
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: [Self.name: Self.savings])
        let folder = workspace.path + "/build/.reads"
        let inboxFile = workspace.path + "/inbox/" + Self.name
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        let plain = try journalBytes(workspace)
        let cache = try #require(ReadCache(folder: folder, workspace: workspace.path, profileFolders: []))
        // Written a moment ago, the file's stamp cannot prove its bytes (`InputDigestCache.racyWindow`).
        #expect(cache.knownFiles().entries.isEmpty)

        // A stamp kept with another digest, whose entry holds another reading: that reading is used,
        // so the file's bytes were neither read nor digested.
        let stamp = try #require(FileStamp(path: inboxFile))
        let digest = ReadCache.digests(of: [(Self.savings, nil)], cores: 1)[0]
        let planted = String(repeating: "ab", count: 32)
        #expect(planted != digest)
        var parsed = try #require(cache.load(cache.key(name: Self.name, digest: digest)))
        parsed.statements[0].records[0].payee = "PLANTED"
        cache.store(parsed, key: cache.key(name: Self.name, digest: planted))
        var known = InputDigestCache()
        known.record(Self.name, stamp: stamp, sha256: planted, now: stamp.changedSeconds + 10)
        cache.keep(knownFiles: known)
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        #expect(try workspace.readJournal().transactions.map(\.payee) == ["PLANTED", "INTEREST"])
        // The run keeps only stamps old enough to prove their bytes: this one is still too recent.
        #expect(cache.knownFiles().entries.isEmpty)

        // A stamp kept with the file's own digest whose entry is gone: the file is read from disk,
        // the plain journal, and its reading kept under that key again.
        known = InputDigestCache()
        known.record(Self.name, stamp: stamp, sha256: digest, now: stamp.changedSeconds + 10)
        cache.keep(knownFiles: known)
        unlink(folder + "/" + cache.key(name: Self.name, digest: digest))
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        #expect(try journalBytes(workspace) == plain)
        #expect(cache.load(cache.key(name: Self.name, digest: digest)) != nil)

        // A copy of a file left unread is still found: the unread file is read to compare them.
        cache.keep(knownFiles: known)
        try Data(Self.savings).write(to: URL(fileURLWithPath: workspace.path + "/inbox/bramble-savings-copy.qif"))
        let copied = workspace.run(["--read-cache", folder])
        #expect(copied.status == 0)
        #expect(copied.stderr.contains { $0.contains("this file has the same bytes as inbox/\(Self.name)") })
        #expect(try journalBytes(workspace) == plain)
    }

    @Test("entries of files no longer in the inbox are removed; other files in the folder stay")
    func prunes() throws {
        let other = Array(
            "!Type:Bank\nD13/10/2024\nT10.00\nPGIFT\n^\n".utf8)
        let workspace = try TemporaryWorkspace(
            config: Self.config, inbox: [Self.name: Self.savings, "bramble-savings-2024-10.qif": other])
        let folder = workspace.path + "/build/.reads"
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        #expect(entries(folder).count == 4)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try FileManager.default.removeItem(atPath: workspace.path + "/inbox/bramble-savings-2024-10.qif")
        #expect(workspace.run(["--read-cache", folder]).status == 0)
        #expect(entries(folder).count == 2)
        #expect(FileManager.default.fileExists(atPath: folder + "/notes.txt"))
        #expect(try workspace.readJournal().transactions.map(\.payee) == ["TRANSFER IN", "INTEREST"])
    }

    @Test("a file's key is its name, its bytes and the setting; parts of 8 MB on several cores make the same key")
    func keys() throws {
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: [:])
        let cache = try #require(
            ReadCache(folder: workspace.path + "/r", workspace: workspace.path, profileFolders: []))
        var large = [UInt8](repeating: 0x41, count: 2 * ReadCache.partSize + 5)
        let files: [(name: String, bytes: [UInt8])] = [
            ("a.csv", large), ("b.csv", large), ("a.csv", []), ("a.csv", [1]),
        ]
        let one = cache.keys(of: files, cores: 1)
        #expect(cache.keys(of: files, cores: 2) == one)
        #expect(Set(one).count == 4)
        #expect(one.allSatisfy(ReadCache.isKey))
        large[ReadCache.partSize + 3] = 0x42
        #expect(cache.keys(of: [("a.csv", large)], cores: 2)[0] != one[0])
        // Another program file is another setting.
        let program = workspace.path + "/program"
        try Data("x".utf8).write(to: URL(fileURLWithPath: program))
        let other = try #require(
            ReadCache(folder: workspace.path + "/r", workspace: workspace.path, profileFolders: [], executable: program)
        )
        #expect(other.keys(of: [files[0]], cores: 1)[0] != one[0])
    }
}

extension ReadCacheTests {
    @Test("a setting file written after the setting was read, even back to its bytes, is seen")
    func settingChanges() throws {
        let workspace = try TemporaryWorkspace(config: Self.config, inbox: [Self.name: Self.savings])
        let profiles = workspace.path + "/profiles"
        try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
        let folder = workspace.path + "/build/.reads"
        let config = URL(fileURLWithPath: workspace.path + "/closebook.toml")
        let cache = try #require(ReadCache(folder: folder, workspace: workspace.path, profileFolders: [profiles]))
        #expect(cache.settingIsUnchanged)
        // The same bytes written again: the file's status-change time moves on.
        usleep(20_000)
        try Data(Self.config.utf8).write(to: config)
        #expect(!cache.settingIsUnchanged)
        let again = try #require(ReadCache(folder: folder, workspace: workspace.path, profileFolders: [profiles]))
        #expect(again.setting == cache.setting)
        #expect(again.settingIsUnchanged)
        // A profile added to a folder.
        usleep(20_000)
        try Data("x".utf8).write(to: URL(fileURLWithPath: profiles + "/bank.toml"))
        #expect(!again.settingIsUnchanged)
        let third = try #require(ReadCache(folder: folder, workspace: workspace.path, profileFolders: [profiles]))
        #expect(third.setting != again.setting)
    }
}
