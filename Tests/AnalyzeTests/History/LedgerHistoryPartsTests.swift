import Ledger
import Testing

@testable import Analyze

/// The history built in two parts of whole months, one per core (`LedgerHistory+Part.swift`):
/// where it cuts, and that the history is the one a single pass over every row makes.
@Suite struct LedgerHistoryPartsTests {
    static let gbp = Currency.gbp

    static func row(_ index: Int, _ date: CivilDate, account: String = "current", pence: Int64 = -1_000) -> FigureRow {
        FigureRow(
            id: TransactionID("t\(index)"), account: AccountID(account), date: date,
            amount: Money(minorUnits: pence, currency: gbp), payee: "Shop")
    }

    /// `counts[m]` rows in month m (from January 2024), one a day from the 1st, wrapping at 28.
    static func rows(monthCounts counts: [Int]) -> [FigureRow] {
        var rows: [FigureRow] = []
        for (month, count) in counts.enumerated() {
            for day in 0..<count {
                let date = CivilDate(year: 2024 + month / 12, month: 1 + month % 12, day: 1 + day % 28)!
                rows.append(row(rows.count, date))
            }
        }
        rows.sortCanonically()
        return rows
    }

    @Test func cutsAtTheFirstRowOfTheMiddleRowsMonth() {
        // 50,000 rows: months of 10,000; the middle row (25,000) is in month 2, which starts at 20,000.
        let rows = Self.rows(monthCounts: [10_000, 10_000, 10_000, 10_000, 10_000])
        #expect(rows.withUnsafeBufferPointer { LedgerHistory.cut($0, cores: 2) } == 20_000)
        #expect(rows.withUnsafeBufferPointer { LedgerHistory.cut($0, cores: 1) } == nil)
    }

    @Test func cutsAfterTheMiddleMonthWhenItStartsTooEarly() {
        // The middle row (25,000) is in month 1, which starts at 1,000: 24,000 rows back, more than a
        // quarter; the next month starts at 45,000.
        let rows = Self.rows(monthCounts: [1_000, 44_000, 5_000])
        #expect(rows.withUnsafeBufferPointer { LedgerHistory.cut($0, cores: 2) } == 45_000)
        // One month, or too few rows: one part.
        #expect(Self.rows(monthCounts: [50_000]).withUnsafeBufferPointer { LedgerHistory.cut($0, cores: 2) } == nil)
        #expect(
            Self.rows(monthCounts: [1_000, 1_000]).withUnsafeBufferPointer { LedgerHistory.cut($0, cores: 2) } == nil)
    }

    /// 60,000 rows over two years in three accounts and three currencies (one with no rate): payees
    /// and categories met in both halves, some only in the second (income, splits and
    /// uncategorised money in among them), pending, transfers, ignored rows, and a month with no
    /// rows just before the cut.
    static func varied() throws -> (Journal, [FigureRow], RateTable) {
        let accounts = [
            Account(id: "current", name: "Current", kind: .checking, currency: .gbp),
            Account(id: "euro", name: "Euro", kind: .checking, currency: .eur),
            Account(id: "dollar", name: "Dollar", kind: .checking, currency: .usd),
        ]
        var rows: [FigureRow] = []
        for index in 0..<60_000 {
            // Months 0-10 and 12-23 (December 2024, month 11, has no rows): 2,609 or 2,608 rows each.
            var month = index * 23 / 60_000
            if month >= 11 { month += 1 }
            let date = CivilDate(year: 2024 + month / 12, month: 1 + month % 12, day: 1 + index % 28)!
            let account = ["current", "current", "euro", "dollar"][index % 4]
            let currency: Currency = account == "euro" ? .eur : account == "dollar" ? .usd : .gbp
            let late = month >= 12
            var row = FigureRow(
                id: TransactionID("id\(index)"), account: AccountID(account), date: date,
                amount: Money(
                    minorUnits: Int64(index % 7 == 0 ? 5_000 + index : -(100 + index % 900)), currency: currency),
                payee: "Payee \(late ? index % 53 : index % 41)")
            switch index % 11 {
            case 0: row.category = nil
            case 1: row.category = CategoryPath(late ? "Late:Only" : "Food:Groceries")
            case 2: row.category = CategoryPath("Income:Salary")
            case 3: row.status = .pending
            case 4: row.isTransfer = true
            case 5: row.isIgnored = true
            case 6 where late:
                row.category = nil
                row.splits = [
                    Split(category: CategoryPath("Split:First")!, amount: Money(minorUnits: 40, currency: currency)),
                    Split(
                        category: CategoryPath("Housing:Rent")!,
                        amount: Money(minorUnits: row.amount.minorUnits - 40, currency: currency)),
                ]
            default: row.category = CategoryPath(["Housing:Rent", "Transport", "Bills:Phone"][index % 3])
            }
            rows.append(row)
        }
        let header = Journal(stage: "ledger", baseCurrency: .gbp, accounts: accounts, transactions: [])
        let rates = try RateTable.parse("date,currency,rate\n2024-01-01,EUR,0.85\n", path: "rates.csv", base: .gbp)
        return (header, rows, rates)
    }

    @Test func twoPartsMakeTheHistoryOnePassMakes() throws {
        let (header, rows, rates) = try Self.varied()
        let one = LedgerHistory(header: header, rows: rows, rates: rates, cores: 1)
        let two = LedgerHistory(header: header, rows: rows, rates: rates, cores: 2)
        // The cut: the middle row (30,000) is in month 12 (January 2025), whose first row is 28,696
        // (the first index with index × 23 / 60,000 ≥ 11), 1,304 rows back.
        let cut = try #require(one.transactions.withUnsafeBufferPointer { LedgerHistory.cut($0, cores: 2) })
        #expect(cut == 28_696)
        #expect(one.transactions[cut - 1].date.yearMonth.description == "2024-11")
        #expect(one.transactions[cut].date.yearMonth.description == "2025-01")

        #expect(two.monthStarts == one.monthStarts)
        #expect(two.monthStarts[11] == cut && two.monthStarts[12] == cut)
        #expect(two.dayNumbers == one.dayNumbers)
        #expect(two.amounts == one.amounts)
        #expect(two.idHashes == one.idHashes)
        #expect(two.baseAmounts == one.baseAmounts)
        #expect(two.accountOf == one.accountOf)
        #expect(two.currencies == one.currencies)
        #expect(two.currencyOf == one.currencyOf)
        #expect(two.categories == one.categories)
        #expect(two.categoryOf == one.categoryOf)
        #expect(two.groupOf == one.groupOf)
        #expect(two.groups.count == one.groups.count)
        for (a, b) in zip(two.groups, one.groups) {
            #expect(a.account == b.account && a.payee == b.payee && a.transactions == b.transactions)
        }
        #expect(two.accountMonths == one.accountMonths)
        #expect(two.missingRates == one.missingRates)
        #expect(two.flows.count == one.flows.count)
        for (a, b) in zip(two.flows, one.flows) {
            #expect(a.income == b.income && a.expenses == b.expenses)
            #expect(a.transactionCount == b.transactionCount && a.pendingCount == b.pendingCount)
            #expect(a.transferCount == b.transferCount && a.ignoredCount == b.ignoredCount)
            #expect(a.uncategorizedCount == b.uncategorizedCount && a.uncategorizedAmount == b.uncategorizedAmount)
            #expect(a.spendingBySource == b.spendingBySource)
            #expect(
                a.byCategory.mapValues { "\($0.sum) \($0.count)" } == b.byCategory.mapValues { "\($0.sum) \($0.count)" }
            )
        }
        // Worked out by hand: the two categories met only in the second half ("Late:Only", and
        // "Split:First", the first part of the splits) come last.
        let names = one.categories.map(\.name)
        #expect(Set(names.suffix(2)) == ["Late:Only", "Split:First"])
        #expect(names.filter { $0 == "Late:Only" || $0 == "Split:First" }.count == 2)
        // A payee of both halves is one group, its rows from both; "Payee 41" (index % 53 == 41) is
        // met only after the cut.
        let shared = try #require(one.groups.firstIndex { $0.payee == "Payee 0" && $0.account == 0 })
        #expect(one.groups[shared].transactions.first! < cut && one.groups[shared].transactions.last! >= cut)
        #expect(one.groups.filter { $0.payee == "Payee 41" }.allSatisfy { $0.transactions.first! >= cut })
        // The dollar rows have no rate: missing in every month with rows, none in December 2024.
        #expect(one.missingRates[11].isEmpty)
        #expect(one.missingRates[12].first?.currency == .usd)
        // Each group lists the rows numbered for it, in row order, and the group-ordered columns
        // hold those rows' days and amounts, in both histories.
        for history in [one, two] {
            var listed = [[Int]](repeating: [], count: history.groups.count)
            for (row, group) in history.groupOf.enumerated() where group >= 0 { listed[Int(group)].append(row) }
            #expect(history.groupRowStarts.count == history.groups.count + 1)
            #expect(history.groupRowStarts.last == listed.reduce(0) { $0 + $1.count })
            for (number, group) in history.groups.enumerated() {
                #expect(group.transactions == listed[number])
                let slots = history.groupRowStarts[number]..<history.groupRowStarts[number + 1]
                #expect(Array(history.groupDays[slots]) == group.transactions.map { history.dayNumbers[$0] })
                #expect(Array(history.groupAmounts[slots]) == group.transactions.map { history.amounts[$0] })
                #expect(Array(history.groupBaseAmounts[slots]) == group.transactions.map { history.baseAmounts[$0] })
            }
        }
    }

    /// Rows listed by group, worked out by hand: groups 0 and 1 of rows 1, 3, 6 and 2, 5, rows 0
    /// and 4 in none, group 2 with no rows.
    @Test func groupColumnsListEachGroupsRowsInOrder() {
        let groups = (0..<3).map { LedgerHistory.PayeeGroup(account: 0, payee: "P\($0)", transactions: []) }
        let columns = LedgerHistory.GroupColumns(
            groups: groups, groupOf: [-1, 0, 1, 0, -1, 1, 0], dayNumbers: [10, 11, 12, 13, 14, 15, 16],
            amounts: [-1, -2, -3, -4, -5, -6, -7], baseAmounts: [nil, -20, nil, -40, -50, -60, -70])
        #expect(columns.groups.map(\.transactions) == [[1, 3, 6], [2, 5], []])
        #expect(columns.starts == [0, 3, 5, 5])
        #expect(columns.days == [11, 13, 16, 12, 15])
        #expect(columns.amounts == [-2, -4, -7, -3, -6])
        #expect(columns.baseAmounts == [-20, -40, -70, nil, -60])
    }
}
