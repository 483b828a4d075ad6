import AnalysisFile
import Ledger

/// Turns the engine's values (recurring series, anomalies, forecasts) into the analysis file's
/// sections: exact decimal strings, ISO dates, names from the ledger.
enum MonthSections {
    /// The recurring section, the active series' monthly income and expenses in base (expenses
    /// positive; series no rate converts left out), and the same sums as the file's totals.
    static func recurring(
        _ entries: [RecurringBook.Entry], context: MonthContext
    ) -> (entries: [RecurringEntry], income: Int64, expenses: Int64, totals: RecurringTotalsSection?) {
        let history = context.history
        let endDay = context.month.lastDay.dayNumber
        var rows: [(RecurringEntry, Int64)] = []
        var income: Int64 = 0
        var expenses: Int64 = 0
        var active = 0
        var unconverted = 0
        for entry in entries {
            let t = history.transactions[entry.latest]
            let series = entry.series
            let currency = t.amount.currency
            let monthly = history.rates.toBase(series.monthlyAmount, currency, onDay: endDay)
            if series.status == .active {
                active += 1
                if let monthly {
                    if monthly > 0 { income += monthly } else { expenses -= monthly }
                } else {
                    unconverted += 1
                }
            }
            let ids = series.occurrences.suffix(24).map { history.transactions[$0].id.rawValue }
            rows.append(
                (
                    RecurringEntry(
                        payee: t.payee, category: history.categories[Int(history.categoryOf[entry.latest])].name,
                        account: t.account.rawValue, cadence: series.cadence.rawValue,
                        amount: MoneyText.format(series.amount, currency), currency: currency.code,
                        monthlyAmount: monthly.map { MoneyText.format($0, context.base) },
                        firstDate: series.firstDate.isoString, lastDate: series.lastDate.isoString,
                        nextDate: series.nextDate.isoString, status: series.status.rawValue,
                        expectedDate: series.expectedDate?.isoString, occurrences: series.count,
                        priceChanges: series.priceChanges.map {
                            PriceChangeEntry(
                                date: $0.date.isoString, from: MoneyText.format($0.from, currency),
                                to: MoneyText.format($0.to, currency))
                        }, transactionIds: Array(ids)),
                    monthly.map { $0.magnitude > UInt64(Int64.max) ? 0 : abs($0) } ?? 0
                ))
        }
        rows.sort { lhs, rhs in
            if lhs.1 != rhs.1 { return lhs.1 > rhs.1 }
            if lhs.0.payee != rhs.0.payee { return lhs.0.payee < rhs.0.payee }
            return lhs.0.account < rhs.0.account
        }
        let totals =
            active == 0
            ? nil
            : RecurringTotalsSection(
                activeCount: active, monthlyOut: MoneyText.format(expenses, context.base),
                monthlyIn: MoneyText.format(income, context.base), unconverted: unconverted == 0 ? nil : unconverted)
        return (rows.map(\.0), income, expenses, totals)
    }

    static func anomalies(_ found: [Anomaly], base: Currency) -> [AnomalyEntry] {
        found.map { anomaly in
            AnomalyEntry(
                kind: anomaly.kind.rawValue, date: anomaly.date.isoString, payee: anomaly.payee,
                category: anomaly.category, amount: MoneyText.format(anomaly.amount, base), risk: anomaly.risk,
                reason: anomaly.reason, transactionIds: anomaly.transactionIDs,
                severity: RiskScore.severity(anomaly.risk))
        }
    }

    /// The complete months from the first to `context.month`, as the forecaster reads them, each with
    /// the one-off purchases (`oneOffs`) a report of `context.month` sees in it.
    static func flows(_ context: MonthContext, oneOffs: OneOffPurchases? = nil) -> [MonthlyFlow] {
        guard let first = context.history.firstMonth, first <= context.month else { return [] }
        var flows = (0...first.months(to: context.month)).map { offset in
            let month = first.adding(months: offset)
            let flows = context.flows(of: month) ?? MonthFlows()
            return MonthlyFlow(
                month: month, income: Int64(clamping: flows.income), expenses: Int64(clamping: flows.expenses))
        }
        if let oneOffs {
            for (offset, amount) in oneOffs.amounts(through: flows.count - 1, expenses: flows.map(\.expenses)) {
                flows[offset].oneOffExpenses = amount
            }
        }
        return flows
    }

    static func forecast(_ forecast: Forecast, base: Currency) -> ForecastSection {
        ForecastSection(
            method: forecast.method, incomeMethod: forecast.incomeMethod.rawValue,
            expensesMethod: forecast.expensesMethod.rawValue,
            months: forecast.months.map {
                ForecastMonthEntry(
                    month: $0.month.description, income: MoneyText.format($0.income, base),
                    expenses: MoneyText.format($0.expenses, base), net: MoneyText.format($0.net, base),
                    low: MoneyText.format($0.low, base), high: MoneyText.format($0.high, base))
            },
            backtest: forecast.backtest.map {
                BacktestEntry(
                    months: $0.months, incomeMAPE: $0.incomeMAPE, expensesMAPE: $0.expensesMAPE,
                    naiveIncomeMAPE: $0.naiveIncomeMAPE, naiveExpensesMAPE: $0.naiveExpensesMAPE)
            }, note: forecast.note)
    }

    /// Liquid balances now and at the next month end, and how long they last when money runs down:
    /// runway = liquid ÷ |average net of the last 3 months|, only when that net is negative.
    static func cashFlow(
        _ context: MonthContext, liquid: Int128, forecast: Forecast, flows: [MonthlyFlow]
    ) -> CashFlowSection {
        let base = context.base
        let liquidMinor = Int64(clamping: liquid)
        var average: Int64?
        if flows.count >= 3 {
            let last3 = flows.suffix(3).reduce(Int128(0)) { $0 + Int128($1.income) - Int128($1.expenses) }
            average = Int64(
                clamping:
                    Int128(ExchangeRate.dividedRoundingHalfToEven(last3, 3)))
        }
        let next = forecast.months.first
        var runway: Double?
        if let average, average < 0, liquidMinor > 0 {
            runway = (Double(liquidMinor) / Double(-average) * 10).rounded() / 10
        }
        return CashFlowSection(
            liquidBalance: MoneyText.format(liquidMinor, base),
            averageNet3Months: average.map { MoneyText.format($0, base) },
            projectedBalance: next.map { MoneyText.format(liquidMinor &+ $0.net, base) },
            projectedMonth: next?.month.description, runwayMonths: runway)
    }
}
