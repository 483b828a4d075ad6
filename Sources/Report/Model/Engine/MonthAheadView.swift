import AnalysisFile
import Ledger
import Mustache

/// The month ahead on the page: each current or cash account carried through it, with a warning
/// line where one dips below zero. The analysis decided every figure and sentence; this formats.
public struct MonthAheadView: MustacheParent, Sendable, Equatable {
    /// `November 2026`.
    public var month: String
    /// `October 2026`: the month whose end it starts from.
    public var from: String
    public var accounts: [AccountAheadView]

    public func child(named name: String) -> Any? {
        switch name {
        case "month": month
        case "from": from
        case "accounts": accounts
        case "warnings": accounts.filter { !$0.warning.isEmpty }.map(\.warning)
        case "hasWarnings": accounts.contains { !$0.warning.isEmpty }
        default: nil
        }
    }
}

/// One account through the month ahead.
public struct AccountAheadView: MustacheParent, Sendable, Equatable {
    public var name: String
    /// Amounts in the account's currency: `£227.27`.
    public var balance: String
    public var expectedIn: String
    public var expectedOut: String
    public var usual: String
    /// `over 3 months`.
    public var usualMonths: String
    public var projected: String
    public var lowest: String
    /// `24 Jul 2026`.
    public var lowestDate: String
    /// `bad` when the lowest balance is below 0, else empty: a CSS class; the figure's sign says it.
    public var lowestTone: String
    /// The analysis's sentence, or empty.
    public var warning: String
    /// `1 Jul 2026 · PUREGYM LTD · −£29.99`.
    public var payments: [String]

    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "balance": balance
        case "expectedIn": expectedIn
        case "expectedOut": expectedOut
        case "usual": usual
        case "usualMonths": usualMonths
        case "projected": projected
        case "lowest": lowest
        case "lowestDate": lowestDate
        case "lowestTone": lowestTone
        case "warning": warning
        case "hasWarning": !warning.isEmpty
        case "payments": payments
        case "hasPayments": !payments.isEmpty
        case "paymentCount": MonthView.plural(payments.count, "expected payment")
        default: nil
        }
    }
}

extension MonthView {
    /// The month ahead, nil when the analysis projects no account.
    static func monthAhead(_ report: MonthReport, text: (String) -> String) -> MonthAheadView? {
        guard let entries = report.sections.cashFlow?.accounts, let first = entries.first else { return nil }
        let accounts = entries.map { entry in
            let currency = Currency(code: entry.currency) ?? report.currency
            func money(_ value: String) -> String { EngineValueFormatter.amount(value, currency) }
            let lowest = try? Money.parse(entry.lowestBalance, currency: currency)
            return AccountAheadView(
                name: text(entry.name), balance: money(entry.balance), expectedIn: money(entry.expectedIn),
                expectedOut: money(entry.expectedOut), usual: money(entry.usualSpending),
                usualMonths: "median of \(MonthView.plural(entry.usualMonths, "month"))",
                projected: money(entry.projectedBalance), lowest: money(entry.lowestBalance),
                lowestDate: EngineValueFormatter.date(entry.lowestDate),
                lowestTone: lowest?.isNegative == true ? "bad" : "", warning: entry.warning.map(text) ?? "",
                payments: entry.payments.map {
                    "\(EngineValueFormatter.date($0.date)) · \(text($0.payee)) · "
                        + EngineValueFormatter.signedAmount($0.amount, currency)
                })
        }
        return MonthAheadView(
            month: EngineValueFormatter.month(first.month), from: report.month.displayName, accounts: accounts)
    }
}
