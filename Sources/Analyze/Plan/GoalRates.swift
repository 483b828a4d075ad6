import Ledger

/// Goals the plan cannot count for lack of an exchange rate: a goal in another currency than the
/// base, or holding part of an account in another currency than the goal's, on a day no rate of
/// `rates.csv` is in force.
///
/// Such a goal used to count as 0 with a note inside the plan and the run exited 0; it is now a
/// notice on the month page and the run exits 1, as amounts without a rate do.
enum GoalRates {
    /// One notice per goal that has no rate on `month`'s last day.
    static func notices(
        goals: [GoalConfig], month: YearMonth, rates: RateTable, accounts: [AccountID: Currency]
    ) -> [String] {
        let day = month.lastDay.dayNumber
        let base = rates.base
        var notices: [String] = []
        for goal in goals {
            let currency = goal.currency ?? base
            var missing: [Currency] = []
            if rates.convert(1, from: currency, to: base, onDay: day) == nil { missing.append(currency) }
            for holding in goal.holdings {
                guard let held = accounts[holding.account], !missing.contains(held),
                    rates.convert(1, from: held, to: currency, onDay: day) == nil
                else { continue }
                missing.append(held == base ? currency : held)
            }
            let codes = Array(Set(missing.map(\.code))).sorted()
            guard !codes.isEmpty else { continue }
            notices.append(
                "Goal '\(goal.name)' cannot be counted: rates.csv has no \(codes.joined(separator: " or ")) rate in "
                    + "force on \(month.lastDay.isoString), so its progress and required amount are left out of "
                    + "the plan; add the rate to rates.csv.")
        }
        return notices
    }
}
