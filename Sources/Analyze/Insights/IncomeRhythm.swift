import Ledger

/// Whether a household's income comes steadily or in lumps, and its money in and out over a year.
///
/// A month between two lumps of income (invoices, a student loan paid three times a year) spends
/// what an earlier lump brought; read alone it looks like a crisis. So the cards that weigh income
/// (`savingsRate`, `netCashFlow`, `incomeVsExpenseRatio`, `wealthGrowth`, `spendingForecast`,
/// `savingsMomentum`, `incomeGrowth`) judge a lumpy household over the rolling window instead of the
/// month.
///
/// The rule, decided from the income series itself: over the last `windowMonths` months of the data
/// (this one included, at least `minimumMonths`), income is lumpy when a month had no income or
/// the coefficient of variation of the monthly income (population standard deviation ÷ mean) is
/// over `lumpyVariation`. A salary varies by 0; a 4-weekly pension beside a monthly one, paid twice
/// in one month a year, by about 0.16; invoices of £900 to £2,100, one to three a month, by about
/// 0.45.
struct IncomeRhythm: Sendable, Equatable {
    /// The rolling window, in months: a year holds every usual rhythm of income (terms, quarters).
    static let windowMonths = 12
    /// Fewer months than this say nothing of a rhythm: income is read as steady.
    static let minimumMonths = 3
    /// The coefficient of variation above which monthly income is lumpy.
    static let lumpyVariation = 0.25

    /// True when income comes in lumps (the rule above).
    var isLumpy: Bool
    /// The months of the window, oldest first.
    var months: Int
    /// Money in and out over the window (minor units of base, expenses positive).
    var income: Int128
    var expenses: Int128
    /// The monthly incomes of the window, oldest first.
    var incomes: [Int128]

    var net: Int128 { income - expenses }

    /// The rhythm of the window of `count` months ending `delta` months from the facts' month
    /// (0: this month).
    init(_ facts: InsightFacts, endingAt delta: Int = 0, months count: Int = IncomeRhythm.windowMonths) {
        let end = facts.month.adding(months: delta)
        let window = (0..<max(count, 1)).reversed().map { end.adding(months: -$0) }.filter(facts.context.hasData)
        let incomes = window.map { facts.context.flows(of: $0)?.income ?? 0 }
        let expenses = window.map { facts.context.flows(of: $0)?.expenses ?? 0 }
        self.init(incomes: incomes, expenses: expenses)
    }

    /// The rhythm of these monthly incomes and expenses (oldest first).
    init(incomes: [Int128], expenses: [Int128]) {
        months = incomes.count
        self.incomes = incomes
        income = incomes.reduce(0, +)
        self.expenses = expenses.reduce(0, +)
        isLumpy = IncomeRhythm.isLumpy(incomes)
    }

    /// The rule: a month with no income, or a coefficient of variation over `lumpyVariation`.
    static func isLumpy(_ incomes: [Int128]) -> Bool {
        guard incomes.count >= minimumMonths else { return false }
        if incomes.contains(where: { $0 <= 0 }) { return true }
        let values = incomes.map { Double($0) }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return variance.squareRoot() / mean > lumpyVariation
    }

    /// The population standard deviation of the window's monthly incomes (minor units).
    var spread: Double {
        guard !incomes.isEmpty else { return 0 }
        let values = incomes.map { Double($0) }
        let mean = values.reduce(0, +) / Double(values.count)
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
    }

    /// The mean monthly income of the window (minor units), 0 without months.
    var mean: Double { months > 0 ? Double(income) / Double(months) : 0 }

    /// Standard deviations of a month's income from the window's mean within which it is one more
    /// month of the usual (`incomeGrowth`, `spendingForecast`).
    static let usualSpread = 2.0

    /// True when the window varies (a spread over 0 from at least `minimumMonths` months) and
    /// `income` lies within `usualSpread` standard deviations of its mean: a month of income that
    /// varies, not news. A salary has no spread, so any change to it is news.
    func holdsAsUsual(_ income: Int128) -> Bool {
        guard months >= IncomeRhythm.minimumMonths, spread > 0 else { return false }
        return (Double(income) - mean).magnitude <= IncomeRhythm.usualSpread * spread
    }

    /// Net ÷ income over the window, nil without income.
    var savingsRate: Double? { income > 0 ? Double(net) / Double(income) : nil }

    /// The average monthly income over the window, rounded half to even to the minor unit.
    var averageIncome: Int64 {
        Int64(clamping: ExchangeRate.dividedRoundingHalfToEven(income, Int128(max(months, 1))))
    }

    /// `over the last 12 months (your income comes in lumps)`, what a card's message says of it.
    var phrase: String { "over the last \(months) months (your income comes in lumps)" }
}
