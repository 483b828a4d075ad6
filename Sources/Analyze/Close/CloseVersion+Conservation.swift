import Ledger

/// A close record adds up, or it is not written: for every account, opening + the month's
/// transactions = closing (to the minor unit, in the account's currency), and every inbox record
/// is imported, a duplicate or skipped. The check reads the decimal text the record holds, so what
/// is checked is exactly what a person (or a script) reads back from `closed/YYYY-MM.json`.
extension CloseVersion {
    /// Throws, naming the first account (by id) or the counts that do not add up.
    func checkConservation(month: YearMonth) throws(AnalyzeError) {
        let refusal = "closed/\(month).json is not written"
        for (id, account) in (accounts ?? [:]).sorted(by: { $0.key < $1.key }) {
            let texts = [account.opening, account.transactions, account.closing].compactMap { $0 }
            // The record's own text decides the exponent, so a currency ISO 4217 does not list
            // (with its own number of decimals) is read as it was written.
            let exponent = texts.map(Self.decimals).max() ?? 0
            let currency = Currency(code: account.currency, exponent: exponent)
            func units(_ text: String) throws(AnalyzeError) -> Int128 {
                do {
                    return Int128(try Money.parse(text, currency: currency).minorUnits)
                } catch {
                    throw AnalyzeError(
                        "the close of \(month.displayName) records '\(text)' for account \(id), which is not an "
                            + "amount; \(refusal)")
                }
            }
            let moved = try units(account.transactions)
            switch (account.opening, account.closing) {
            case (nil, nil):
                continue
            case (let opening?, let closing?):
                let sum = try units(opening) + moved
                guard sum != (try units(closing)) else { continue }
                throw AnalyzeError(
                    "the close of \(month.displayName) does not add up for account \(id): opening \(opening) + "
                        + "transactions \(account.transactions) = \(ConservationLine.text(sum, currency)) "
                        + "\(account.currency), but its closing balance is \(closing); \(refusal)")
            default:
                throw AnalyzeError(
                    "the close of \(month.displayName) has \(account.opening == nil ? "a closing" : "an opening") "
                        + "balance but no \(account.opening == nil ? "opening" : "closing") balance for account "
                        + "\(id); \(refusal)")
            }
        }
        if let counts = records, counts.imported + counts.duplicates + counts.skipped != counts.records {
            throw AnalyzeError(
                "the close of \(month.displayName) does not add up for the inbox's records: records "
                    + "\(counts.records) ≠ imported \(counts.imported) + duplicates \(counts.duplicates) + skipped "
                    + "\(counts.skipped); \(refusal)")
        }
    }

    /// How many digits `text` has after its decimal point.
    static func decimals(_ text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].count
    }
}
