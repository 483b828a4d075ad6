import Ledger

/// Exact amounts as the analysis file writes them: decimal strings in a currency's minor units.
enum MoneyText {
    /// `-1234.50`; fails when the amount does not fit in 64-bit minor units, naming `what`.
    static func format(
        _ value: Int128, _ currency: Currency, _ what: @autoclosure () -> String
    ) throws(AnalyzeError)
        -> String
    {
        guard value >= Int128(Int64.min), value <= Int128(Int64.max) else {
            throw AnalyzeError(
                "\(what()) does not fit in 64-bit minor units of \(currency.code); check the amounts in the inbox")
        }
        return Money(minorUnits: Int64(value), currency: currency).decimalString
    }

    static func format(_ value: Int64, _ currency: Currency) -> String {
        Money(minorUnits: value, currency: currency).decimalString
    }

    /// A ratio rounded to four decimals, so the JSON stays short and stable; nil for a zero denominator.
    static func ratio(_ numerator: Int128, _ denominator: Int128) -> Double? {
        guard denominator != 0 else { return nil }
        return (Double(numerator) / Double(denominator) * 10_000).rounded() / 10_000
    }
}
