import Ledger

extension ImportRun {
    /// Sniffs and reads every file; a file no reader recognises, or one its reader rejects, fails alone.
    mutating func read(with readers: [any StatementReader]) {
        var assumedCurrencyFor: Set<String> = []
        markCopies()
        for index in files.indices {
            let file = files[index].file
            // The parsed records hold what the journal needs; the bytes are not read again.
            defer { files[index].file.bytes = [] }
            if let failure = file.readFailure {
                files[index].errors.append(ImportDiagnostic(path: file.path, line: 1, message: failure))
                continue
            }
            let claims = resolver.configuredAccounts(forFile: file.name)
            if claims.count > 1 {
                // Fed to the first account only, the file would be missing from the others, or
                // counted in the wrong one: which is meant is for the user to say.
                let named = claims.map { "'\($0.account.id)' (closebook.toml:\($0.account.inboxLine) '\($0.glob)')" }
                files[index].errors.append(
                    ImportDiagnostic(
                        path: file.path, line: 1,
                        message:
                            "the inbox globs of two accounts match this file, \(named[0]) and \(named[1]); make one narrower so that each file feeds one account"
                    ))
                continue
            }
            if let original = files[index].copyOf {
                // The same export saved twice would be a second account, or every record a duplicate.
                // (Its format is the original's, known once that is read: see the end of `read`.)
                let path = files[original].file.path
                files[index].parsed = ParsedFile(format: .csv, statements: [])
                files[index].warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: file.path, line: 1,
                        message:
                            "this file has the same bytes as \(path); it is imported once, from \(path) (remove one of the two copies)"
                    ))
                continue
            }
            if file.bytes.isEmpty {
                files[index].errors.append(ImportDiagnostic(path: file.path, line: 1, message: "the file is empty"))
                continue
            }
            var nulLines: [Int] = []
            switch NULLines.blank(&files[index].file.bytes) {
            case .clean: break
            case .blanked(let lines): nulLines = lines
            case .binary(let lines, let total):
                files[index].errors.append(
                    ImportDiagnostic(
                        path: file.path, line: 1,
                        message:
                            "not a bank export Closebook can read (expected CSV, OFX, QFX or QIF): NUL bytes on \(lines) of its \(total) lines show a binary file"
                    ))
                continue
            }
            let bytes = files[index].file.bytes
            guard let reader = readers.first(where: { type(of: $0).recognizes(bytes) }) else {
                files[index].errors.append(
                    ImportDiagnostic(
                        path: file.path, line: 1,
                        message: "not a bank export Closebook can read (expected CSV, OFX, QFX or QIF)"))
                continue
            }
            files[index].format = type(of: reader).format
            let account = resolver.configuredAccount(forFile: file.name)
            let context = ReadContext(
                defaultCurrency: defaultCurrency(for: account), account: account, baseCurrency: config.baseCurrency,
                workspaceCurrencies: workspaceCurrencies)
            do {
                var parsed = try reader.read(bytes, path: file.path, context: context)
                let periodWarnings = checkPeriods(
                    &parsed, path: file.path, plausibility: DatePlausibility(days: [], today: today))
                DateOutliers.skip(in: &parsed)
                files[index].parsed = parsed
                files[index].recordCount = parsed.recordCount
                files[index].format = parsed.format
                files[index].skipped = parsed.skipped
                files[index].warnings += periodWarnings
                accountForNULLines(nulLines, file: index, format: parsed.format)
                if parsed.format == .qif, account?.currency == nil, config.baseCurrency == nil, parsed.recordCount > 0,
                    assumedCurrencyFor.insert(account?.id.rawValue ?? file.path).inserted
                {
                    // QIF has no currency field; never take one silently.
                    let currency = context.defaultCurrency.code
                    let where_ = account.map { "its [[accounts]] entry ('\($0.id)')" } ?? "an [[accounts]] entry for it"
                    files[index].warnings.append(
                        ImportDiagnostic(
                            severity: .warning, path: file.path, line: 1,
                            message:
                                "QIF files carry no currency, so its amounts are taken to be \(currency); if they are "
                                + "not, set currency = \"...\" on \(where_), or base_currency in closebook.toml"))
                }
                for diagnostic in parsed.warnings {
                    if diagnostic.severity == .error {
                        files[index].errors.append(diagnostic)
                    } else {
                        files[index].warnings.append(diagnostic)
                    }
                }
            } catch {
                files[index].errors.append(error)
                if account == nil, error.message.hasPrefix("no CSV profile matches this file") {
                    files[index].suggestion = ImportRun.accountEntry(
                        forRejected: file.name, currency: context.defaultCurrency)
                }
            }
        }
        for index in files.indices {
            guard let original = files[index].copyOf else { continue }
            let format = files[original].format
            files[index].format = format
            files[index].parsed?.format = format ?? .csv
        }
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

    /// Accounts for the lines `NULLines` removed: in a CSV file each was a record, skipped; in
    /// the others a record spans lines, and the reader has already skipped one that lost what it needs.
    mutating func accountForNULLines(_ lines: [Int], file index: Int, format: FileFormat) {
        guard !lines.isEmpty else { return }
        for line in lines {
            if format == .csv {
                files[index].skipped.append(
                    SkippedRecord(
                        line: line, reason: "the line holds a NUL byte (binary data, not text); it is skipped"))
                files[index].recordCount += 1
            } else {
                files[index].warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: files[index].file.path, line: line,
                        message:
                            "the line holds a NUL byte (binary data, not text) and was left out; a record it belonged to is skipped if it needs the line"
                    ))
            }
        }
        if format == .csv { files[index].skipped.sort { $0.line < $1.line } }
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
