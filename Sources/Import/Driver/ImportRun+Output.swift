import Ledger

extension ImportRun {
    /// Builds the journal and the report from the entries' fates, handing the journal's
    /// transactions to `journalChunk` in canonical order, up to `chunkSize` at a time; the
    /// outcome's journal has the accounts and base currency, and no transactions.
    ///
    /// The report's record references are made first, while the records still have their text;
    /// the transactions, made last, take it over (moved, not copied).
    mutating func finish(
        probable: [Deduplicator.ProbablePair], chunkSize: Int, journalChunk: (Journal) -> Void
    ) -> ImportOutcome {
        finish(probable: probable) { run, order, journal, warnings in
            var chunk = journal
            var start = 0
            while start < order.count {
                let end = order.count - start > chunkSize ? start + max(chunkSize, 1) : order.count
                // The chunk's transactions are written over by the next chunk's, in place, when
                // `journalChunk` does not keep them.
                run.makeTransactions(order[start..<end], into: &chunk.transactions, warnings: &warnings)
                journalChunk(chunk)
                start = end
            }
        }
    }

    /// Builds the report like `finish(probable:chunkSize:journalChunk:)`, but hands the journal
    /// to `journalBytes` as encoded bytes (header line first), a piece at a time, without making
    /// its transactions (see `writeJournal`).
    mutating func finish(
        probable: [Deduplicator.ProbablePair], journalBytes: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> ImportOutcome {
        finish(probable: probable) { run, order, journal, warnings in
            JournalCodec.encode(journal).withUnsafeBufferPointer { journalBytes($0) }
            run.writeJournal(order, warnings: &warnings, to: journalBytes)
        }
    }

    /// Builds the journal and the report; `writeJournal` is given the imported entries in
    /// canonical order, the journal without transactions and the files' warnings, and writes the
    /// transactions out.
    private mutating func finish(
        probable: [Deduplicator.ProbablePair],
        writeJournal: (inout ImportRun, [Int], Journal, inout [[ImportDiagnostic]]) -> Void
    ) -> ImportOutcome {
        for merged in layoutMerges {
            let kind = facts[merged.account]?.kind ?? .checking
            let entry =
                resolver.derived[merged.account].map {
                    suggestion(for: $0, kind: kind, currency: currency(of: merged.account))
                } ?? ""
            let file = files[merged.file].file.path
            files[merged.file].warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: file, line: 1,
                    message:
                        "read as account '\(merged.account)' with \(merged.other): no closebook.toml names either file, both have the same layout (\(merged.layout)) and their \(merged.rows) transaction\(merged.rows == 1 ? "" : "s") on the days both cover agree row for row; this entry in closebook.toml pins it:\n\(entry)"
                ))
        }
        var fileWarnings = files.map(\.warnings)
        let tallies = files.indices.map(tally)
        let merges = entries.indices.compactMap { index -> ImportReport.Merge? in
            guard case .duplicate(let kept, let rule) = entries[index].fate, rule != .sameID else { return nil }
            return ImportReport.Merge(
                rule: rule.rawValue, account: accounts[Int(entries[index].account)].rawValue, kept: reference(kept),
                dropped: reference(index))
        }
        let probableReports = probable.map {
            ImportReport.ProbableDuplicate(
                account: accounts[Int(entries[$0.first].account)].rawValue, first: reference($0.first),
                second: reference($0.second), reason: $0.reason)
        }

        // Built in canonical order (date, account, id): the journal needs no sort of its own.
        let order = CanonicalOrder.sorted(entries, ids: ids, accountRanks: CanonicalOrder.ranks(of: accounts))
        let (postedByAccount, postedCounts, pendingByAccount) = postedDays(order: order)

        let accountIDs = journalAccountIDs()
        var balances: [AccountID: BalanceReconciler.Result] = [:]
        var journalAccounts: [Account] = []
        var accountReports: [ImportReport.AccountReport] = []
        for id in accountIDs {
            let currency = currency(of: id)
            let configured = config.account(id)
            var coverage = CoverageMap()
            for window in windows { if let span = window[id] { coverage.add(span) } }
            let posted = accountIndex[id].map { postedByAccount[$0] } ?? []
            let postedCount = accountIndex[id].map { postedCounts[$0] } ?? 0
            let pendingCount = accountIndex[id].map { pendingByAccount[$0] } ?? 0
            let reconciler = BalanceReconciler(transactions: posted)
            var stated: [BalanceReconciler.Stated] = []
            var positions: [ImportReport.PositionsValue] = []
            for state in files {
                guard let parsed = state.parsed else { continue }
                for (statementIndex, statement) in parsed.statements.enumerated()
                where state.accounts[statementIndex] == id {
                    if let value = statement.positionsValue, let date = statement.positionsDate {
                        positions.append(
                            ImportReport.PositionsValue(
                                date: date.isoString, value: ImportRun.rescaled(value, to: currency).decimalString,
                                file: state.file.path))
                    }
                    guard statement.currency == nil || statement.currency == currency else { continue }
                    stated += state.stated[statementIndex]
                }
            }
            let opening = configured?.openingBalance.map { ImportRun.rescaled($0, to: currency) }
            let result = reconciler.reconcile(
                stated, opening: opening.map { ($0.minorUnits, configured?.openingDate?.dayNumber) })
            balances[id] = result
            var openingBalance = opening
            var openingDate = configured?.openingDate
            var openingSource: String? = opening == nil ? nil : "configured"
            if opening == nil, let derived = result.derivedOpening {
                let firstPosted = posted.first.flatMap { CivilDate(dayNumber: $0.day) }
                let firstDay = [coverage.extent?.lowerBound, firstPosted].compactMap { $0 }.min()
                openingBalance = Money(minorUnits: derived, currency: currency)
                openingDate = firstDay
                openingSource = "derived"
            }
            let known = facts[id] ?? AccountFacts()
            let kind = configured?.kind ?? known.kind ?? .checking
            let name = configured?.name ?? resolver.derived[id]?.name ?? id.rawValue
            journalAccounts.append(
                Account(
                    id: id, name: name, kind: kind, currency: currency, institution: known.institution,
                    number: known.number, openingBalance: openingBalance, openingDate: openingDate))
            accountReports.append(
                ImportReport.AccountReport(
                    id: id.rawValue, name: name, kind: kind.rawValue, currency: currency.code,
                    configured: configured != nil, files: known.files,
                    transactions: postedCount + pendingCount, pending: pendingCount,
                    coverage: coverage.extent.map(ImportRun.dateSpan), gaps: coverage.gaps.map(ImportRun.dateSpan),
                    openingBalance: openingBalance?.decimalString, openingDate: openingDate?.isoString,
                    openingBalanceSource: openingSource,
                    suggestion: resolver.derived[id].map { suggestion(for: $0, kind: kind, currency: currency) },
                    positions: positions.isEmpty
                        ? nil : positions.sorted { ($0.date, $0.file) < ($1.date, $1.file) }))
        }

        var currencyCounts: [Currency: Int] = [:]
        for (slot, account) in accounts.enumerated() {
            let imported = postedCounts[slot] + pendingByAccount[slot]
            if imported > 0 { currencyCounts[currency(of: account), default: 0] += imported }
        }
        let baseCurrency =
            config.baseCurrency ?? ImportRun.mostCommonCurrency(currencyCounts, accounts: journalAccounts)
        let journal = Journal(stage: "journal", baseCurrency: baseCurrency, accounts: journalAccounts, transactions: [])
        writeJournal(&self, order, journal, &fileWarnings)

        var fileReports: [ImportReport.FileReport] = []
        var diagnostics: [ImportDiagnostic] = unmatchedGlobs()
        for (fileIndex, state) in files.enumerated() {
            var checks: [ImportReport.BalanceCheck] = []
            var warnings = fileWarnings[fileIndex]
            for account in uniqued(state.accounts) {
                guard let result = balances[account]?.files[fileIndex] else { continue }
                let currency = currency(of: account)
                let check = balanceCheck(result, account: account, currency: currency)
                if let divergence = result.firstDivergence {
                    let basis = balanceBasis(account: account, balances: balances[account])
                    warnings.append(
                        ImportDiagnostic(
                            severity: .warning, path: state.file.path, line: divergence.stated.line,
                            message:
                                "balance at the end of \(divergence.stated.date.isoString) is \(Money(minorUnits: divergence.stated.minorUnits, currency: currency).decimalString) in the file but \(Money(minorUnits: divergence.computed, currency: currency).decimalString) from the imported transactions \(basis); a transaction may be missing or counted twice"
                        ))
                }
                checks.append(check)
            }
            warnings.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            diagnostics += state.errors + warnings
            fileReports.append(
                fileReport(fileIndex, tally: tallies[fileIndex], warnings: warnings, balanceChecks: checks))
        }

        let totals = ImportReport.Totals(
            files: files.count, failedFiles: files.filter(\.failed).count,
            records: fileReports.reduce(0) { $0 + $1.records }, imported: fileReports.reduce(0) { $0 + $1.imported },
            pending: fileReports.reduce(0) { $0 + $1.pending },
            duplicates: fileReports.reduce(0) { $0 + $1.duplicates },
            skipped: fileReports.reduce(0) { $0 + $1.skipped },
            warnings: fileReports.reduce(0) { $0 + $1.warnings.count },
            errors: fileReports.reduce(0) { $0 + $1.errors.count })
        let report = ImportReport(
            baseCurrency: baseCurrency.code, files: fileReports, accounts: accountReports, merges: merges,
            probableDuplicates: probableReports, duplicateAccounts: duplicateAccounts, totals: totals)
        var outcome = ImportOutcome(
            journal: journal, report: report, diagnostics: diagnostics, failedFiles: totals.failedFiles)
        outcome.inferredProfiles = files.compactMap { state in
            state.parsed?.inferredProfile.map { (state.file.path, $0) }
        }
        return outcome
    }

    /// Configured accounts in configuration order, then derived ones by id.
    func journalAccountIDs() -> [AccountID] {
        let configured = config.accounts.map(\.id)
        let derived = Set(facts.keys).subtracting(configured).sorted()
        return configured + derived
    }

    /// True when the journal's transactions are in the order `Journal.sortCanonically` gives.
    static func isCanonical(_ journal: Journal) -> Bool {
        var sorted = journal
        sorted.sortCanonically()
        return sorted.transactions.map(\.id) == journal.transactions.map(\.id)
    }

    /// A split is carried into the journal only when every part has a category and they add up.
    static func splits(of record: ParsedRecord) -> Result<[Split], SplitProblem> {
        var result: [Split] = []
        var total: Int64 = 0
        for split in record.splits {
            guard let category = CategoryPath(split.category) else {
                return .failure(SplitProblem(message: "a split has no category"))
            }
            guard split.amount.currency == record.amount.currency else {
                return .failure(SplitProblem(message: "a split is in another currency than the transaction"))
            }
            total = total &+ split.amount.minorUnits
            result.append(Split(category: category, amount: split.amount))
        }
        guard total == record.amount.minorUnits else {
            let sum = Money(minorUnits: total, currency: record.amount.currency)
            return .failure(
                SplitProblem(
                    message:
                        "the splits add up to \(sum.decimalString), not to the amount \(record.amount.decimalString)"))
        }
        return .success(result)
    }

    struct SplitProblem: Error {
        var message: String
    }

    /// `money` in `currency`, re-scaled when the configuration parsed it with another exponent.
    static func rescaled(_ money: Money, to currency: Currency) -> Money {
        var units = money.minorUnits
        var exponent = money.currency.exponent
        while exponent < currency.exponent {
            let (scaled, overflow) = units.multipliedReportingOverflow(by: 10)
            if !overflow { units = scaled }
            exponent += 1
        }
        while exponent > currency.exponent {
            units /= 10
            exponent -= 1
        }
        return Money(minorUnits: units, currency: currency)
    }

    /// The currency most transactions are in (ties: alphabetical), else most accounts', else EUR;
    /// `counts` is how many transactions each currency has.
    static func mostCommonCurrency(_ counts: [Currency: Int], accounts: [Account]) -> Currency {
        var counts = counts
        if counts.isEmpty { for account in accounts { counts[account.currency, default: 0] += 1 } }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? .eur
    }

    static func dateSpan(_ range: ClosedRange<CivilDate>) -> ImportReport.DateSpan {
        ImportReport.DateSpan(
            from: range.lowerBound.isoString, to: range.upperBound.isoString,
            days: range.upperBound.dayNumber - range.lowerBound.dayNumber + 1)
    }

    func uniqued(_ accounts: [AccountID]) -> [AccountID] {
        var seen = Set<AccountID>()
        return accounts.filter { seen.insert($0).inserted }
    }
}
