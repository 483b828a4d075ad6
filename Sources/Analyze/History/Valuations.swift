import Ledger

/// Dated values of accounts that have no exports (a pension, a house), from `valuations.csv`,
/// and the market values OFX investment statements state.
///
/// As in a wealth tracker, an account's value on a date is its latest valuation at or before that
/// date; before its first valuation the account's value is unknown.
public struct Valuations: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var date: CivilDate
        public var value: Money
        /// `valuations.csv:4`, or where else the value came from.
        public var source: String
        /// True for the market value of investment positions (an OFX `INVPOSLIST`): the account's
        /// cash balance comes on top. False for a valuation of the whole account (valuations.csv).
        public var isPositions: Bool

        public init(date: CivilDate, value: Money, source: String, isPositions: Bool = false) {
            self.date = date
            self.value = value
            self.source = source
            self.isPositions = isPositions
        }
    }

    /// Per account, sorted by date.
    public private(set) var entries: [AccountID: [Entry]]

    public init(_ entries: [AccountID: [Entry]] = [:]) {
        self.entries = entries.mapValues { $0.sorted { $0.date < $1.date } }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Adds entries of `other`; on a day both value, the entry already here wins (valuations.csv
    /// over a statement).
    public mutating func merge(_ other: [AccountID: [Entry]]) {
        for (account, list) in other {
            var merged = entries[account] ?? []
            for entry in list where !merged.contains(where: { $0.date == entry.date }) { merged.append(entry) }
            entries[account] = merged.sorted { $0.date < $1.date }
        }
    }

    /// The latest valuation of `account` at or before `date`.
    public func value(of account: AccountID, on date: CivilDate) -> Entry? {
        guard let list = entries[account] else { return nil }
        var found: Entry?
        for entry in list {
            if entry.date > date { break }
            found = entry
        }
        return found
    }

    /// Reads `valuations.csv` (`date,account,value`); every account must be one of `accounts`, and
    /// a value is in its account's currency.
    public static func parse(
        _ text: String, path: String, accounts: [AccountID: Currency]
    ) throws(WorkspaceTableError) -> Valuations {
        var entries: [AccountID: [Entry]] = [:]
        for line in try ValuationLine.read(text, path: path, accounts: accounts) {
            entries[line.account, default: []].append(
                Entry(date: line.date, value: line.value, source: "\(path):\(line.line)"))
        }
        return Valuations(entries)
    }
}
