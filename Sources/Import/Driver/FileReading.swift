import Ledger

/// Reads one inbox file on its own: refuses what cannot be read, sniffs the format, decodes and
/// parses the file, checks its stated periods and outlying dates, and words the file's own errors
/// and warnings.
///
/// Why a step of its own: this is the part of an import that splits by file, so `ImportRun.read`
/// runs it on every available core (`Cores.forEach`). A read depends on no other file and writes
/// nothing but its `FileRead`: the readers are values, and each read makes its parser's working
/// state afresh for its one file (the CSV tokenizer's scratch bytes, the row mapper's
/// text cache (`ByteKeyedCache`), the rounding tally, libxml2's parser context), so two files never share a
/// cache. A single large file is one piece of work: it is read on one core.
struct FileReading {
    let readers: [any StatementReader]
    let resolver: AccountResolver
    let baseCurrency: Currency?
    let workspaceCurrencies: [Currency]
    let today: CivilDate?
    /// Where what the readers gave is kept between imports, if anywhere.
    let cache: ReadCache?
    /// With `cache`: the threads that keep the readings, or nil to keep each before returning it.
    let writes: ReadCacheWrites?
    /// The cores a reading read back from `cache` is checked and decoded on (`ReadCache.load`).
    let cores: Int

    init(
        readers: [any StatementReader], run: ImportRun, cache: ReadCache? = nil, writes: ReadCacheWrites? = nil,
        cores: Int = 1
    ) {
        self.readers = readers
        self.cache = cache
        self.writes = writes
        self.cores = cores
        self.resolver = run.resolver
        self.baseCurrency = run.config.baseCurrency
        self.workspaceCurrencies = run.workspaceCurrencies
        self.today = run.today
    }

    /// Reads `file`, whose bytes are freed when this returns; `copyOf` is the path of an earlier
    /// file with the very same bytes, which is read instead. `key` is the file's key in `cache`.
    func read(_ file: consuming InboxFile, copyOf: String?, key cacheKey: String? = nil) -> FileRead {
        var result = FileRead()
        let path = file.path
        if let failure = file.readFailure {
            result.errors.append(ImportDiagnostic(path: path, line: 1, message: failure))
            return result
        }
        let claims = resolver.configuredAccounts(forFile: file.name)
        if claims.count > 1 {
            // Fed to the first account only, the file would be missing from the others, or
            // counted in the wrong one: which is meant is for the user to say.
            let named = claims.map { "'\($0.account.id)' (closebook.toml:\($0.account.inboxLine) '\($0.glob)')" }
            result.errors.append(
                ImportDiagnostic(
                    path: path, line: 1,
                    message:
                        "the inbox globs of two accounts match this file, \(named[0]) and \(named[1]); make one narrower so that each file feeds one account"
                ))
            return result
        }
        if let copyOf {
            // The same export saved twice would be a second account, or every record a duplicate.
            // (Its format is the original's, known once that is read: see the end of `ImportRun.read`.)
            result.parsed = ParsedFile(format: .csv, statements: [])
            result.warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: 1,
                    message:
                        "this file has the same bytes as \(copyOf); it is imported once, from \(copyOf) (remove one of the two copies)"
                ))
            return result
        }
        // A file whose digest its stamp told (`InboxFile.knownDigest`) is read from the cache by
        // its key, when the cache's entry can be; else from disk now.
        var cacheKey = cacheKey
        var known: ParsedFile?
        let triedEntry = file.isUnread
        if file.isUnread {
            known = cacheKey.flatMap { cache?.load($0, cores: cores) }
            if known == nil {
                guard file.loadBytes() else {
                    result.errors.append(
                        ImportDiagnostic(path: path, line: 1, message: file.readFailure ?? "cannot read the file"))
                    return result
                }
                // Changed since it was listed: the key does not say what the bytes are now.
                if file.knownDigest == nil { cacheKey = nil }
            }
        }
        if known == nil, file.bytes.isEmpty {
            result.errors.append(ImportDiagnostic(path: path, line: 1, message: "the file is empty"))
            return result
        }
        var nulLines: [Int] = []
        switch known == nil ? NULLines.blank(&file.bytes) : .clean {
        case .clean: break
        case .blanked(let lines): nulLines = lines
        case .binary(let lines, let total):
            result.errors.append(
                ImportDiagnostic(
                    path: path, line: 1,
                    message:
                        "not a bank export Closebook can read (expected CSV, OFX, QFX or QIF): NUL bytes on \(lines) of its \(total) lines show a binary file"
                ))
            return result
        }
        let bytes = file.bytes
        let account = resolver.configuredAccount(forFile: file.name)
        let context = ReadContext(
            defaultCurrency: defaultCurrency(for: account), account: account, baseCurrency: baseCurrency,
            workspaceCurrencies: workspaceCurrencies)
        // A file read before, by this program and under this setting, is not read again (`ReadCache`).
        let key = nulLines.isEmpty ? cacheKey : nil
        result.cacheKey = key
        // An entry already tried above is not read and checked again.
        let kept = known ?? (triedEntry ? nil : key.flatMap { cache?.load($0, cores: cores) })
        var reader: (any StatementReader)?
        if kept == nil {
            reader = readers.first(where: { type(of: $0).recognizes(bytes) })
            guard let reader else {
                result.errors.append(
                    ImportDiagnostic(
                        path: path, line: 1,
                        message: "not a bank export Closebook can read (expected CSV, OFX, QFX or QIF)"))
                return result
            }
            result.format = type(of: reader).format
        }
        do {
            var parsed: ParsedFile
            if let kept {
                parsed = kept
            } else if let reader {
                parsed = try reader.read(bytes, path: path, context: context)
                if let key, let cache {
                    if let writes { writes.store(parsed, key: key, in: cache) } else { cache.store(parsed, key: key) }
                }
            } else {
                return result
            }
            let periodWarnings = ImportRun.checkPeriods(
                &parsed, path: path, plausibility: DatePlausibility(days: [], today: today))
            DateOutliers.skip(in: &parsed)
            result.recordCount = parsed.recordCount
            result.format = parsed.format
            result.skipped = parsed.skipped
            result.warnings += periodWarnings
            FileReading.accountForNULLines(nulLines, path: path, format: parsed.format, in: &result)
            if parsed.format == .qif, account?.currency == nil, baseCurrency == nil, parsed.recordCount > 0 {
                // QIF has no currency field; never take one silently.
                let currency = context.defaultCurrency.code
                let where_ = account.map { "its [[accounts]] entry ('\($0.id)')" } ?? "an [[accounts]] entry for it"
                result.assumedCurrency = FileRead.AssumedCurrency(
                    key: account?.id.rawValue ?? path,
                    warning: ImportDiagnostic(
                        severity: .warning, path: path, line: 1,
                        message:
                            "QIF files carry no currency, so its amounts are taken to be \(currency); if they are "
                            + "not, set currency = \"...\" on \(where_), or base_currency in closebook.toml"),
                    position: result.warnings.count)
            }
            for diagnostic in parsed.warnings {
                if diagnostic.severity == .error {
                    result.errors.append(diagnostic)
                } else {
                    result.warnings.append(diagnostic)
                }
            }
            result.parsed = parsed
        } catch {
            result.errors.append(error)
            if account == nil, error.message.hasPrefix("no CSV profile matches this file") {
                result.suggestion = ImportRun.accountEntry(forRejected: file.name, currency: context.defaultCurrency)
            }
        }
        return result
    }

    /// The currency to assume for a file whose format does not say.
    func defaultCurrency(for account: AccountConfig?) -> Currency {
        account?.currency ?? baseCurrency ?? .eur
    }

    /// Accounts for the lines `NULLines` removed: in a CSV file each was a record, skipped; in
    /// the others a record spans lines, and the reader has already skipped one that lost what it needs.
    static func accountForNULLines(_ lines: [Int], path: String, format: FileFormat, in result: inout FileRead) {
        guard !lines.isEmpty else { return }
        for line in lines {
            if format == .csv {
                result.skipped.append(
                    SkippedRecord(
                        line: line, reason: "the line holds a NUL byte (binary data, not text); it is skipped"))
                result.recordCount += 1
            } else {
                result.warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: path, line: line,
                        message:
                            "the line holds a NUL byte (binary data, not text) and was left out; a record it belonged to is skipped if it needs the line"
                    ))
            }
        }
        if format == .csv { result.skipped.sort { $0.line < $1.line } }
    }
}
