import AnalysisFile
import Foundation
import Ledger

/// Writes the books as a SQLite database (`closebook.sqlite`) with the tables, indexes and views
/// of `Schemas/closebook.sqlite.sql`, for any SQL tool, with the analysis files' insights,
/// recurring series and anomalies beside the ledger.
///
/// The file is built beside its destination under a temporary name (`.closebook.sqlite.PID-0.tmp`,
/// which the next run sweeps if this one is killed) and renamed into place when complete. It is
/// built in one transaction with no rollback journal and no syncs, rows first and indexes after:
/// a half-built file is never seen, so SQLite's own crash safety would only cost time. Rows go in
/// the ledger's order and categories by path, so the same ledger gives the same bytes.
enum SQLiteWriter {
    static func write(_ book: ExportBook, analyses: [MonthAnalysis] = [], to path: String) throws(ExportError) {
        try write(PendingBook(book), analyses: PendingAnalyses(analyses), to: path)
    }

    /// Writes the file, taking the books and the analyses only once the ledger's rows and indexes
    /// are in: until its last tables, the file is the ledger's rows and rates.
    static func write(_ book: PendingBook, analyses: PendingAnalyses, to path: String) throws(ExportError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        do {
            try FileOutput.makeFolder(folder)
        } catch {
            throw ExportError(path: path, message: error.reason)
        }
        let temporary = (folder as NSString).appendingPathComponent(".\(url.lastPathComponent).\(getpid())-0.tmp")
        func failed(_ error: SQLiteDatabase.Failure) -> ExportError {
            unlink(temporary)
            return ExportError(path: path, message: "cannot write the database (\(error.message))")
        }
        let database: SQLiteDatabase
        do throws(SQLiteDatabase.Failure) {
            database = try SQLiteDatabase(creating: temporary)
            try fillLedger(database, journal: book.journal, prices: book.prices)
        } catch {
            throw failed(error)
        }
        let loaded: [ExportedAnalysis]
        do throws(ExportError) {
            loaded = try analyses.get()
        } catch {
            unlink(temporary)
            throw error
        }
        do throws(SQLiteDatabase.Failure) {
            try fillAnalyses(database, from: book.get(), analyses: loaded)
            try database.close()
        } catch {
            throw failed(error)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ExportError(path: path, message: "cannot write the file (\(reason))")
        }
    }

    static func fill(
        _ database: SQLiteDatabase, from book: ExportBook, analyses: [MonthAnalysis] = []
    ) throws(SQLiteDatabase.Failure) {
        try fillLedger(database, journal: book.journal, prices: book.prices)
        try fillAnalyses(database, from: book, analyses: analyses.map(ExportedAnalysis.init))
    }

    /// Every table but `currencies` and the analyses', and the indexes: what needs no analysis,
    /// and no books (an account's journal name is its books' account's, `BookAccount(account)`).
    static func fillLedger(
        _ database: SQLiteDatabase, journal: Journal, prices: [PriceLine]
    ) throws(SQLiteDatabase.Failure) {
        try database.execute(
            "PRAGMA page_size = \(pageSize); PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; "
                + "PRAGMA locking_mode = EXCLUSIVE; PRAGMA temp_store = FILE; "
                + "PRAGMA cache_size = -\(rowsCacheKiB)")
        try database.execute("BEGIN")
        for statement in SQLiteSchema.tables { try database.execute(statement) }
        // Accounts, with any the rows name that the header does not.
        let insertAccount = try database.prepare("INSERT INTO accounts VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        var accounts = journal.accounts
        var known = Set(accounts.map(\.id))
        // Categories, by path.
        var paths: Set<CategoryPath> = []
        // Read in place (a copied row retains each of its strings); a run of one account is not
        // hashed again, nor a path whose storage was seen (see `CategoryNumbers`).
        var seenPaths: Set<UnsafeRawPointer> = []
        journal.transactions.withUnsafeBufferPointer { rows in
            var lastAccount: AccountID?
            var lastPath: UnsafeRawPointer?
            for index in rows.indices {
                let row = rows.baseAddress! + index
                if row.pointee.account != lastAccount, !known.contains(row.pointee.account) {
                    known.insert(row.pointee.account)
                    accounts.append(
                        Account(
                            id: row.pointee.account, name: row.pointee.account.rawValue, kind: .other,
                            currency: row.pointee.amount.currency))
                }
                lastAccount = row.pointee.account
                if let category = row.pointee.category {
                    let storage = CategoryNumbers.storage(of: category)
                    if storage != lastPath, seenPaths.insert(storage).inserted { paths.insert(category) }
                    lastPath = storage
                }
                for split in row.pointee.splits { paths.insert(split.category) }
            }
        }
        for account in accounts.sorted(by: { $0.id < $1.id }) {
            insertAccount.bind(1, account.id.rawValue)
            insertAccount.bind(2, account.name)
            insertAccount.bind(3, account.kind.rawValue)
            insertAccount.bind(4, account.currency.code)
            insertAccount.bind(5, JournalAccountName.name(BookAccount(account)))
            if let balance = account.openingBalance { insertAccount.bind(6, balance.minorUnits) }
            insertAccount.bind(7, account.openingDate?.isoString)
            try insertAccount.run()
        }
        var categoryIDs: [CategoryPath: Int] = [:]
        let insertCategory = try database.prepare("INSERT INTO categories VALUES (?1, ?2, ?3, ?4, ?5)")
        for (index, path) in paths.sorted().enumerated() {
            categoryIDs[path] = index + 1
            insertCategory.bind(1, index + 1)
            insertCategory.bind(2, path.description)
            insertCategory.bind(3, path.top)
            insertCategory.bind(4, path.parent?.description)
            insertCategory.bind(5, path.top == BookAccount.incomeTop)
            try insertCategory.run()
        }
        try insertRows(database, journal: journal, categoryIDs: categoryIDs)
        try insertBalances(database, journal: journal)
        let insertRate = try database.prepare("INSERT INTO rates VALUES (?1, ?2, ?3, ?4)")
        for price in prices {
            insertRate.bind(1, price.date.isoString)
            insertRate.bind(2, price.currency.code)
            insertRate.bind(3, price.rate)
            insertRate.bind(4, price.base.code)
            try insertRate.run()
        }
        try database.execute("COMMIT")
        // The index builds sort in runs the size of the cache (see `sortCacheKiB`).
        try database.execute("PRAGMA cache_size = -\(sortCacheKiB)")
        for statement in SQLiteSchema.afterRows { try database.execute(statement) }
    }

    /// `currencies` (the books', the accounts' and the analyses') and the analyses' tables.
    ///
    /// The currencies go in last, when the analyses are read: nothing checks a foreign key while
    /// the file is built, and in the same sorted order they have the same row ids as before.
    ///
    /// The cache goes back to the rows' size first: each of the analyses' links looks its
    /// transaction up in the id's index, tens of megabytes at a million rows, which the index
    /// builds' 8 MB cache (`sortCacheKiB`) held too little of, so most lookups read pages again.
    static func fillAnalyses(
        _ database: SQLiteDatabase, from book: ExportBook, analyses: [ExportedAnalysis]
    ) throws(SQLiteDatabase.Failure) {
        try database.execute("PRAGMA cache_size = -\(rowsCacheKiB)")
        try database.execute("BEGIN")
        let insertCurrency = try database.prepare("INSERT INTO currencies VALUES (?1, ?2)")
        var currencies = Set(book.currencies).union(SQLiteWriter.currencies(of: analyses))
        for account in book.journal.accounts { currencies.insert(account.currency) }
        for currency in currencies.sorted() {
            insertCurrency.bind(1, currency.code)
            insertCurrency.bind(2, currency.exponent)
            try insertCurrency.run()
        }
        try database.execute("COMMIT")
        // After the indexes: each link to a transaction looks its id up.
        try insertAnalyses(database, analyses)
    }

    /// The transactions and their splits, read in place.
    static func insertRows(
        _ database: SQLiteDatabase, journal: Journal, categoryIDs: [CategoryPath: Int]
    ) throws(SQLiteDatabase.Failure) {
        let insert = try database.prepare(
            "INSERT INTO transactions VALUES (?20, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, "
                + "?15, ?16, ?17, ?18, ?19)")
        let insertSplit = try database.prepare("INSERT INTO splits VALUES (?1, ?2, ?3, ?4, ?5)")
        var sourceTexts = CategorySourceTexts()
        var lastSource: CategorySource?
        var lastSourceText = ""
        var categoryNumbers = CategoryNumbers(categoryIDs)
        var date: [UInt8] = []
        var amount: [UInt8] = []
        var failure: SQLiteDatabase.Failure?
        journal.transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let row = rows.baseAddress! + index
                date.removeAll(keepingCapacity: true)
                appendISO(row.pointee.date, to: &date)
                amount.removeAll(keepingCapacity: true)
                row.pointee.amount.appendDecimalString(to: &amount)
                insert.bind(1, textAt: row.pointer(to: \.id.rawValue)!)
                insert.bind(2, bytes: date)
                insert.bind(3, bytes: date, count: SQLiteWriter.monthLength)
                insert.bind(4, row.pointee.account.rawValue)
                insert.bind(5, row.pointee.amount.minorUnits)
                insert.bind(6, bytes: amount)
                insert.bind(7, row.pointee.amount.currency.code)
                insert.bind(8, textAt: row.pointer(to: \.payee)!)
                insert.bind(9, textAt: row.pointer(to: \.memo)!)
                if row.pointee.splits.isEmpty, let category = row.pointee.category {
                    insert.bind(10, categoryNumbers.id(of: category))
                } else {
                    insert.bindNull(10)
                }
                insert.bind(11, row.pointee.splits.count)
                let source = row.pointee.categorySource
                if source != lastSource {
                    lastSource = source
                    lastSourceText = sourceTexts.text(of: source)
                }
                insert.bind(12, lastSourceText)
                insert.bind(13, row.pointee.status.rawValue)
                insert.bind(14, row.pointee.isTransfer)
                insert.bind(15, row.pointee.transferPeer?.rawValue)
                insert.bind(16, row.pointee.isIgnored)
                insert.bind(17, row.pointee.note)
                insert.bind(18, textAt: row.pointer(to: \.source.file)!)
                insert.bind(19, row.pointee.source.line)
                insert.bind(20, index + 1)
                do throws(SQLiteDatabase.Failure) {
                    // Every parameter above is bound on every row, so none is left from the last.
                    try insert.run(clearing: false)
                    for (position, split) in row.pointee.splits.enumerated() {
                        insertSplit.bind(1, row.pointee.id.rawValue)
                        insertSplit.bind(2, position)
                        insertSplit.bind(3, categoryIDs[split.category] ?? 0)
                        insertSplit.bind(4, split.amount.minorUnits)
                        insertSplit.bind(5, split.amount.decimalString)
                        try insertSplit.run()
                    }
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }

    /// `month_end_balances`: for each account with an opening balance, the balance at the end of
    /// every month from its opening month to the ledger's last month. Like the report: the opening
    /// balance plus the posted rows from the opening date on.
    static func insertBalances(_ database: SQLiteDatabase, journal: Journal) throws(SQLiteDatabase.Failure) {
        let opened = journal.accounts.filter { $0.openingBalance != nil && $0.openingDate != nil }
        guard !opened.isEmpty else { return }
        let lastDate = [journal.transactions.last?.date].compactMap { $0 } + opened.compactMap(\.openingDate)
        guard let last = lastDate.max() else { return }
        let lastMonth = last.yearMonth
        var deltas: [AccountID: [YearMonth: Int64]] = [:]
        // Read in place: a copied row retains each of its strings. Rows come in runs of one
        // account and month: each run is summed on its own and added once, and its account looked
        // up once, not hashed and searched at every row.
        var runAccount: AccountID?
        var runFrom: CivilDate?
        var runMonth: YearMonth?
        var runSum: Int64 = 0
        func endRun() {
            if let account = runAccount, let month = runMonth {
                deltas[account, default: [:]][month, default: 0] += runSum
            }
            runMonth = nil
            runSum = 0
        }
        journal.transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let row = rows.baseAddress! + index
                if row.pointee.account != runAccount {
                    endRun()
                    runAccount = row.pointee.account
                    runFrom = opened.first(where: { $0.id == row.pointee.account })?.openingDate
                }
                guard row.pointee.status == .posted, let from = runFrom, row.pointee.date >= from else { continue }
                let month = row.pointee.date.yearMonth
                if month != runMonth {
                    endRun()
                    runMonth = month
                }
                runSum += row.pointee.amount.minorUnits
            }
        }
        endRun()
        let insert = try database.prepare("INSERT INTO month_end_balances VALUES (?1, ?2, ?3, ?4)")
        for account in opened.sorted(by: { $0.id < $1.id }) {
            guard let opening = account.openingBalance, let from = account.openingDate else { continue }
            var balance = opening.minorUnits
            var month = from.yearMonth
            while month <= lastMonth {
                balance += deltas[account.id]?[month] ?? 0
                insert.bind(1, account.id.rawValue)
                insert.bind(2, month.description)
                insert.bind(3, balance)
                insert.bind(4, opening.currency.code)
                try insert.run()
                month = month.adding(months: 1)
            }
        }
    }

    /// Bytes a page: SQLite's largest. At a million rows the file has 16 times fewer pages to
    /// fill, link and write than at 4 KB (the rows' inserts 0.40 s -> 0.24 s of CPU with the
    /// `sqlite3` tool, the index builds 2.06 s -> 1.84 s); the `.dump` is the same.
    static let pageSize = 65_536

    /// KiB of page cache while the rows go in.
    static let rowsCacheKiB = 65_536

    /// KiB of page cache while the indexes are built. SQLite's sorter keeps as many bytes of keys
    /// in memory as the cache holds before it sorts them and writes a sorted run to a temporary
    /// file (which `temp_store = FILE` lets it do): a million keys sorted in one list of 50 MB
    /// miss the processor's caches at every step, while 8 MB runs and a merge of them do not. The
    /// four indexes on `transactions` took 1.84 + 0.22 s of CPU in one list and 1.22 + 0.13 s in
    /// runs of 8 MB (`sqlite3` tool, 64 KB pages, 1M rows); 2 and 4 MB runs cost the same as 8.
    static let sortCacheKiB = 8_192

    /// The bytes of `2026-01` at the start of `2026-01-02`.
    static let monthLength = 7

    /// `2026-01-02` as bytes.
    static func appendISO(_ date: CivilDate, to bytes: inout [UInt8]) {
        appendDigits(date.year, divisor: 1000, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.month, divisor: 10, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(date.day, divisor: 10, to: &bytes)
    }

    /// `value`'s decimal digits from `divisor`'s place down, zero-padded: 7 from 10 is `07`.
    private static func appendDigits(_ value: Int, divisor: Int, to bytes: inout [UInt8]) {
        var divisor = divisor
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: value / divisor % 10) + 0x30)
            divisor /= 10
        }
    }
}
