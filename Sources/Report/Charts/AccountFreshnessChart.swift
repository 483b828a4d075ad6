import Ledger

/// Each account's statements across the days of the month, with its newest transaction marked.
///
/// One row per account whose coverage the import report knows: a track for the month's days, the
/// days its statements cover filled in, and a mark on the day of its newest transaction when that
/// falls in the month. The words above each row say the same (`Whole month`, `Partly, from 2 Sep
/// 2024`, the newest date), so nothing rests on colour. Account names are user text: escaped.
public struct AccountFreshnessChart: Sendable {
    public var month: YearMonth
    public var accounts: [MonthReport.AccountLine]

    public init(month: YearMonth, accounts: [MonthReport.AccountLine]) {
        self.month = month
        self.accounts = accounts
    }

    static let width = 480.0
    static let rowHeight = 54.0
    /// Names longer than this many characters are cut with an ellipsis, so they stay on the track's width.
    static let longestName = 56

    static func shortened(_ name: String) -> String {
        name.count > longestName ? String(name.prefix(longestName - 1)) + "…" : name
    }
    static let axisHeight = 12.0

    /// The chart, or an empty string when no account's coverage is known.
    public var svg: String {
        let shown = accounts.filter { $0.monthCovered != nil }
        guard !shown.isEmpty else { return "" }
        let n = SVGNumber.string
        let first = month.firstDay.dayNumber
        let days = Double(month.lastDay.dayNumber - first + 1)
        let trackWidth = Self.width - 4
        /// The left edge of `day` (0 = the month's first), clamped to the month.
        func x(_ day: Int) -> Double { 2 + min(max(Double(day), 0), days) / days * trackWidth }
        let height = Double(shown.count) * Self.rowHeight + Self.axisHeight
        var svg = """
            <svg class="chart chart-freshness" viewBox="0 0 \(n(Self.width)) \(n(height))" role="img" \
            aria-labelledby="freshness-title freshness-desc" font-family="system-ui, sans-serif" font-size="13" \
            xmlns="http://www.w3.org/2000/svg">
            <title id="freshness-title">Which days of \(month.displayName) each account's statements cover</title>
            <desc id="freshness-desc">One row per account: the filled part of the track is the days its \
            statements cover, the mark is its newest transaction.</desc>

            """
        for (index, account) in shown.enumerated() {
            let top = Double(index) * Self.rowHeight
            let coverage = MonthView.coverage(of: account, in: month)
            let newest = account.newestTransaction.map { "newest \(MonthView.dayText($0))" } ?? "no transactions"
            svg += "<text class=\"label\" x=\"2\" y=\"\(n(top + 14))\" fill=\"#333\">"
            svg += "\(TextEscaping.xml(Self.shortened(account.name)))</text>\n"
            svg += "<rect class=\"bar-track\" x=\"2\" y=\"\(n(top + 20))\" width=\"\(n(trackWidth))\" height=\"10\" "
            svg += "rx=\"2\" fill=\"#e4e2dc\"/>\n"
            svg += "<text class=\"value\" x=\"2\" y=\"\(n(top + 44))\" font-size=\"11\" fill=\"#333\">"
            svg += "\(TextEscaping.xml(coverage?.words ?? "")) · \(newest)</text>\n"
            if let from = account.coveredFrom?.dayNumber, let through = account.coveredThrough?.dayNumber,
                through >= first, from - first < Int(days)
            {
                let start = x(from - first)
                let end = x(through - first + 1)
                let whole = account.monthCovered == true
                svg += "<rect class=\"\(whole ? "bar-progress" : "bar-partial")\" x=\"\(n(start))\" "
                svg += "y=\"\(n(top + 20))\" width=\"\(n(max(end - start, 1)))\" height=\"10\" rx=\"2\" "
                svg += "fill=\"\(whole ? "#4a7fb5" : "#b8860b")\"/>\n"
            }
            if let newestDay = account.newestTransaction?.dayNumber, newestDay >= first,
                newestDay - first < Int(days)
            {
                let mark = n(x(newestDay - first) + trackWidth / days / 2)
                svg += "<line class=\"newest-mark\" x1=\"\(mark)\" y1=\"\(n(top + 18))\" x2=\"\(mark)\" "
                svg += "y2=\"\(n(top + 32))\" stroke=\"#222\" stroke-width=\"2\"/>\n"
            }
        }
        let axisTop = Double(shown.count) * Self.rowHeight + 8
        let lastDay = Int(days)
        for day in [1, 8, 15, 22, lastDay] {
            let anchor = day == 1 ? "start" : day == lastDay ? "end" : "middle"
            let position = day == 1 ? x(0) : day == lastDay ? x(lastDay) : x(day - 1) + trackWidth / days / 2
            svg += "<text class=\"tick\" x=\"\(n(position))\" y=\"\(n(axisTop))\" text-anchor=\"\(anchor)\" "
            svg += "font-size=\"11\" fill=\"#666\">\(day) \(MonthView.shortMonthNames[month.month - 1])</text>\n"
        }
        svg += "</svg>"
        return svg
    }
}
