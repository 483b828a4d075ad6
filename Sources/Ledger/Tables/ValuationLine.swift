/// One line of `valuations.csv` (`date,account,value`): an account's value on a date, for an
/// account without exports (a pension, a house). Read here once for the analysis (net worth) and
/// the exports (a priced unit per valued account), so both accept and refuse the same file.
public struct ValuationLine: Hashable, Sendable {
    public var date: CivilDate
    public var account: AccountID
    /// In the account's currency.
    public var value: Money
    /// The line of `valuations.csv`.
    public var line: Int

    public init(date: CivilDate, account: AccountID, value: Money, line: Int) {
        self.date = date
        self.account = account
        self.value = value
        self.line = line
    }

    /// The file's name in the workspace.
    public static let fileName = "valuations.csv"

    /// The lines of `text`, in file order. Every account must be one of `accounts` (its value is in
    /// that account's currency); a second value of an account on one day is an error at its line.
    public static func read(
        _ text: String, path: String, accounts: [AccountID: Currency]
    ) throws(WorkspaceTableError) -> [ValuationLine] {
        let table = try SimpleCSV(text: text, path: path, header: ["date", "account", "value"])
        var lines: [ValuationLine] = []
        var seen: Set<String> = []
        for row in table.rows {
            guard let date = CivilDate(iso: row.cells[0]) else {
                throw WorkspaceTableError(
                    path: path, line: row.line, column: row.columns[0],
                    message: "'\(row.cells[0])' is not a date in YYYY-MM-DD form")
            }
            let account = AccountID(row.cells[1])
            guard let currency = accounts[account] else {
                let known = accounts.keys.sorted().map(\.rawValue).joined(separator: ", ")
                throw WorkspaceTableError(
                    path: path, line: row.line, column: row.columns[1],
                    message: "unknown account '\(row.cells[1])' (closebook.toml has: \(known))")
            }
            let value: Money
            do {
                value = try Money.parse(row.cells[2], currency: currency)
            } catch {
                throw WorkspaceTableError(
                    path: path, line: row.line, column: row.columns[2],
                    message: "value '\(row.cells[2])' is not an amount in \(currency.code): \(error)")
            }
            guard seen.insert("\(account.rawValue) \(date.isoString)").inserted else {
                throw WorkspaceTableError(
                    path: path, line: row.line, message: "a second valuation of '\(account)' on \(date.isoString)")
            }
            lines.append(ValuationLine(date: date, account: account, value: value, line: row.line))
        }
        return lines
    }
}
