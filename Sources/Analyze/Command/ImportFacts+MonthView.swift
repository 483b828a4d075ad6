import Ledger

/// The import report's account facts as one month's analysis reads them, for its fingerprint.
///
/// A month reads an account's coverage capped at its last day (`withCoverage`), the gaps that
/// begin by then (its notices, its accounts table and its account stories), and the positions
/// statements state by then (net worth and account stories value on or before a month's end).
/// Hashing only this view, a month end's new statements leave older months' fingerprints alone.
extension ImportFacts {
    /// One line per account the report knows, in id order, holding what `month` reads of it.
    func monthView(of month: YearMonth) -> [String] {
        let last = month.lastDay.isoString
        // ISO dates compare as text.
        return accounts.sorted(by: { $0.id < $1.id }).map { account in
            var line = "account \(account.id)"
            if let coverage = account.coverage {
                line += " covered \(coverage.from) \(min(coverage.to, last))"
            }
            for gap in account.gaps where gap.from <= last {
                line += " gap \(gap.from) \(gap.to)"
            }
            for value in account.positions ?? [] where value.date <= last {
                line += " positions \(value.date) \(value.value) \(value.file)"
            }
            return line
        }
    }
}
