import Foundation
import Ledger

/// A journal as categorisation works on it: one column per fact, by row index, texts interned, and
/// the category, source and flags each phase settles.
///
/// Why columns and not `[Transaction]`: a transaction holds a dozen strings, so every copy retains
/// and releases them all, and a million of them are hundreds of megabytes of small heap objects to
/// make, touch and free. Rules, transfer pairing and the classifier only need a few numbers per row;
/// rows read from a file in the encoder's exact form (`CanonicalRow`) are never made into
/// `Transaction`s at all, and the ledger is written by splicing the new fields into their bytes
/// (`LedgerWriter`). Other rows (and journals given as values) keep their `Transaction`.
struct LedgerRows {
    /// Where a row's bytes are, or which decoded transaction it is.
    struct Layout: Equatable {
        /// Offset of the row in `file`; unused for a decoded row.
        var start: Int
        /// Offsets from `start`: the end of the id, the payee's bytes, `,"file":` and the row's end.
        var idEnd: Int32
        var payeeStart: Int32
        var payeeEnd: Int32
        var tail: Int32
        var end: Int32
        /// Index into `decoded`, or -1 for a row in the file's bytes.
        var decoded: Int32
    }

    /// The file the rows are in; nil for a journal given as values.
    var file: JournalBytes?
    var header: Journal
    var layout: [Layout] = []
    /// What reading the file in place found about the rows' order, for `canonicalOrder`; nil
    /// for rows given as values.
    var scannedOrder: ScannedOrder?
    /// What reading the file came to beside the rows, for a cache of it (`LedgerRowsCache`); nil
    /// for rows given as values, or read in no order a cache can hold.
    var reading: LedgerRowsCache.Record?
    var decoded: [Transaction] = []

    /// Distinct texts (payees, memos, bank fields); index 0 is the empty text.
    var texts: [String] = [""]
    var payee: [Int32] = []
    var memo: [Int32] = []
    /// Index into `texts`, or -1 when the row has no such field.
    var bankType: [Int32] = []
    var bankCategory: [Int32] = []
    var account: [Int32] = []
    var accounts: [AccountID] = []
    var date: [CivilDate] = []
    var minorUnits: [Int64] = []
    var currency: [Int16] = []
    var currencies: [Currency] = []

    // What categorisation settles, starting from what the journal says.
    /// Index into `categories`, or -1.
    var category: [Int32] = []
    var categories: [CategoryPath] = []
    private var categoryNumbers: [CategoryPath: Int32] = [:]
    /// Index into `sources`; 0 is `.none`.
    var source: [Int32] = []
    var sources: [CategorySource] = [.none]
    private var sourceNumbers: [CategorySource: Int32] = [.none: 0]
    var isTransfer: [Bool] = []
    var isIgnored: [Bool] = []
    /// The row a transfer leg was paired with; `Self.peerFromJournal` when the journal names one.
    var peer: [Int32] = []
    static let peerFromJournal: Int32 = -2
    /// Index into the run's decisions (rules and override applied to the row), or -1.
    var decision: [Int32] = []
    /// The payee the ledger shows, as an index into `texts`; -1 keeps the journal's.
    var newPayee: [Int32] = []
    /// Splits allocated by a rule or override, by row.
    var splits: [Int: [Split]] = [:]

    var count: Int { layout.count }

    /// Rows of `journal`, kept as values.
    init(journal: Journal) {
        file = nil
        header = journal
        header.transactions = []
        reserve(journal.transactions.count)
        var builder = TextNumbers()
        for transaction in journal.transactions {
            appendDecoded(transaction, start: 0, end: 0, numbers: &builder)
        }
    }

    /// Gives the journal's mapped pages before row `row` back to the kernel, in runs of
    /// `JournalBytes.releaseStep`, for a reader going through the rows in file order: `released`
    /// is where its last run ended. Nothing for a row before the first, or rows not from a file.
    func releasePages(before row: Int, released: inout Int) {
        guard let file, row >= 0, row < layout.count else { return }
        let start = layout[row].start
        if start - released >= JournalBytes.releaseStep {
            file.release(from: released, upTo: start)
            released = start
        }
    }

    /// Gives all of the journal's mapped pages back to the kernel, for a reader that reaches into
    /// it at random places: what it reads again is mapped again from the page cache.
    func releaseAllPages() {
        guard let file else { return }
        file.release(from: 0, upTo: file.buffer.count)
    }

    /// The order of the rows read in place, against the row before each (`canonicalOrder`).
    struct ScannedOrder: Equatable {
        /// A row comes before the one above it.
        var outOfOrder = false
        /// A row could not be compared as it was read (a decoded row, an id that is not ASCII).
        var unsure = false
        /// Rows of the same day as the row above, in another account.
        var accountChanges: [Int] = []
    }

    /// Where the last row's text of one field is in the file, and its number.
    struct LastText: Equatable {
        var start = 0
        var count = -1
        var number: Int32 = 0
    }

    mutating func reserve(_ rows: Int) {
        layout.reserveCapacity(rows)
        payee.reserveCapacity(rows)
        memo.reserveCapacity(rows)
        bankType.reserveCapacity(rows)
        bankCategory.reserveCapacity(rows)
        account.reserveCapacity(rows)
        date.reserveCapacity(rows)
        minorUnits.reserveCapacity(rows)
        currency.reserveCapacity(rows)
        category.reserveCapacity(rows)
        source.reserveCapacity(rows)
        isTransfer.reserveCapacity(rows)
        isIgnored.reserveCapacity(rows)
        peer.reserveCapacity(rows)
        decision.reserveCapacity(rows)
    }

    /// Numbers of texts, accounts and currencies met in decoded rows.
    struct TextNumbers {
        var texts: [String: Int32] = ["": 0]
        var accounts: [AccountID: Int32] = [:]
        var currencies: [Currency: Int16] = [:]
    }

    mutating func accountNumber(_ id: AccountID, numbers: inout TextNumbers) -> Int32 {
        if let known = numbers.accounts[id] { return known }
        accounts.append(id)
        numbers.accounts[id] = Int32(accounts.count - 1)
        return Int32(accounts.count - 1)
    }

    /// Gives rows up to `count` that have none yet the state of a row the journal says nothing of.
    mutating func padStatus(to count: Int) {
        let missing = count - category.count
        guard missing > 0 else { return }
        category.append(contentsOf: repeatElement(-1, count: missing))
        source.append(contentsOf: repeatElement(0, count: missing))
        isTransfer.append(contentsOf: repeatElement(false, count: missing))
        isIgnored.append(contentsOf: repeatElement(false, count: missing))
        peer.append(contentsOf: repeatElement(-1, count: missing))
        decision.append(contentsOf: repeatElement(-1, count: missing))
    }

    mutating func appendDecoded(_ t: Transaction, start: Int, end: Int, numbers: inout TextNumbers) {
        padStatus(to: layout.count)
        func text(_ value: String) -> Int32 {
            if let known = numbers.texts[value] { return known }
            texts.append(value)
            numbers.texts[value] = Int32(texts.count - 1)
            return Int32(texts.count - 1)
        }
        layout.append(
            Layout(start: start, idEnd: 0, payeeStart: 0, payeeEnd: 0, tail: 0, end: 0, decoded: Int32(decoded.count)))
        decoded.append(t)
        payee.append(text(t.payee))
        memo.append(text(t.memo))
        bankType.append(t.bankType.map(text) ?? -1)
        bankCategory.append(t.bankCategory.map(text) ?? -1)
        account.append(accountNumber(t.account, numbers: &numbers))
        date.append(t.date)
        minorUnits.append(t.amount.minorUnits)
        if let known = numbers.currencies[t.amount.currency] {
            currency.append(known)
        } else {
            currencies.append(t.amount.currency)
            numbers.currencies[t.amount.currency] = Int16(currencies.count - 1)
            currency.append(Int16(currencies.count - 1))
        }
        category.append(t.category.map { categoryNumber($0) } ?? -1)
        source.append(sourceNumber(t.categorySource))
        isTransfer.append(t.isTransfer)
        isIgnored.append(t.isIgnored)
        peer.append(t.transferPeer == nil ? -1 : LedgerRows.peerFromJournal)
        decision.append(-1)
    }

    // MARK: Values

    func amount(_ row: Int) -> Money { Money(minorUnits: minorUnits[row], currency: currencies[Int(currency[row])]) }

    /// A row read in place, decoded: for the rare caller that needs it whole.
    func decodedInPlace(_ row: Int) -> Transaction {
        let place = layout[row]
        if place.decoded >= 0 { return decoded[Int(place.decoded)] }
        let base = file?.buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        let bytes = UnsafeBufferPointer(start: base + place.start, count: Int(place.end))
        if let transaction = try? JournalCodec.decodeRow(bytes) { return transaction }
        // Not reached: the row was read as canonical, so it decodes. What the columns hold, else.
        return Transaction(
            id: id(row), account: accountID(row), date: date[row], amount: amount(row),
            payee: texts[Int(payee[row])], memo: texts[Int(memo[row])], source: SourceLocation(file: "", line: 0))
    }

    func accountID(_ row: Int) -> AccountID { accounts[Int(account[row])] }

    /// The id's bytes (as in the file for a row read in place).
    func withID<T>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let place = layout[row]
        if place.decoded >= 0 {
            var text = decoded[Int(place.decoded)].id.rawValue
            return text.withUTF8(body)
        }
        // A row in the file: its id starts after `{"id":"`.
        let base = file?.buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        return body(UnsafeBufferPointer(start: base + place.start + 7, count: Int(place.idEnd) - 7))
    }

    func id(_ row: Int) -> TransactionID {
        let place = layout[row]
        if place.decoded >= 0 { return decoded[Int(place.decoded)].id }
        return TransactionID(withID(row) { String(decoding: $0, as: UTF8.self) })
    }

    /// `id(lhs) < id(rhs)` (String order), comparing bytes when both are ASCII, where the orders agree.
    func idPrecedes(_ lhs: Int, _ rhs: Int) -> Bool {
        let order: Int? = withID(lhs) { left -> Int? in
            withID(rhs) { right -> Int? in
                guard LedgerRows.isASCII(left), LedgerRows.isASCII(right) else { return nil }
                return LedgerRows.compare(left, right)
            }
        }
        if let order { return order < 0 }
        return id(lhs) < id(rhs)
    }

    /// Below zero when `left` sorts before `right` byte by byte (a prefix first), zero when equal.
    static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
            let result = memcmp(a, b, common)
            if result != 0 { return Int(result) }
        }
        return left.count - right.count
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 } }

    mutating func categoryNumber(_ path: CategoryPath) -> Int32 {
        if let known = categoryNumbers[path] { return known }
        categories.append(path)
        categoryNumbers[path] = Int32(categories.count - 1)
        return Int32(categories.count - 1)
    }

    mutating func sourceNumber(_ value: CategorySource) -> Int32 {
        if let known = sourceNumbers[value] { return known }
        sources.append(value)
        sourceNumbers[value] = Int32(sources.count - 1)
        return Int32(sources.count - 1)
    }

    func categoryPath(_ row: Int) -> CategoryPath? { category[row] >= 0 ? categories[Int(category[row])] : nil }

    func categorySource(_ row: Int) -> CategorySource { sources[Int(source[row])] }

    /// Row indices in the ledger's canonical order (date, account, id); nil when already in it.
    func canonicalOrder() -> [Int]? {
        let accountRank = LedgerRows.ranks(accounts)
        func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
            if date[lhs] != date[rhs] { return date[lhs] < date[rhs] }
            if account[lhs] != account[rhs] { return accountRank[Int(account[lhs])] < accountRank[Int(account[rhs])] }
            return idPrecedes(lhs, rhs)
        }
        var inOrder = true
        var released = 0
        // Read in place, each row was compared with the one before as it was read, but for rows of
        // one day in two accounts, whose order needs every account's rank: only those are left.
        // (Comparing here instead read every row's id from the journal again, faulting its pages
        // back in: a tenth of a second at 1M rows, on the core that writes the ledger.)
        if let scannedOrder, !scannedOrder.unsure {
            inOrder =
                !scannedOrder.outOfOrder && !scannedOrder.accountChanges.contains { precedes($0, $0 - 1) }
        } else {
            for row in layout.indices.dropFirst() {
                // Rows of one day and account are told apart by id, read from the journal: going
                // through it front to back, the pages behind are given back rather than all of it
                // left in memory for the writer (226 MB at 1M rows, on top of the stage's peak).
                releasePages(before: row - 1, released: &released)
                if precedes(row, row - 1) {
                    inOrder = false
                    break
                }
            }
        }
        if inOrder { return nil }
        // Stable, as sorting the transactions themselves keeps rows with equal keys in file order.
        return layout.indices.sorted { lhs, rhs in
            if precedes(lhs, rhs) { return true }
            if precedes(rhs, lhs) { return false }
            return lhs < rhs
        }
    }

    /// Each value's position among the values in sorted order.
    static func ranks<T: Comparable>(_ values: [T]) -> [Int] {
        var rank = [Int](repeating: 0, count: values.count)
        for (position, index) in values.indices.sorted(by: { values[$0] < values[$1] }).enumerated() {
            rank[index] = position
        }
        return rank
    }
}
