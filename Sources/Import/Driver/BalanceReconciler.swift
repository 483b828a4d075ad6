import Ledger

/// Checks the balances statements state against the balance the imported transactions give.
///
/// A stated balance is the balance at the END of its day, so it is compared with the opening
/// balance plus every posted transaction up to and including that day; the order of records within
/// a day cannot matter. With no opening balance in `closebook.toml`, the earliest stated balance
/// of the account fixes it, and every later one is checked against it.
struct BalanceReconciler {
    /// One balance a file states for an account (explicitly, or as the running balance at the end of a day).
    struct Stated {
        var file: Int
        var day: Int
        var date: CivilDate
        var minorUnits: Int64
        var line: Int
    }

    /// What the check made of one stated balance.
    enum Outcome: String {
        /// It equals the computed balance.
        case ok
        /// It does not (the file gets a warning).
        case differs
        /// The account's opening balance was derived from it, so it holds by construction.
        case anchor
        /// It is dated before the configured opening date: nothing to compare it with.
        case unchecked
    }

    /// The result for one file's balances of one account.
    struct FileResult {
        var checked = 0
        var matched = 0
        var anchor: Stated?
        var firstDivergence: (stated: Stated, computed: Int64)?
        /// Every balance of the file, oldest first, with its outcome: later stages (the export's
        /// balance assertions) read them from the import report.
        var outcomes: [(stated: Stated, outcome: Outcome)] = []
    }

    struct Result {
        var files: [Int: FileResult] = [:]
        /// The balance at the start of the account's first day, when derived from a stated balance.
        var derivedOpening: Int64?
    }

    /// Posted transactions of the account as (day number, minor units), in date order.
    private let days: [Int]
    private let running: [Int64]

    init(transactions: [(day: Int, minorUnits: Int64)]) {
        assert(zip(transactions, transactions.dropFirst()).allSatisfy { $0.day <= $1.day }, "sort by day first")
        var days: [Int] = []
        var running: [Int64] = []
        var total: Int64 = 0
        for transaction in transactions {
            total = total &+ transaction.minorUnits
            if days.last == transaction.day {
                running[running.count - 1] = total
            } else {
                days.append(transaction.day)
                running.append(total)
            }
        }
        self.days = days
        self.running = running
    }

    /// The sum of every transaction on or before `day`.
    func through(_ day: Int) -> Int64 {
        var low = 0
        var high = days.count
        while low < high {
            let middle = (low + high) / 2
            if days[middle] <= day { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : running[low - 1]
    }

    /// Compares every stated balance; `opening` is the configured balance at the start of its day.
    func reconcile(_ stated: [Stated], opening: (minorUnits: Int64, day: Int?)?) -> Result {
        var result = Result()
        guard !stated.isEmpty else { return result }
        let ordered = stated.sorted { ($0.day, $0.file, $0.line) < ($1.day, $1.file, $1.line) }
        var base: Int64
        var anchorIndex: Int?
        var firstCheckedDay = Int.min
        if let opening {
            if let day = opening.day {
                base = opening.minorUnits &- through(day - 1)
                firstCheckedDay = day
            } else {
                base = opening.minorUnits
            }
        } else {
            anchorIndex = 0
            base = ordered[0].minorUnits &- through(ordered[0].day)
            result.derivedOpening = base
        }
        for (index, balance) in ordered.enumerated() {
            // Taken out of the dictionary while it changes: a copy read out of it shared its
            // outcomes' storage, so every append copied all the outcomes before it (a ten-year
            // export states a balance on 3,650 days: 0.4 billion bytes copied).
            var fileResult = result.files.removeValue(forKey: balance.file) ?? FileResult()
            defer { result.files[balance.file] = fileResult }
            if index == anchorIndex {
                fileResult.anchor = balance
                fileResult.outcomes.append((balance, .anchor))
                continue
            }
            guard balance.day >= firstCheckedDay else {
                fileResult.outcomes.append((balance, .unchecked))
                continue
            }
            let computed = base &+ through(balance.day)
            fileResult.checked += 1
            if computed == balance.minorUnits {
                fileResult.matched += 1
                fileResult.outcomes.append((balance, .ok))
            } else {
                if fileResult.firstDivergence == nil { fileResult.firstDivergence = (balance, computed) }
                fileResult.outcomes.append((balance, .differs))
            }
        }
        return result
    }

    /// The balances a statement states: its ledger balances, and the running balance after its
    /// records at the end of each day that has no ledger balance.
    ///
    /// A CSV export with a balance column has a running balance on every row; the records are
    /// read in place and each day is summed as its rows go by (a dictionary is consulted only when
    /// the day changes), rather than copying a million records into per-day lists.
    static func statedBalances(of statement: ParsedStatement, file: Int) -> [Stated] {
        var result: [Stated] = []
        var explicitDays = Set<Int>()
        for balance in statement.statedBalances where balance.kind == .ledger {
            explicitDays.insert(balance.date.dayNumber)
            result.append(
                Stated(
                    file: file, day: balance.date.dayNumber, date: balance.date, minorUnits: balance.amount.minorUnits,
                    line: balance.line))
        }
        let records = statement.records
        var days: [DayOfRecords] = []
        var dayIndex: [Int: Int] = [:]
        var current = -1
        var first: Int?
        var last = 0
        for index in records.indices where records.hasBalance(at: index) && records.status(at: index) == .posted {
            let day = records.date(at: index).dayNumber
            if current < 0 || days[current].day != day {
                if let known = dayIndex[day] {
                    current = known
                } else {
                    current = days.count
                    dayIndex[day] = current
                    days.append(DayOfRecords(day: day, first: index, last: index))
                }
            }
            days[current].last = index
            days[current].count += 1
            days[current].total = days[current].total &+ records.minorUnits(at: index)
            if first == nil { first = index }
            last = index
        }
        guard let first else { return result }
        let newestFirst = records.date(at: first) > records.date(at: last)
        for day in days where !explicitDays.contains(day.day) {
            let end = endOfDay(day, records, newestFirst: newestFirst)
            guard let balance = records.balanceAfter(at: end) else { continue }
            result.append(
                Stated(
                    file: file, day: day.day, date: records.date(at: end), minorUnits: balance.minorUnits,
                    line: records.line(at: end)))
        }
        return result
    }

    /// One day's records with a running balance: the first and last (in file order), how many, their total.
    struct DayOfRecords {
        var day: Int
        var first: Int
        var last: Int
        var count = 0
        var total: Int64 = 0
    }

    /// The record whose running balance is the balance at the end of its day: the last one in time.
    ///
    /// Within a day the file's order may not be the order in time, so the choice is checked: the
    /// day's first record in time starts from its balance minus its amount, and the last one must
    /// end at that plus the day's total.
    static func endOfDay(_ day: DayOfRecords, _ records: RecordTable, newestFirst: Bool) -> Int {
        if day.count == 1 { return day.first }
        let (first, last) = (day.first, day.last)
        func balance(_ index: Int) -> Int64 { records.balanceAfter(at: index)?.minorUnits ?? 0 }
        let oldestFirstFits = balance(last) == balance(first) &- records.minorUnits(at: first) &+ day.total
        let newestFirstFits = balance(first) == balance(last) &- records.minorUnits(at: last) &+ day.total
        if newestFirst {
            return newestFirstFits || !oldestFirstFits ? day.first : day.last
        }
        return oldestFirstFits || !newestFirstFits ? day.last : day.first
    }
}
