import Ledger

/// One account at the end of the import: the days its files cover, its stated balances checked
/// against its imported transactions, its opening balance, and what the journal and the report
/// say of it.
struct AccountClosing {
    /// The transactions of every account (by index in `ImportRun.accounts`): the posted days
    /// with their sums (`ImportRun.postedDays`), and how many posted and pending entries each has.
    typealias Posted = (days: [[(day: Int, minorUnits: Int64)]], posted: [Int], pending: [Int])

    var account: Account
    var report: ImportReport.AccountReport
    /// The balance checks, per file, for the files' reports.
    var balances: BalanceReconciler.Result

    init(_ id: AccountID, run: ImportRun, posted: Posted) {
        let currency = run.currency(of: id)
        let configured = run.config.account(id)
        var coverage = CoverageMap()
        for window in run.windows { if let span = window[id] { coverage.add(span) } }
        let slot = run.accountIndex[id]
        let days = slot.map { posted.days[$0] } ?? []
        let postedCount = slot.map { posted.posted[$0] } ?? 0
        let pendingCount = slot.map { posted.pending[$0] } ?? 0
        let statements = AccountStatements(account: id, currency: currency, files: run.files)
        let configuredOpening = configured?.openingBalance.map { ImportRun.rescaled($0, to: currency) }
        balances = BalanceReconciler(transactions: days).reconcile(
            statements.stated,
            opening: configuredOpening.map { ($0.minorUnits, configured?.openingDate?.dayNumber) })
        let opening = OpeningBalance(
            configured: configuredOpening, configuredDate: configured?.openingDate, reconciled: balances,
            coverage: coverage, firstPostedDay: days.first?.day, currency: currency)
        let known = run.facts[id] ?? ImportRun.AccountFacts()
        let kind = configured?.kind ?? known.kind ?? .checking
        let name = configured?.name ?? run.resolver.derived[id]?.name ?? id.rawValue
        account = Account(
            id: id, name: name, kind: kind, currency: currency, institution: known.institution,
            number: known.number, openingBalance: opening.balance, openingDate: opening.date)
        let positions = statements.positions
        report = ImportReport.AccountReport(
            id: id.rawValue, name: name, kind: kind.rawValue, currency: currency.code,
            configured: configured != nil, files: known.files,
            transactions: postedCount + pendingCount, pending: pendingCount,
            coverage: coverage.extent.map(ImportRun.dateSpan), gaps: coverage.gaps.map(ImportRun.dateSpan),
            openingBalance: opening.balance?.decimalString, openingDate: opening.date?.isoString,
            openingBalanceSource: opening.source,
            suggestion: run.resolver.derived[id].map { run.suggestion(for: $0, kind: kind, currency: currency) },
            positions: positions.isEmpty ? nil : positions.sorted { ($0.date, $0.file) < ($1.date, $1.file) })
    }
}
