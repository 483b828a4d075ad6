import AnalysisFile
import Ledger
import Mustache

/// The emergency fund as a goal over time: where it stands against its target (a bar with the
/// figures written beside it), how far the target is at its pace, and its month ends.
public struct FundTrackView: MustacheParent, Sendable, Equatable {
    /// `£6,224.92`.
    public var balance: String
    /// `£15,793.80`.
    public var target: String
    /// `39.4%`, or empty without a target.
    public var progress: String
    /// The bar's filled share in percent, 0 to 100, to one decimal: `39.4`.
    public var barWidth: String
    /// One sentence: the pace and what it means for the target.
    public var pace: String
    public var months: [FundMonthView]

    public func child(named name: String) -> Any? {
        switch name {
        case "balance": balance
        case "target": target
        case "progress": progress
        case "hasProgress": !progress.isEmpty
        case "barWidth": barWidth
        case "pace": pace
        case "months": months
        case "hasMonths": !months.isEmpty
        default: nil
        }
    }
}

/// The emergency fund at one month end, with its change from the month end before.
public struct FundMonthView: MustacheParent, Sendable, Equatable {
    /// `Oct 2026`.
    public var month: String
    public var balance: String
    /// `+£296.71`, or `—` for the first month shown.
    public var change: String
    public var target: String

    public func child(named name: String) -> Any? {
        switch name {
        case "month": month
        case "balance": balance
        case "change": change
        case "target": target
        default: nil
        }
    }
}

extension FundTrackView {
    init(_ track: EmergencyFundTrack, currency: Currency) {
        func money(_ value: String) -> String { EngineValueFormatter.amount(value, currency) }
        balance = money(track.balance)
        target = money(track.target)
        progress = track.progress.map(PercentFormatter.string) ?? ""
        let filled = min(max(track.progress ?? 0, 0), 1)
        barWidth = String(PercentFormatter.string(filled).filter { $0 != "%" })
        pace = Self.paceSentence(track, currency: currency)
        var previous: Money?
        months = track.months.map { point in
            let value = try? Money.parse(point.balance, currency: currency)
            var change = "—"
            if let value, let previous, let difference = value.subtracting(previous) {
                change = AmountFormatter.signedString(difference)
            }
            previous = value
            return FundMonthView(
                month: EngineValueFormatter.shortMonth(point.month), balance: money(point.balance), change: change,
                target: money(point.target))
        }
    }

    /// `At the pace of the last 3 months (+£296.71 a month) the target is 32 months away, around
    /// June 2029.`
    static func paceSentence(_ track: EmergencyFundTrack, currency: Currency) -> String {
        if track.monthsToTarget == 0 { return "The fund has reached its target." }
        guard let pace = track.pace, let span = track.paceMonths else {
            return "No pace yet: this is the data's first month."
        }
        let window = span == 1 ? "the last month" : "the last \(span) months"
        let rate = "\(EngineValueFormatter.signedAmount(pace, currency)) a month"
        guard let months = track.monthsToTarget else {
            return "The fund is not growing (\(rate) over \(window)): its target is not reached at this pace."
        }
        let when = track.targetMonth.map { ", around \(EngineValueFormatter.month($0))" } ?? ""
        return "At the pace of \(window) (\(rate)) the target is \(MonthView.plural(months, "month")) away\(when)."
    }
}
