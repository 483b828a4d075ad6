import AnalysisFile
import Ledger

/// The cash flow section's accounts: each current or cash account through the month ahead
/// (`AccountProjection`), in the account's own currency.
extension MonthSections {
    static func accountProjections(_ inputs: InsightInputs) -> [AccountProjectionEntry] {
        let history = inputs.context.history
        return AccountProjection.projections(inputs).map { projection in
            let account = history.accounts[projection.account]
            let currency = account.currency
            func text(_ value: Int64) -> String { MoneyText.format(value, currency) }
            return AccountProjectionEntry(
                account: account.id.rawValue, name: account.name, currency: currency.code,
                month: projection.month.description, balance: text(projection.balance),
                expectedIn: text(projection.expectedIn), expectedOut: text(projection.expectedOut),
                usualSpending: text(projection.usualSpending), usualMonths: projection.usualMonthsUsed,
                projectedBalance: text(projection.projected), lowestBalance: text(projection.lowest),
                lowestDate: projection.lowestDate.isoString,
                payments: projection.payments.map {
                    ProjectedPaymentEntry(
                        date: $0.date.isoString, payee: $0.payee, category: $0.category, amount: text($0.amount))
                },
                warning: projection.warning(name: account.name, currency: currency),
                attention: projection.isMaterial ? true : nil)
        }
    }
}
