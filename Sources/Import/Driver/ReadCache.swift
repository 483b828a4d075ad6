import Crypto
import Foundation
import Ledger

/// What each inbox file's reader gave at the last import, kept in a folder (`build/.reads/`) by
/// the SHA-256 of everything the reading depends on: the file's name and bytes, the program, and
/// the configuration and profiles it was read with.
///
/// Why: a month end adds one month of exports to years of them, and every import read (tokenised,
/// mapped, parsed) all of the old files again; for a million rows that is most of the import's
/// work. A file whose name and bytes and setting are as before now reads back what its reader gave
/// (`ParsedFileBytes`), and only what follows the readers runs again: the period checks against
/// today, the accounts, the ids, the duplicates, the journal. Because everything the reader sees is
/// in the key, an entry is either exactly what reading the file would give or never found.
///
/// Why the bytes and not the file's modification time: the bytes are read anyway (duplicate files
/// are found by them), and a digest of 70 MB takes some 40 ms, where a stamp can be fooled by a
/// copy that keeps times. An entry is checked against its key and a checksum of its payload
/// (`ByteKeyedCache.hash`), so a damaged file is read as a miss (and written again), never as
/// records.
///
/// A file with NUL bytes is not kept (its lines are blanked before reading, a rare path). An entry
/// that cannot be written is only work the next import does again; `prune` removes the entries no
/// file of this import used.
public struct ReadCache: Sendable {
    /// The folder of entries, one file each, named by the key in hexadecimal.
    public let folder: String
    /// The digest of the program and the configuration the readers were made from.
    let setting: [UInt8]

    static let magic = Array("closebook read cache 1\n".utf8)

    /// The files and folders the setting was read from, with their stamps then (nil for one that
    /// was not there): see `settingIsUnchanged`.
    let watched: [(path: String, stamp: FileStamp?)]

    /// A cache in `folder` for readers made from `workspace`'s `closebook.toml` and the profiles in
    /// `profileFolders` (in the order they are loaded), by the program at `executable`; nil when
    /// the program's file cannot be told (then nothing is kept).
    ///
    /// Made before the configuration and the profiles are loaded: a file changed in between then
    /// only makes entries that no later setting's key finds, and `settingIsUnchanged` tells a
    /// change made and undone while the files are read.
    public init?(folder: String, workspace: String, profileFolders: [String], executable: String = "/proc/self/exe") {
        var status = stat()
        guard stat(executable, &status) == 0 else { return nil }
        var hasher = SHA256()
        var watched: [(path: String, stamp: FileStamp?)] = []
        func add(_ bytes: [UInt8]) {
            hasher.update(data: Data(String(bytes.count).utf8 + [0x3A]))
            hasher.update(data: Data(bytes))
        }
        func addFile(_ path: String) {
            watched.append((path, FileStamp(path: path)))
            add(Array((path as NSString).lastPathComponent.utf8))
            add((try? FileOutput.read(path)) ?? [])
        }
        add(ReadCache.magic)
        add(
            Array(
                "program \(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
                    .utf8))
        addFile((workspace as NSString).appendingPathComponent("closebook.toml"))
        for folder in profileFolders {
            watched.append((folder, FileStamp(path: folder)))
            add(Array("profiles \(folder)".utf8))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() where name.hasSuffix(".toml") && !name.hasPrefix(".") {
                addFile((folder as NSString).appendingPathComponent(name))
            }
        }
        self.folder = folder
        self.setting = Array(hasher.finalize())
        self.watched = watched
    }

    /// True while `closebook.toml`, the profile folders and every profile have the stamps they had
    /// when the setting was read: a file written since (even back to the same bytes) changes its
    /// status-change time.
    var settingIsUnchanged: Bool {
        watched.allSatisfy { FileStamp(path: $0.path) == $0.stamp }
    }

    /// The keys of `files` (their names in `inbox/` and bytes), in order.
    func keys(of files: [(name: String, bytes: [UInt8])], cores: Int) -> [String] {
        let digests = Self.digests(of: files.map { ($0.bytes, nil) }, cores: cores)
        return files.indices.map { key(name: files[$0].name, digest: digests[$0]) }
    }

    /// The key of a file named `name` whose bytes' digest is `digest` (`digests`): a digest of
    /// the setting, the name and that digest.
    func key(name: String, digest: String) -> String {
        var hasher = SHA256()
        hasher.update(data: setting)
        hasher.update(data: Array(String(name.utf8.count).utf8) + [0x3A] + Array(name.utf8))
        hasher.update(data: Array(digest.utf8))
        return Hex.lowercase(hasher.finalize())
    }

    /// The digest of each file's bytes, in order: the SHA-256 (lower-case hex) of the SHA-256 of
    /// each 8 MB in turn. The parts of every file are digested on `cores` cores at once, so a
    /// single large export takes half the time it would on one. A `known` digest is taken as it
    /// is (`knownFiles`): its file's bytes are not read.
    static func digests(of files: [(bytes: [UInt8], known: String?)], cores: Int) -> [String] {
        let partSize = ReadCache.partSize
        var parts: [(file: Int, range: Range<Int>)] = []
        for (index, file) in files.enumerated() where file.known == nil {
            var start = 0
            repeat {
                let end = min(start + partSize, file.bytes.count)
                parts.append((index, start..<end))
                start = end
            } while start < file.bytes.count
        }
        let digests = Slots<[UInt8]>(count: parts.count)
        Cores.forEach(parts.count, cores: cores) { index in
            let part = parts[index]
            files[part.file].bytes.withUnsafeBytes { bytes in
                digests.set(index, Array(SHA256.hash(data: UnsafeRawBufferPointer(rebasing: bytes[part.range]))))
            }
        }
        var hashers = [SHA256](repeating: SHA256(), count: files.count)
        for (index, part) in parts.enumerated() { hashers[part.file].update(data: digests.take(index) ?? []) }
        return files.indices.map { files[$0].known ?? Hex.lowercase(hashers[$0].finalize()) }
    }

    /// The digests of the inbox files' bytes by name and stamp (`InputDigestCache`), as the last
    /// import recorded them: a file whose stamp is the same is not read, its reading taken from
    /// the cache by the key that digest gives.
    ///
    /// Why: at a month end the inbox holds years of exports and one new file, and each was read
    /// whole and digested to find its key (a 70 MB export of 1M rows: 32-36 ms to read, and its
    /// SHA-256 on both cores), only for its reading to come from the cache. A file is known
    /// unchanged as the close's input digests know it (`InputDigestCache`: size, both times to the
    /// nanosecond, inode, device; nothing recorded within two seconds of a change); anything else
    /// is read and digested. Only a cache: without it every file is read, as before.
    func knownFiles() -> InputDigestCache { InputDigestCache.load(path(of: ReadCache.knownFilesName)) }

    /// Keeps `known` for the next import's `knownFiles`; a failure keeps nothing.
    func keep(knownFiles known: InputDigestCache) {
        try? FileOutput.writeDerived(Array(known.text.utf8), to: path(of: ReadCache.knownFilesName))
    }

    /// The file `knownFiles` are kept in, in the cache's folder (not a key: `prune` leaves it).
    static let knownFilesName = "stamps"

    /// The bytes of a file digested as one part of its key.
    static let partSize = 8 << 20

    private func path(of key: String) -> String { (folder as NSString).appendingPathComponent(key) }

    /// What the reader gave for the file of `key`, when an intact entry holds it; with `cores`
    /// above one, the entry's checksum is worked out on a second core while it is decoded (see
    /// `payload`).
    func load(_ key: String, cores: Int = 1) -> ParsedFile? {
        payload(of: key, cores: cores) { ParsedFileBytes.decode($0) }
    }

    /// Keeps `parsed` as the reading of the file of `key`; a failure keeps nothing.
    func store(_ parsed: ParsedFile, key: String) {
        guard let payload = ParsedFileBytes.encode(parsed) else { return }
        payload.withUnsafeBufferPointer { write($0, key: key) }
    }

    /// The key of the content hashes (`ContentHashes`) of statement `statement` of the file of
    /// `file`, read as account `account` in `currency`: a hash depends on its record, the account
    /// and the currency, nothing else.
    func hashesKey(file: String, statement: Int, account: AccountID, currency: Currency) -> String {
        var hasher = SHA256()
        let text = "hashes \(file) \(statement) \(currency.code) \(currency.exponent) \(account.rawValue.utf8.count):"
        hasher.update(data: Array(text.utf8) + Array(account.rawValue.utf8))
        return Hex.lowercase(hasher.finalize())
    }

    /// The `count` content hashes kept under `key`, when an intact entry holds them.
    func loadHashes(_ key: String, count: Int) -> [UInt64]? {
        payload(of: key) { bytes -> [UInt64]? in
            guard bytes.count == count * 8, let base = bytes.baseAddress else { return nil }
            return (0..<count).map {
                UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
            }
        }
    }

    /// Keeps `hashes` under `key`; a failure keeps nothing.
    func storeHashes(_ hashes: [UInt64], key: String) {
        // Kept as they are where they are little-endian already. (A key-path `map` went through
        // the runtime for each of a million hashes: 50-60 ms of an import from scratch.)
        let little = UInt64(1).littleEndian == 1 ? hashes : hashes.map { $0.littleEndian }
        little.withUnsafeBytes {
            write(
                UnsafeBufferPointer(start: $0.baseAddress?.assumingMemoryBound(to: UInt8.self), count: $0.count),
                key: key)
        }
    }

    /// `body` of the payload of the entry `key`, when the entry is whole: the magic, its key, the
    /// payload and the payload's checksum.
    ///
    /// With `cores` above one, `body` runs while the checksum is worked out on another core, and
    /// what it made is dropped when the checksum fails. `body` must then be safe on any bytes:
    /// `ParsedFileBytes.decode` checks every count and index against the bytes it has. (A month
    /// end reads back the entry of years of exports, some 90 MB for a million rows, on one core:
    /// its checksum was a fifth of that.)
    private func payload<Result>(
        of key: String, cores: Int = 1, _ body: (UnsafeBufferPointer<UInt8>) -> Result?
    ) -> Result? {
        guard let file = try? JournalBytes(contentsOf: path(of: key)) else { return nil }
        let bytes = file.buffer
        let head = ReadCache.magic.count + key.utf8.count
        guard bytes.count >= head + 8, bytes.starts(with: ReadCache.magic),
            bytes[ReadCache.magic.count..<head].elementsEqual(key.utf8)
        else { return nil }
        let payload = UnsafeBufferPointer(rebasing: bytes[head..<bytes.count - 8])
        var sum: UInt64 = 0
        for index in 0..<8 { sum |= UInt64(bytes[bytes.count - 8 + index]) << (8 * index) }
        guard cores > 1 else { return ByteKeyedCache<UInt8>.hash(payload) == sum ? body(payload) : nil }
        var intact = false
        var result: Result?
        Cores.both(cores: cores, { intact = ByteKeyedCache<UInt8>.hash(payload) == sum }, { result = body(payload) })
        return intact ? result : nil
    }

    /// Writes the entry `key` holding `payload`.
    private func write(_ payload: UnsafeBufferPointer<UInt8>, key: String) {
        guard let writer = try? AtomicFileWriter(path: path(of: key)) else { return }
        writer.write(ReadCache.magic)
        writer.write(Array(key.utf8))
        writer.write(payload)
        let sum = ByteKeyedCache<UInt8>.hash(payload)
        writer.write((0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * $0)) })
        do { try writer.commit() } catch { writer.discard() }
    }

    /// Removes the entries whose keys are not in `used` (files gone, changed, or read under
    /// another setting). Only entry names are touched: other files in the folder stay.
    func prune(keeping used: Set<String>) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where ReadCache.isKey(name) && !used.contains(name) {
            unlink(path(of: name))
        }
    }

    /// True for 64 lower-case hexadecimal digits.
    static func isKey(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}

/// Entries of a `ReadCache` kept on threads of their own while the import goes on.
///
/// Why: a single large export is read on one core (`FileReading`), and keeping its reading
/// (encoding some 90 MB for a million rows, its checksum, the write of a new file) took 150-250 ms
/// more on that core while the other waited. Handed to a thread, it runs beside what follows the
/// reading. `wait` returns once every entry handed over is written, or failed to be: the run calls
/// it before it prunes the folder, so a setting changed while the files were read still removes
/// every entry (`ImportRun.finishReadCache`).
final class ReadCacheWrites: @unchecked Sendable {
    private let group = DispatchGroup()

    /// Keeps `parsed` in `cache` under `key` on a thread of its own.
    func store(_ parsed: ParsedFile, key: String, in cache: ReadCache) {
        group.enter()
        let thread = Thread { [group] in
            cache.store(parsed, key: key)
            group.leave()
        }
        thread.start()
    }

    /// Waits for every entry handed to `store`.
    func wait() { group.wait() }
}
