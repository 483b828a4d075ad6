import Ledger

/// A current or cash account carried through the month ahead, day by day, to see whether it dips
/// below zero before money comes in: the liquid total can be healthy while the account the bills
/// leave from runs dry, because the savings are elsewhere.
///
/// The rule, in the account's own currency:
/// - Start: the balance at this month end (net worth's balance; an account whose balance is unknown,
///   or closed, is not projected).
/// - Expected payments: every recurring series active at this month end whose latest payment was on
///   this account (`RecurringBook`; income and payments alike), at the latest amount, on each date its
///   cadence gives in the month ahead, stepping from its next expected date. A payment due on or
///   before this month end that has not come yet (still within its tolerance) counts on the month
///   ahead's first day. Transfers between the household's own accounts are not series (the detector
///   never sees them), so a standing order into a saver or a card repayment is not counted.
/// - Usual spending: the median of the last `usualMonths` months' (this one included, those the data
///   reaches) money out of the account that is not a transfer and not an occurrence of a series
///   listed at this month end: the debit-card shopping, coffee and fares that no single series
///   describes but that leave every month as surely as the bills. The median, not the mean, so one
///   large purchase does not become a habit. It is spread evenly: by day d of a month of n days,
///   usual × d ÷ n has left (rounded half to even). Money in that no series explains (refunds,
///   one-off receipts) is not counted: the projection errs towards caution.
/// - The balance on each day of the month ahead is start + expected payments dated on or before it −
///   usual spending to that day; the lowest of them, with the first day it is reached, and the last
///   day's balance are the projection.
public struct AccountProjection: Sendable, Equatable {
    /// One expected payment or receipt: signed minor units of the account's currency.
    public struct Payment: Sendable, Equatable {
        public var date: CivilDate
        public var payee: String
        public var category: String
        public var amount: Int64
    }

    /// The months whose median money out is the usual spending.
    public static let usualMonths = 3

    /// The account's index in `LedgerHistory.accounts`.
    public var account: Int
    /// The month ahead.
    public var month: YearMonth
    /// At this month end.
    public var balance: Int64
    /// In date order (then payee), income and payments alike.
    public var payments: [Payment]
    /// Positive minor units over the whole month ahead.
    public var usualSpending: Int64
    /// The months the median was taken over.
    public var usualMonthsUsed: Int
    /// At the month ahead's end.
    public var projected: Int64
    public var lowest: Int64
    public var lowestDate: CivilDate

    /// Expected income over the month ahead (positive).
    public var expectedIn: Int64 { payments.reduce(0) { $0 + max($1.amount, 0) } }
    /// Expected recurring payments over the month ahead (positive).
    public var expectedOut: Int64 { payments.reduce(0) { $0 - min($1.amount, 0) } }

    /// The balance at the end of each day of `month`: `balance`, plus `payments` on or before the
    /// day, less `usual × day ÷ days` (rounded half to even). Returns the last day's balance and the
    /// lowest with the first day it is reached.
    public static func walk(
        balance: Int64, payments: [Payment], usual: Int64, month: YearMonth
    ) -> (projected: Int64, lowest: Int64, lowestDate: CivilDate) {
        let days = month.dayCount
        var byDay = [Int128](repeating: 0, count: days + 1)
        for payment in payments where month.contains(payment.date) {
            byDay[payment.date.day] += Int128(payment.amount)
        }
        var running = Int128(balance)
        var lowest = Int128.max
        var lowestDay = 1
        var value = Int128(balance)
        for day in 1...days {
            running += byDay[day]
            let spent = (Int128(usual) * Int128(day)).dividedRoundingHalfToEven(by: Int128(days))
            value = running - spent
            if value < lowest {
                lowest = value
                lowestDay = day
            }
        }
        return (
            Int64(clamping: value), Int64(clamping: lowest),
            CivilDate(year: month.year, month: month.month, day: lowestDay) ?? month.firstDay
        )
    }

    /// The expected dates of `series` in `month`: from its next expected date by its cadence; a date
    /// before the month counts on its first day.
    static func dates(of series: RecurringSeries, in month: YearMonth) -> [CivilDate] {
        let next = series.nextDate
        // Later steps hang on the detector's kind of anchor: the day of the month, or the month's end near it.
        let anchorDay = next.day >= next.daysInMonth - RecurringDetector.monthEndDays ? 31 : next.day
        var dates: [CivilDate] = []
        var date: CivilDate? = next
        var step = 0
        while let due = date, due <= month.lastDay {
            if due >= month.firstDay {
                dates.append(due)
            } else if step == 0 {
                dates.append(month.firstDay)
            }
            step += 1
            date = series.cadence.step(from: next, anchorDay: anchorDay, by: step)
        }
        return dates
    }

    /// The projections of `inputs`' month: one per open current (checking) or cash account with a
    /// known balance, in the ledger's account order.
    public static func projections(_ inputs: InsightInputs) -> [AccountProjection] {
        let context = inputs.context
        let history = context.history
        guard let offset = history.offset(of: context.month) else { return [] }
        let ahead = context.month.adding(months: 1)
        var inSeries: Set<Int> = []
        for entry in inputs.recurring { inSeries.formUnion(entry.series.occurrences) }
        let months = (0..<usualMonths).reversed().map { context.month.adding(months: -$0) }.filter(context.hasData)
        var result: [AccountProjection] = []
        for (index, account) in history.accounts.enumerated() where account.kind == .checking || account.kind == .cash {
            let balance = inputs.netWorth.balances[offset][index]
            guard balance.open, let start = balance.balance else { continue }
            var payments: [Payment] = []
            for entry in inputs.recurring where entry.series.status == .active {
                guard Int(history.accountOf[entry.latest]) == index else { continue }
                let latest = history.transactions[entry.latest]
                let category = history.categories[Int(history.categoryOf[entry.latest])].name
                for date in dates(of: entry.series, in: ahead) {
                    payments.append(
                        Payment(date: date, payee: latest.payee, category: category, amount: entry.series.amount))
                }
            }
            payments.sort { ($0.date, $0.payee) < ($1.date, $1.payee) }
            var totals: [Int64] = []
            for month in months {
                var out: Int128 = 0
                for row in history.range(of: month)
                where Int(history.accountOf[row]) == index && history.groupOf[row] >= 0 && !inSeries.contains(row)
                    && history.amounts[row] < 0
                {
                    out -= Int128(history.amounts[row])
                }
                totals.append(Int64(clamping: out))
            }
            let usual = median(totals)
            let walked = walk(balance: Int64(clamping: start), payments: payments, usual: usual, month: ahead)
            result.append(
                AccountProjection(
                    account: index, month: ahead, balance: Int64(clamping: start), payments: payments,
                    usualSpending: usual, usualMonthsUsed: totals.count, projected: walked.projected,
                    lowest: walked.lowest, lowestDate: walked.lowestDate))
        }
        return result
    }

    /// The middle value; of an even count, the mean of the middle two rounded half to even; 0 of none.
    static func median(_ values: [Int64]) -> Int64 {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return Int64(
            clamping: (Int128(sorted[middle - 1]) + Int128(sorted[middle])).dividedRoundingHalfToEven(by: 2))
    }
}
