import Ledger

/// The categorised ledger as double-entry books: what every export format writes, decided once.
///
/// Each ledger row is one transaction: its account's posting, then the other side (the category,
/// one posting per split, or an equity account; see `BookAccount`). A transfer whose two legs are
/// both in the ledger and name each other is one transaction with two postings, written where the
/// first leg (in the ledger's canonical order) is; its second leg is not written again. Legs in one
/// currency must cancel to be paired; legs in two currencies are paired with the second leg's
/// value in the first's currency as its total price.
public struct ExportBook: Sendable {
    public let journal: Journal
    public let prices: [PriceLine]
    /// The statements' balances that hold, written as balance assertions (`balanceAssertions`).
    public let statedBalances: [StatedBalance]
    /// Accounts valued in `valuations.csv` without rows of their own, by account id.
    public let valued: [ValuedAccount]
    /// Accounts valued in `valuations.csv` that have rows too, brought to their value on each
    /// valuation's day and month end, by date then account.
    public let revaluations: [Revaluation]
    /// Every account a posting or a declaration uses, sorted by kind and name.
    public let accounts: [BookAccount]
    /// Every currency an amount or a price is in, sorted by code.
    public let currencies: [Currency]
    /// The first day anything happens: where accounts are opened.
    public let firstDate: CivilDate?
    /// Per row: the row of the other leg written with it, or -1.
    let partner: [Int32]
    /// Per row: true for the second leg of a paired transfer, written with its first.
    let isSecondLeg: [Bool]
    /// Per row: where its own account is in `accounts`.
    let ownAccount: [Int32]
    /// Per row: where the account of its other side is in `accounts` when that side is one posting
    /// of the row's amount (a category, an equity account), or -1 (splits, a paired transfer).
    let otherAccount: [Int32]
    private let accountOf: [AccountID: BookAccount]
    /// Where each account is in `accounts`.
    private let places: [BookAccount: Int]

    /// `valuations` of accounts that are not among the journal's accounts are valued as assets.
    public init(
        journal: Journal, prices: [PriceLine] = [], statedBalances: [StatedBalance] = [],
        valuations: [Valuation] = []
    ) {
        self.journal = journal
        self.prices = prices
        self.statedBalances = statedBalances
        let rows = journal.transactions
        var accountOf: [AccountID: BookAccount] = [:]
        for account in journal.accounts { accountOf[account.id] = BookAccount(account) }
        var partner = [Int32](repeating: -1, count: rows.count)
        var isSecondLeg = [Bool](repeating: false, count: rows.count)
        var transferRows: [TransactionID: Int] = [:]
        for index in rows.indices where rows[index].isTransfer && rows[index].transferPeer != nil {
            transferRows[rows[index].id] = index
        }
        for index in rows.indices where rows[index].isTransfer && !isSecondLeg[index] {
            guard let peerID = rows[index].transferPeer, let peer = transferRows[peerID], peer > index,
                rows[peer].transferPeer == rows[index].id, !isSecondLeg[peer],
                ExportBook.canPair(rows[index].amount, rows[peer].amount)
            else { continue }
            partner[index] = Int32(peer)
            isSecondLeg[peer] = true
        }
        var used: Set<BookAccount> = Set(accountOf.values)
        var currencies: Set<Currency> = Set(prices.flatMap { [$0.currency, $0.base] })
        var firstDate = rows.first?.date
        var categories: Set<CategoryPath> = []
        var lastCategory: CategoryPath?
        var lastAccount: AccountID?
        var lastCurrency: Currency?
        // Each row's accounts by a number of their own, put in the sorted order at the end: the
        // writers then spell an account's name once, not hash the account at every posting.
        var ownAccount = [Int32](repeating: -1, count: rows.count)
        var otherAccount = [Int32](repeating: -1, count: rows.count)
        var numbers: [BookAccount: Int32] = [:]
        var numbered: [BookAccount] = []
        func number(_ account: BookAccount) -> Int32 {
            if let known = numbers[account] { return known }
            numbers[account] = Int32(numbered.count)
            numbered.append(account)
            return Int32(numbered.count - 1)
        }
        // A category's number by its path: hashed once per run of rows, as the set of them was.
        var categoryNumbers: [CategoryPath: Int32] = [:]
        var lastOwn: Int32 = -1
        var lastCategoryNumber: Int32 = -1
        // Read in place: a copied row retains each of its strings, a cost a million rows feel.
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let row = rows.baseAddress! + index
                // Rows come in runs of one account; skip hashing a repeat.
                let currency = row.pointee.amount.currency
                if currency != lastCurrency { currencies.insert(currency) }
                lastCurrency = currency
                if row.pointee.account != lastAccount || lastOwn < 0 {
                    let own: BookAccount
                    if let known = accountOf[row.pointee.account] {
                        own = known
                    } else {
                        own = BookAccount(kind: .asset, components: [BookAccount.titled(row.pointee.account.rawValue)])
                        accountOf[row.pointee.account] = own
                        used.insert(own)
                    }
                    lastOwn = number(own)
                }
                ownAccount[index] = lastOwn
                lastAccount = row.pointee.account
                if partner[index] >= 0 || isSecondLeg[index] { continue }
                if row.pointee.isTransfer {
                    used.insert(.transfers)
                    otherAccount[index] = number(.transfers)
                } else if row.pointee.isIgnored {
                    used.insert(.ignored)
                    otherAccount[index] = number(.ignored)
                } else if !row.pointee.splits.isEmpty {
                    for split in row.pointee.splits { categories.insert(split.category) }
                } else if let category = row.pointee.category {
                    // Rows come in runs of one payee and category; skip hashing a repeat.
                    if category != lastCategory || lastCategoryNumber < 0 {
                        if let known = categoryNumbers[category] {
                            lastCategoryNumber = known
                        } else {
                            categories.insert(category)
                            lastCategoryNumber = number(BookAccount(category: category))
                            categoryNumbers[category] = lastCategoryNumber
                        }
                    }
                    otherAccount[index] = lastCategoryNumber
                    lastCategory = category
                } else {
                    let uncategorized = BookAccount.uncategorized(moneyIn: row.pointee.amount.isPositive)
                    used.insert(uncategorized)
                    otherAccount[index] = number(uncategorized)
                }
            }
        }
        for category in categories { used.insert(BookAccount(category: category)) }
        for account in journal.accounts {
            guard let balance = account.openingBalance, let date = account.openingDate else { continue }
            used.insert(.openingBalances)
            currencies.insert(balance.currency)
            if firstDate.map({ date < $0 }) ?? true { firstDate = date }
        }
        if let earliest = prices.first?.date, firstDate.map({ earliest < $0 }) ?? true { firstDate = earliest }
        let valued = ExportBook.valuedAccounts(valuations, journal: journal, taken: Set(currencies.map(\.code)))
        for account in valued {
            let book =
                accountOf[account.account]
                ?? BookAccount(
                    kind: account.units < 0 ? .liability : .asset,
                    components: [
                        BookAccount.titled(account.account.rawValue)
                    ])
            accountOf[account.account] = book
            used.insert(book)
            used.insert(.openingBalances)
            if let first = account.valuations.first?.date, firstDate.map({ first < $0 }) ?? true { firstDate = first }
        }
        let revaluations = ExportBook.revaluations(valuations, journal: journal)
        for revaluation in revaluations { used.insert(revaluation.counterpart) }
        self.valued = valued
        self.revaluations = revaluations
        let accounts = used.sorted()
        var places: [BookAccount: Int] = [:]
        for (place, account) in accounts.enumerated() { places[account] = place }
        let placeOfNumber = numbered.map { Int32(places[$0] ?? -1) }
        placeOfNumber.withUnsafeBufferPointer { place in
            for index in ownAccount.indices {
                ownAccount[index] = place[Int(ownAccount[index])]
                if otherAccount[index] >= 0 { otherAccount[index] = place[Int(otherAccount[index])] }
            }
        }
        self.accounts = accounts
        self.currencies = currencies.sorted()
        self.firstDate = firstDate
        self.partner = partner
        self.isSecondLeg = isSecondLeg
        self.ownAccount = ownAccount
        self.otherAccount = otherAccount
        self.accountOf = accountOf
        self.places = places
    }

    /// The accounts of `valuations` that have no rows in `journal`, each with its symbol.
    static func valuedAccounts(_ valuations: [Valuation], journal: Journal, taken: Set<String>) -> [ValuedAccount] {
        guard !valuations.isEmpty else { return [] }
        var byAccount: [AccountID: [Valuation]] = [:]
        for valuation in valuations { byAccount[valuation.account, default: []].append(valuation) }
        var liabilities: Set<AccountID> = []
        for account in journal.accounts where account.kind.isLiability { liabilities.insert(account.id) }
        var withRows = Set<AccountID>()
        journal.transactions.withUnsafeBufferPointer { rows in
            var last: AccountID?
            for index in rows.indices {
                // Read in place (a copied row retains its strings); rows come in runs of an account.
                let account = (rows.baseAddress! + index).pointee.account
                if account == last { continue }
                last = account
                if byAccount[account] != nil { withRows.insert(account) }
            }
        }
        var symbols = taken
        var result: [ValuedAccount] = []
        for account in byAccount.keys.sorted() where !withRows.contains(account) {
            let symbol = ValuedAccount.symbol(for: account, taken: symbols)
            symbols.insert(symbol)
            result.append(
                ValuedAccount(
                    account: account, symbol: symbol, units: liabilities.contains(account) ? -1 : 1,
                    valuations: byAccount[account]!.sorted { $0.date < $1.date }))
        }
        return result
    }

    /// True when two legs can be one balanced transaction: in one currency they must cancel.
    static func canPair(_ first: Money, _ second: Money) -> Bool {
        guard first.currency == second.currency else { return first.isZero == second.isZero }
        return first.adding(second)?.isZero == true
    }

    /// The books' account of one of the user's accounts.
    public func account(_ id: AccountID) -> BookAccount {
        accountOf[id] ?? BookAccount(kind: .asset, components: [BookAccount.titled(id.rawValue)])
    }

    /// The opening balances the ledger's accounts state, as (date, account, amount), by date then account.
    public var openingBalances: [(date: CivilDate, account: Account, amount: Money)] {
        journal.accounts.compactMap { account in
            guard let amount = account.openingBalance, let date = account.openingDate else { return nil }
            return (date, account, amount)
        }.sorted { ($0.date, $0.account.id) < ($1.date, $1.account.id) }
    }

    /// The postings of the transaction that row `index` starts, or nil when the row is the second
    /// leg of a transfer (written with its first). The row's own account comes first.
    public func postings(ofRow index: Int) -> [BookPosting]? {
        journal.transactions.withUnsafeBufferPointer { rows in postings(of: rows, at: index) }
    }

    /// `postings(ofRow:)` over the ledger's rows in place: copying a transaction out of the array
    /// retains each of its strings, a cost a million rows feel.
    func postings(of rows: UnsafeBufferPointer<Transaction>, at index: Int) -> [BookPosting]? {
        var lines: [PostingLine] = []
        guard self.lines(of: rows, at: index, into: &lines) else { return nil }
        return lines.map {
            BookPosting(account: accounts[$0.account], amount: $0.amount, totalPrice: $0.totalPrice, row: $0.row)
        }
    }

    /// The postings of the transaction that row `index` starts, into `lines` (emptied first), with
    /// each account by its place in `accounts`; false when the row is the second leg of a transfer.
    /// What the writers take: no array and no account (with its strings) made per row.
    func lines(of rows: UnsafeBufferPointer<Transaction>, at index: Int, into lines: inout [PostingLine]) -> Bool {
        lines.removeAll(keepingCapacity: true)
        if isSecondLeg[index] { return false }
        let row = rows.baseAddress! + index
        let amount = row.pointee.amount
        lines.append(PostingLine(account: Int(ownAccount[index]), amount: amount))
        let peer = Int(partner[index])
        if peer >= 0 {
            let other = rows[peer].amount
            let price = other.currency == amount.currency ? nil : amount.negated
            lines.append(
                PostingLine(
                    account: Int(ownAccount[peer]), amount: other, totalPrice: price.map(ExportBook.magnitude),
                    row: peer))
            return true
        }
        guard let opposite = amount.negated else { return true }
        if otherAccount[index] >= 0 {
            lines.append(PostingLine(account: Int(otherAccount[index]), amount: opposite))
        } else {
            for split in row.pointee.splits {
                let part = split.amount.negated ?? split.amount
                lines.append(PostingLine(account: place(of: BookAccount(category: split.category)), amount: part))
            }
        }
        return true
    }

    /// Where `account` is in `accounts` (every account a posting uses is there).
    func place(of account: BookAccount) -> Int {
        places[account] ?? 0
    }

    /// The amount without its sign: a total price is written unsigned.
    static func magnitude(_ money: Money) -> Money {
        money.isNegative ? (money.negated ?? money) : money
    }
}
