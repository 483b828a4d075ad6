import Ledger

extension ImportRun {
    /// Builds the journal and the report from the entries' fates, handing the journal's
    /// transactions to `journalChunk` in canonical order, up to `chunkSize` at a time; the
    /// outcome's journal has the accounts and base currency, and no transactions.
    ///
    /// The report's record references are made first, while the records still have their text;
    /// the transactions, made last, take it over (moved, not copied).
    mutating func finish(
        probable: [Deduplicator.ProbablePair], cores: Int, chunkSize: Int, journalChunk: (Journal) -> Void
    ) -> ImportOutcome {
        finish(probable: probable, cores: cores) { run, order, journal, warnings in
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
    /// to `journalPieces` as encoded bytes (header line first), a piece at a time, without making
    /// its transactions (see `writeJournal`, which says what the sink may do with a piece).
    ///
    /// With `identifiesRows`, the outcome says what each row was written from (`journalRows`);
    /// with `earlier` as well, the leading rows it holds as this run writes them are taken from
    /// it, the others encoded.
    mutating func finish(
        probable: [Deduplicator.ProbablePair], cores: Int, identifiesRows: Bool = false,
        earlier: (any EarlierJournalRows)? = nil, journalPieces: (inout [UInt8]) -> Void
    ) -> ImportOutcome {
        var rows: JournalRows?
        var outcome = finish(probable: probable, cores: cores) { run, order, journal, warnings in
            var header = JournalCodec.encode(journal)
            let headerLength = header.count
            var lengths: [UInt32] = []
            guard identifiesRows else {
                journalPieces(&header)
                run.writeJournal(order, warnings: &warnings, lengths: &lengths, to: journalPieces)
                return
            }
            let identities = run.rowIdentities(order, cores: cores)
            if let earlier {
                lengths = earlier.writeLeadingRows(header: &header, matching: identities, to: journalPieces)
            } else {
                journalPieces(&header)
            }
            let taken = lengths.count
            lengths.reserveCapacity(order.count)
            run.writeJournal(
                taken == 0 ? order : Array(order[taken...]), warnings: &warnings, lengths: &lengths,
                to: journalPieces)
            rows = JournalRows(headerLength: headerLength, identities: identities, lengths: lengths)
        }
        outcome.journalRows = rows
        return outcome
    }

    /// Builds the journal and the report; `writeJournal` is given the imported entries in
    /// canonical order, the journal without transactions and the files' warnings, and writes the
    /// transactions out.
    ///
    /// The steps, each a type of its own (`Outcome/`): the layout merges' warnings
    /// (`LayoutMergeWarning`), the duplicates across files (`DuplicateReferences`), each account's
    /// closing (`AccountClosing`: its statements, balances and opening balance), the journal's base
    /// currency (`JournalCurrency`), then, once the journal is written, each file's balance checks
    /// (`FileBalanceChecks`) and the totals (`ReportTotals`).
    private mutating func finish(
        probable: [Deduplicator.ProbablePair], cores: Int,
        writeJournal: (inout ImportRun, [Int], Journal, inout [[ImportDiagnostic]]) -> Void
    ) -> ImportOutcome {
        for merged in layoutMerges {
            files[merged.file].warnings.append(LayoutMergeWarning.warning(merged, in: self))
        }
        var fileWarnings = files.map(\.warnings)
        let tallies = files.indices.map(tally)
        let merges = DuplicateReferences.merges(in: self)
        let probableReports = DuplicateReferences.probable(probable, in: self)

        // Built in canonical order (date, account, id): the journal needs no sort of its own.
        let order = CanonicalOrder.sorted(
            entries, ids: ids, accountRanks: CanonicalOrder.ranks(of: accounts), idsAreASCII: idsAreASCII,
            cores: cores)
        let posted = postedDays(order: order)
        let closings = journalAccountIDs().map { AccountClosing($0, run: self, posted: posted) }
        var balances: [AccountID: BalanceReconciler.Result] = [:]
        for closing in closings { balances[closing.account.id] = closing.balances }
        let journalAccounts = closings.map(\.account)
        let imported = accounts.indices.map { posted.posted[$0] + posted.pending[$0] }
        let baseCurrency = JournalCurrency.base(of: self, imported: imported, accounts: journalAccounts)
        let journal = Journal(stage: "journal", baseCurrency: baseCurrency, accounts: journalAccounts, transactions: [])
        writeJournal(&self, order, journal, &fileWarnings)

        var fileReports: [ImportReport.FileReport] = []
        var diagnostics: [ImportDiagnostic] = unmatchedGlobs()
        for (fileIndex, state) in files.enumerated() {
            let balanceChecks = FileBalanceChecks(file: fileIndex, run: self, balances: balances)
            var warnings = fileWarnings[fileIndex] + balanceChecks.warnings
            warnings.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            diagnostics += state.errors + warnings
            fileReports.append(
                fileReport(
                    fileIndex, tally: tallies[fileIndex], warnings: warnings, balanceChecks: balanceChecks.checks))
        }

        let totals = ReportTotals.sum(fileReports, failedFiles: files.filter(\.failed).count)
        let report = ImportReport(
            baseCurrency: baseCurrency.code, files: fileReports, accounts: closings.map(\.report), merges: merges,
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
