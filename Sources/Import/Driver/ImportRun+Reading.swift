import Foundation
import Ledger

extension ImportRun {
    /// Sniffs and reads every file; a file no reader recognises, or one its reader rejects, fails alone.
    ///
    /// The files are read on `cores` cores at once (`FileReading`, one file a piece of work), then
    /// taken in file order: what one file's reading says depends on no other, and what depends on
    /// the files before it (the QIF currency warning, once per account) is decided here, so the
    /// run is the same whichever file finished first. Each file's bytes are freed once it is read.
    ///
    /// With a `cache`, a file read before under the same setting is not read again (the run keeps
    /// the cache for the content hashes, see `makeEntries`).
    mutating func read(with readers: [any StatementReader], cores: Int = Cores.available, cache: ReadCache? = nil) {
        readCache = cache
        // With a second core, the readings are kept beside the rest of the run (`ReadCacheWrites`).
        readCacheWrites = cache != nil && cores > 1 ? ReadCacheWrites() : nil
        markCopies()
        let reading = FileReading(readers: readers, run: self, cache: cache, writes: readCacheWrites, cores: cores)
        let copies = files.map { state in state.copyOf.map { files[$0].file.path } }
        // A copy of an earlier file is not read, so not digested either; a file whose digest is
        // known by its stamp is not read (`ReadCache.knownFiles`).
        var keys: [String]?
        if let cache {
            let digests = ReadCache.digests(
                of: files.map { ($0.copyOf == nil ? $0.file.bytes : [], $0.copyOf == nil ? $0.file.knownDigest : nil) },
                cores: cores)
            for index in files.indices where files[index].copyOf == nil { files[index].digest = digests[index] }
            keys = files.indices.map { cache.key(name: files[$0].file.name, digest: digests[$0]) }
        }
        let slots = Slots(files.map(\.file))
        let reads = Slots<FileRead>(count: files.count)
        // The slots hold the only reference to each file's bytes, so a read frees them.
        for index in files.indices { files[index].file.bytes = [] }
        Cores.forEach(files.count, cores: cores) { index in
            let file = slots.take(index) ?? InboxFile(name: "", bytes: [])
            reads.set(index, reading.read(file, copyOf: copies[index], key: keys?[index]))
        }
        var assumedCurrencyFor: Set<String> = []
        for (index, result) in reads.values.map { $0 ?? FileRead() }.enumerated() {
            if let key = result.cacheKey { readCacheUsed.insert(key) }
            files[index].cacheKey = result.cacheKey
            var warnings = result.warnings
            if let assumed = result.assumedCurrency, assumedCurrencyFor.insert(assumed.key).inserted {
                warnings.insert(assumed.warning, at: assumed.position)
            }
            files[index].format = result.format
            files[index].parsed = result.parsed
            files[index].recordCount = result.recordCount
            files[index].skipped = result.skipped
            files[index].warnings = warnings
            files[index].errors = result.errors
            files[index].suggestion = result.suggestion
        }
        for index in files.indices {
            guard let original = files[index].copyOf else { continue }
            let format = files[original].format
            files[index].format = format
            files[index].parsed?.format = format ?? .csv
        }
    }

    /// Waits for the readings still being kept (`ReadCacheWrites`), then removes the entries of the
    /// read cache this run did not use (files gone or changed), and every entry when the setting
    /// changed while the files were read: the readings may then be of another setting than their
    /// keys say.
    ///
    /// Then keeps the digest of each file read whole (or known) under its stamp, when the file
    /// still has the stamp it was listed with (`ReadCache.knownFiles`); `now` is in seconds since
    /// 1970.
    func finishReadCache(now: Int64 = Int64(Date().timeIntervalSince1970)) {
        readCacheWrites?.wait()
        guard let readCache else { return }
        readCache.prune(keeping: readCache.settingIsUnchanged ? readCacheUsed : [])
        var known = InputDigestCache()
        for state in files where state.cacheKey != nil {
            guard let digest = state.digest, let stamp = state.file.stamp, let source = state.file.source,
                FileStamp(path: source) == stamp
            else { continue }
            known.record(state.file.name, stamp: stamp, sha256: digest, now: now)
        }
        if known != readCache.knownFiles() { readCache.keep(knownFiles: known) }
    }

    /// The `[[accounts]]` entry for a CSV file that could not be read and that no account takes: its
    /// id and name from the file name, a glob for its later exports, and the `profile` line to fill
    /// in once a profile for its layout is saved under `importers/`.
    static func accountEntry(forRejected fileName: String, currency: Currency) -> String {
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        let slug = AccountResolver.slugged(stem)
        return [
            "[[accounts]]", "id = \(TOMLBasicString.quoted(slug.isEmpty ? "account" : slug))",
            "name = \(TOMLBasicString.quoted(stem))",
            "type = \"checking\"", "currency = \(TOMLBasicString.quoted(currency.code))",
            "inbox = [\(TOMLBasicString.quoted(AccountResolver.suggestedGlob(for: fileName)))]",
            "profile = \"NAME\"  # the id of a profile in importers/ that reads this layout",
        ].joined(separator: "\n") + "\n"
    }

    /// Warnings for `inbox` globs of `closebook.toml` that match no file: the account then
    /// silently has no transactions (a typo, or exports saved under a new name).
    func unmatchedGlobs() -> [ImportDiagnostic] {
        var warnings: [ImportDiagnostic] = []
        for account in config.accounts {
            for pattern in account.inbox {
                let glob = InboxGlob(pattern)
                guard !files.contains(where: { glob.matches($0.file.name) }) else { continue }
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: "closebook.toml", line: account.inboxLine,
                        message:
                            "the inbox glob '\(pattern)' of account '\(account.id)' matches no file in inbox/, so no file feeds the account through it"
                    ))
            }
        }
        return warnings
    }
}
