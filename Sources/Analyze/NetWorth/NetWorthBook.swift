import AnalysisFile
import Ledger

/// Every account's balance at every month end, and the net worth they add up to.
///
/// A balance comes from, in this order: the latest valuation at or before the month end (an account
/// valued in `valuations.csv`; for an investment statement's positions, their market value plus the
/// account's cash balance where that is known); else the opening balance plus every
/// posted transaction from the opening date on (`statement` when the importer derived that opening
/// balance from a statement balance, `transactions` when closebook.toml states it); else it is
/// `unknown`, listed but never counted as zero. Liabilities (credit cards, loans) count negative:
/// their transaction balances are negative while money is owed, and a valuation of one is read as
/// the amount owed. An account with `closed` on or before a month end is left out from then on.
/// An account whose opening date is after a month end did not exist yet, and is left out too.
/// Balances convert into the base currency at the rate in force on the month's last day.
public struct NetWorthBook: Sendable {
    public let history: LedgerHistory
    public let settings: AnalysisSettings
    /// Per month from the first, per account.
    public let balances: [[AccountBalance]]
    /// Per month from the first: the total of the open, known, converted balances.
    public let totals: [Int128]
    /// Per month from the first: the same for liquid accounts only.
    public let liquidTotals: [Int128]

    public init(history: LedgerHistory, settings: AnalysisSettings) {
        self.history = history
        self.settings = settings
        var balances: [[AccountBalance]] = []
        var totals: [Int128] = []
        var liquidTotals: [Int128] = []
        var running = [Int128](repeating: 0, count: history.accounts.count)
        for offset in 0..<history.monthCount {
            let month = history.firstMonth!.adding(months: offset)
            let end = month.lastDay
            var row: [AccountBalance] = []
            var total: Int128 = 0
            var liquid: Int128 = 0
            for (index, account) in history.accounts.enumerated() {
                running[index] += history.accountMonths[index][offset].change
                let balance = NetWorthBook.balance(
                    account, running: running[index], end: end, history: history, settings: settings)
                if balance.open, let value = balance.inBase {
                    total += value
                    if NetWorthBook.isLiquid(account.kind) { liquid += value }
                }
                row.append(balance)
            }
            balances.append(row)
            totals.append(total)
            liquidTotals.append(liquid)
        }
        self.balances = balances
        self.totals = totals
        self.liquidTotals = liquidTotals
    }

    /// Checking, savings and cash: the money one can spend this month.
    public static func isLiquid(_ kind: AccountKind) -> Bool {
        kind == .checking || kind == .savings || kind == .cash
    }

    static func balance(
        _ account: Account, running: Int128, end: CivilDate, history: LedgerHistory, settings: AnalysisSettings
    ) -> AccountBalance {
        // Closed on or before the month end, or opened after it: not part of this month's net worth.
        let closed = settings.accounts[account.id]?.closed.map { $0 <= end } ?? false
        let notYetOpen = account.openingBalance != nil && account.openingDate.map { $0 > end } == true
        let open = !closed && !notYetOpen
        let day = end.dayNumber
        func convert(_ value: Int128) -> Int128? {
            guard value >= Int128(Int64.min), value <= Int128(Int64.max),
                let converted = history.rates.toBase(Int64(value), account.currency, onDay: day)
            else { return nil }
            return Int128(converted)
        }
        if let valuation = settings.valuations.value(of: account.id, on: end), valuation.isPositions {
            // An investment statement's positions, on top of the account's cash where that is known.
            var value = Int128(valuation.value.minorUnits)
            if let opening = account.openingBalance, account.openingDate.map({ $0 <= end }) ?? true {
                value += Int128(opening.minorUnits) + running
            }
            return AccountBalance(
                balance: value, inBase: convert(value), source: .valuation, valuedOn: valuation.date, open: open)
        }
        if let valuation = settings.valuations.value(of: account.id, on: end) {
            var value = Int128(valuation.value.minorUnits)
            if account.kind.isLiability { value = -Int128(valuation.value.minorUnits.magnitude) }
            return AccountBalance(
                balance: value, inBase: convert(value), source: .valuation, valuedOn: valuation.date, open: open)
        }
        if let opening = account.openingBalance, account.openingDate.map({ $0 <= end }) ?? true {
            let value = Int128(opening.minorUnits) + running
            let source: AccountBalance.Source =
                settings.statementBalanced.contains(account.id) ? .statement : .transactions
            return AccountBalance(balance: value, inBase: convert(value), source: source, valuedOn: nil, open: open)
        }
        return AccountBalance(balance: nil, inBase: nil, source: .unknown, valuedOn: nil, open: open)
    }

    /// The section of `month`'s analysis file, with notices about unknown balances and missing rates.
    public func section(for month: YearMonth) throws(AnalyzeError) -> (NetWorthSection, [String])? {
        guard let offset = history.offset(of: month) else { return nil }
        let base = history.base
        var accounts: [NetWorthAccount] = []
        var notices: [String] = []
        for (index, account) in history.accounts.enumerated() {
            let balance = balances[offset][index]
            guard balance.open else { continue }
            let previous = offset > 0 ? balances[offset - 1][index] : nil
            var change: Int128?
            var ratio: Double?
            if let now = balance.inBase, let before = previous?.inBase, previous?.open == true {
                change = now - before
                ratio = before == 0 ? nil : MoneyText.ratio(now - before, before < 0 ? -before : before)
            }
            let label = "the balance of \(account.id) at the end of \(month)"
            if balance.source == .unknown {
                notices.append(
                    "\(account.name): its balance is unknown (no opening balance, statement balance or valuation), "
                        + "so net worth leaves it out; set opening_balance in closebook.toml or add it to valuations.csv."
                )
            } else if balance.inBase == nil {
                notices.append(
                    "\(account.name): no \(account.currency.code) rate in rates.csv is in force on "
                        + "\(month.lastDay.isoString), so net worth leaves its balance out.")
            }
            accounts.append(
                NetWorthAccount(
                    id: account.id.rawValue, name: account.name, kind: account.kind.rawValue,
                    currency: account.currency.code,
                    balance: try balance.balance.map { v throws(AnalyzeError) in
                        try MoneyText.format(v, account.currency, label)
                    },
                    balanceInBase: try balance.inBase.map { v throws(AnalyzeError) in
                        try MoneyText.format(v, base, label)
                    },
                    change: try change.map { v throws(AnalyzeError) in try MoneyText.format(v, base, label) },
                    changeRatio: ratio, source: balance.source.rawValue, valuedOn: balance.valuedOn?.isoString,
                    included: balance.inBase != nil))
        }
        let total = totals[offset]
        let previousTotal = offset > 0 ? totals[offset - 1] : nil
        var series: [NetWorthPoint] = []
        for m in 0...offset {
            let label = history.firstMonth!.adding(months: m)
            series.append(
                NetWorthPoint(
                    month: label.description, total: try MoneyText.format(totals[m], base, "net worth in \(label)")))
        }
        let section = NetWorthSection(
            total: try MoneyText.format(total, base, "net worth in \(month)"),
            change: try previousTotal.map { p throws(AnalyzeError) in
                try MoneyText.format(total - p, base, "net worth in \(month)")
            },
            changeRatio: previousTotal.flatMap { p in p == 0 ? nil : MoneyText.ratio(total - p, p < 0 ? -p : p) },
            liquid: try MoneyText.format(liquidTotals[offset], base, "liquid balances in \(month)"),
            accounts: accounts, series: series)
        return (section, notices)
    }
}
