import Ledger

/// When a projected dip below zero is worth a warning, and the sentence that says so.
///
/// Material: the lowest balance is below 0 by at least `materialShare` of the money expected to
/// leave the account in the month ahead (its recurring payments and its usual spending). Below
/// that, the dip is within what the usual spending itself varies by from month to month, and a
/// warning would be noise; the projection still shows it.
extension AccountProjection {
    /// The share of the month ahead's money out that a dip below zero must reach.
    public static let materialShare = 0.05

    /// How far below 0 the lowest balance goes (positive), 0 when it does not.
    public var overdraft: Int64 { lowest < 0 ? (lowest == Int64.min ? Int64.max : -lowest) : 0 }

    public var isMaterial: Bool {
        overdraft > 0 && Double(overdraft) >= Self.materialShare * (Double(expectedOut) + Double(usualSpending))
    }

    /// `24 July 2026`.
    static func dayText(_ date: CivilDate) -> String {
        "\(date.day) \(YearMonth.monthNames[date.month - 1]) \(date.year)"
    }

    /// nil when the balance stays at or above 0. Otherwise: how far, around when, from what balance,
    /// the largest payment out before then, and the income that comes after, if any:
    /// `Northwind Current Account may go £412.50 overdrawn around 24 July 2026: it ended June 2026
    /// with £227.27; LB HACKNEY COUNCIL TAX (£171.00) leaves on 15 July 2026, and about £280.00 of
    /// everyday spending by then; ACME LTD SALARY (£3,023.57) comes in on 24 July 2026.`
    public func warning(name: String, currency: Currency) -> String? {
        guard overdraft > 0 else { return nil }
        let phrase = MoneyPhrase(currency: currency)
        var text =
            "\(name) may go \(phrase.magnitude(lowest)) overdrawn around \(Self.dayText(lowestDate)): it ended "
            + "\(month.adding(months: -1).displayName) with \(phrase.format(balance))"
        let before = payments.filter { $0.date <= lowestDate }
        if let largest = before.filter({ $0.amount < 0 }).min(by: { $0.amount < $1.amount }) {
            text += "; \(largest.payee) (\(phrase.magnitude(largest.amount))) leaves on \(Self.dayText(largest.date))"
        }
        let spent = (Int128(usualSpending) * Int128(lowestDate.day)).dividedRoundingHalfToEven(
            by: Int128(month.dayCount))
        if spent > 0 {
            text += ", and about \(phrase.format(Int64(clamping: spent))) of everyday spending by then"
        }
        if let income = payments.first(where: { $0.amount > 0 && $0.date > lowestDate }) {
            text += "; \(income.payee) (\(phrase.format(income.amount))) comes in on \(Self.dayText(income.date))"
        }
        return text + "."
    }
}
