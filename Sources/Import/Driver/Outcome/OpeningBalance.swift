import Ledger

/// An account's opening balance and where it comes from: `closebook.toml`'s, else the one the
/// stated balances imply (`BalanceReconciler`'s derived opening), dated the first day the files
/// cover or the first posted transaction's, whichever is earlier; else none.
struct OpeningBalance {
    /// How the report names each source.
    static let configuredSource = "configured"
    static let derivedSource = "derived"

    var balance: Money?
    var date: CivilDate?
    var source: String?

    /// `configured` is the account's opening balance in `closebook.toml`, already in `currency`.
    init(
        configured: Money?, configuredDate: CivilDate?, reconciled: BalanceReconciler.Result, coverage: CoverageMap,
        firstPostedDay: Int?, currency: Currency
    ) {
        balance = configured
        date = configuredDate
        source = configured == nil ? nil : OpeningBalance.configuredSource
        guard configured == nil, let derived = reconciled.derivedOpening else { return }
        let firstPosted = firstPostedDay.flatMap { CivilDate(dayNumber: $0) }
        balance = Money(minorUnits: derived, currency: currency)
        date = [coverage.extent?.lowerBound, firstPosted].compactMap { $0 }.min()
        source = OpeningBalance.derivedSource
    }
}
