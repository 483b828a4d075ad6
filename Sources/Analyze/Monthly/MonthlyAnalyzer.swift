import AnalysisFile
import Ledger

/// Why a month cannot be analysed.
public struct AnalyzeError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// True for errors in what the user asked for (a month outside the data): exit status 2.
    public let isUsage: Bool
    public init(_ message: String, isUsage: Bool = false) {
        self.message = message
        self.isUsage = isUsage
    }
    public var description: String { "error: \(message)" }
}

/// The figures of one month of a ledger with budgets only: a shortcut over `MonthAnalyzer` for
/// callers that have no workspace files (rates, valuations, an import report).
public struct MonthlyAnalyzer: Sendable {
    public var budgets: [CategoryPath: Money]

    public init(budgets: [CategoryPath: Money] = [:]) {
        self.budgets = budgets
    }

    /// The month a `ReportMonth` names in this ledger; throws when the ledger is empty.
    public func resolve(_ month: ReportMonth, in ledger: Journal) throws(AnalyzeError) -> YearMonth {
        switch month {
        case .month(let value):
            return value
        case .latestComplete:
            guard let last = ledger.transactions.lazy.map(\.date).max() else {
                throw AnalyzeError("the ledger has no transactions, so there is no month to report on")
            }
            return ReportMonth.latestComplete(lastDate: last)
        }
    }

    public func analyze(_ ledger: Journal, month: YearMonth) throws(AnalyzeError) -> MonthAnalysis {
        let analyzer = MonthAnalyzer(history: LedgerHistory(ledger), settings: AnalysisSettings(budgets: budgets))
        return try analyzer.analysis(for: month)
    }
}
