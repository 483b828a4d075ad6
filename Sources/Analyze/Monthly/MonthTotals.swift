import Ledger

/// Income, expenses and per-category sums of one month, in minor units of the base currency.
///
/// Income is money in categorised under `Income`, plus uncategorised money in; expenses are
/// money out under every other category, plus uncategorised money out. A refund under an
/// expense category reduces that category's expenses; it is not income.
struct MonthTotals {
    var income = MoneyAccumulator()
    var expenses = MoneyAccumulator()
    /// Expense categories: signed sum (negative = spent).
    var expenseByCategory: [String: (sum: MoneyAccumulator, count: Int)] = [:]
    /// Income categories: signed sum (positive = received).
    var incomeByCategory: [String: (sum: MoneyAccumulator, count: Int)] = [:]
    var transactionCount = 0
    var transferCount = 0
    var ignoredCount = 0
    var pendingCount = 0
    var uncategorizedCount = 0
    var uncategorizedAmount = MoneyAccumulator()

    static let uncategorized = "Uncategorized"

    /// Adds one transaction in the base currency.
    mutating func add(_ transaction: Transaction) {
        if transaction.status == .pending {
            pendingCount += 1
            return
        }
        transactionCount += 1
        if transaction.isTransfer {
            transferCount += 1
            return
        }
        if transaction.isIgnored {
            ignoredCount += 1
            return
        }
        if transaction.splits.isEmpty {
            addPart(category: transaction.category, amount: transaction.amount.minorUnits)
        } else {
            for split in transaction.splits {
                addPart(category: split.category, amount: split.amount.minorUnits)
            }
        }
        if transaction.category == nil && transaction.splits.isEmpty {
            uncategorizedCount += 1
            uncategorizedAmount.add(
                transaction.amount.minorUnits.magnitude > UInt64(Int64.max)
                    ? Int64.max : Int64(transaction.amount.minorUnits.magnitude))
        }
    }

    private mutating func addPart(category: CategoryPath?, amount: Int64) {
        let isIncome: Bool
        let name: String
        if let category {
            isIncome = category.top == "Income"
            name = category.description
        } else {
            isIncome = amount > 0
            name = MonthTotals.uncategorized
        }
        if isIncome {
            income.add(amount)
            incomeByCategory[name, default: (MoneyAccumulator(), 0)].sum.add(amount)
            incomeByCategory[name, default: (MoneyAccumulator(), 0)].count += 1
        } else {
            expenses.add(-amount)
            expenseByCategory[name, default: (MoneyAccumulator(), 0)].sum.add(amount)
            expenseByCategory[name, default: (MoneyAccumulator(), 0)].count += 1
        }
    }

    var overflowed: Bool {
        income.overflowed || expenses.overflowed || uncategorizedAmount.overflowed
    }
}
