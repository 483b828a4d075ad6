import Ledger

extension MonthView {
    /// `96.1% of this month's spending (£2,310.00 of £2,404.00) has a category.`
    static func categorizedSummary(_ section: MonthReport.Categorization?) -> String {
        guard let section else { return "" }
        guard let share = section.categorizedShare else { return "There was no spending this month." }
        let none = section.sources.first { $0.source == "none" }?.amount.minorUnits ?? 0
        let categorized = Money(minorUnits: section.spending.minorUnits - none, currency: section.spending.currency)
        return "\(PercentFormatter.string(share)) of this month's spending "
            + "(\(AmountFormatter.string(categorized)) of \(AmountFormatter.string(section.spending))) has a category."
    }

    /// The sources of the month's categories, in the analysis's order.
    static func categorizationSources(_ section: MonthReport.Categorization?) -> [CategorizationRowView] {
        (section?.sources ?? []).map { source in
            CategorizationRowView(
                name: source.label, amount: AmountFormatter.string(source.amount),
                share: PercentFormatter.string(source.share), transactions: count(source.transactionCount))
        }
    }

    /// The uncategorised payees, most money first: money out as a positive amount, money in with `+`.
    static func uncategorizedPayees(
        _ section: MonthReport.Categorization?, text: (String) -> String
    ) -> [CategorizationRowView] {
        (section?.uncategorized ?? []).map { payee in
            let amount =
                payee.amount.isNegative
                ? AmountFormatter.string(payee.amount.negated ?? payee.amount)
                : AmountFormatter.signedString(payee.amount)
            return CategorizationRowView(
                name: payee.payee.isEmpty ? "(no payee)" : text(payee.payee), amount: amount, share: "",
                transactions: count(payee.transactionCount))
        }
    }

    /// `And 3 more payees.` under the list; for a redacted copy, that the payees are left out.
    static func moreUncategorized(_ section: MonthReport.Categorization?, redacted: Bool) -> String {
        guard let section, section.moreUncategorized > 0 else { return "" }
        let payees = plural(section.moreUncategorized, "payee")
        return redacted
            ? "This copy leaves out the \(payees) with uncategorised money."
            : "\(count(section.moreUncategorized)) more \(section.moreUncategorized == 1 ? "payee" : "payees"), "
                + "each with less, are left out here; build/uncategorized.csv lists every transaction."
    }
}
