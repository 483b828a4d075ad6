import AnalysisFile
import Ledger

extension MonthView {
    /// Net worth and the forecast, or nil when the analysis has neither.
    static func wealth(_ report: MonthReport, charts: Bool, text: (String) -> String) -> WealthView? {
        let netWorth = report.sections.netWorth
        let forecast = report.sections.forecast
        guard netWorth != nil || !(forecast?.months.isEmpty ?? true) else { return nil }
        let currency = report.currency
        var change = ""
        if let text = netWorth?.change, let money = try? Money.parse(text, currency: currency) {
            let view = comparison(
                MonthReport.Change(amount: money, ratio: netWorth?.changeRatio), against: "", higherIsBetter: true)
            change = "\(view.summary) on last month"
        }
        let rows = (forecast?.months ?? []).map { month in
            ForecastRowView(
                month: EngineValueFormatter.shortMonth(month.month),
                income: EngineValueFormatter.amount(month.income, currency),
                expenses: EngineValueFormatter.amount(month.expenses, currency),
                net: EngineValueFormatter.signedAmount(month.net, currency),
                range: EngineValueFormatter.signedAmount(month.low, currency) + " to "
                    + EngineValueFormatter.signedAmount(month.high, currency))
        }
        var note = ""
        if let forecast, !forecast.months.isEmpty {
            note = "Forecast by \(text(forecast.method))."
            if let backtest = forecast.backtest, let income = backtest.incomeMAPE, let expenses = backtest.expensesMAPE
            {
                note +=
                    " Over the last \(plural(backtest.months, "month")) it was off by \(PercentFormatter.string(income)) "
                    + "on income and \(PercentFormatter.string(expenses)) on expenses, on average."
            }
            if let extra = forecast.note { note += " " + text(extra) }
        } else if let extra = forecast?.note {
            note = text(extra)
        }
        return WealthView(
            netWorth: netWorth.map { EngineValueFormatter.signedAmount($0.total, currency) } ?? "",
            netWorthChange: change,
            netWorthChart: charts && netWorth != nil
                ? NetWorthChart(series: netWorth?.series ?? [], currency: currency).svg : "",
            forecast: rows,
            forecastChart: charts
                ? ForecastChart(trend: report.trend, forecast: forecast?.months ?? [], currency: currency).svg : "",
            forecastNote: note)
    }
}
