import Crypto
import Foundation
import Ledger

/// What a run hands `MonthInputs`: the inputs every month reads alike, and each month's own.
extension AnalysisRun {
    /// The workspace files the settings are read from (`loadSettings`).
    static let settingsFiles = ["closebook.toml", "rates.csv", "valuations.csv"]

    /// The parts of the run every month reads: the analyser's release, the ledger's accounts and
    /// base currency, the settings files' bytes, the import report's accounts (their names, and
    /// whether their opening balances came from a statement), and how the run closes months (not
    /// the time it records, which only a close that writes reads). What a month reads of the
    /// accounts' coverage, gaps and positions is its own (`ownInputs`); duplicate accounts reach
    /// only notices, which are its own too.
    func fingerprintContext(header: Journal, facts: ImportFacts?) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var parts: [[UInt8]] = [Array(release.utf8), Array(header.baseCurrency.code.utf8)]
        parts.append((try? encoder.encode(header.accounts)).map { Array($0) } ?? [])
        for name in Self.settingsFiles {
            let path = (workspace as NSString).appendingPathComponent(name)
            parts.append((try? FileOutput.read(path)).map { [1] + $0 } ?? [0])
        }
        if let facts {
            let accounts = facts.accounts.sorted(by: { $0.id < $1.id }).map { account in
                "\(account.id) \(account.name) \(account.openingBalanceSource ?? "-")"
            }
            parts.append([1] + Array(accounts.joined(separator: "\n").utf8))
        } else {
            parts.append([0])
        }
        if let closing {
            let reopen = closing.reopen.map { "\($0) \(closing.reason ?? "")" } ?? "-"
            parts.append(Array("close lock=\(closing.lock) reopen=\(reopen)".utf8))
        } else {
            parts.append(Array("no close".utf8))
        }
        return MonthInputs.context(parts)
    }

    /// What `month` alone reads besides its rows, one text each: its close record (SHA-256 of
    /// `closed/YYYY-MM.json`, as it stands), whether it is complete and reconciles (whether it
    /// closes), the import report's accounts as of its end (`monthView`) and its notices for it
    /// (with the account settings' notices), and whether it is the selected month (goal notices)
    /// or the newest (a month in progress).
    func ownInputs(
        of month: YearMonth, selection: MonthSelection, history: LedgerHistory, settings: AnalysisSettings,
        facts: ImportFacts?
    ) -> [String] {
        var own: [String] = []
        let record = CloseStore(workspace: workspace).recordPath(month)
        own.append((try? FileOutput.read(record)).map { Hex.lowercase(SHA256.hash(data: $0)) } ?? "no close record")
        var complete = selection.completeThrough.map { month <= $0 } ?? false
        if let facts {
            let valued = Set(settings.valuations.entries.keys.map(\.rawValue))
            var openingDates: [String: CivilDate] = [:]
            for (id, account) in settings.accounts { openingDates[id.rawValue] = account.openingDate }
            complete = complete && facts.startsEveryAccount(of: month, valued: valued, opened: openingDates)
            own += facts.monthView(of: month)
            own += facts.notices(for: month, valued: valued)
            own += AccountSettingsNotices.notices(
                for: month, accounts: history.accounts, settings: settings, facts: facts)
            own.append("reconciles \(Self.reconciles(month: month, facts: facts))")
        }
        own.append("complete \(complete)")
        own.append("selected \(month == selection.selected)")
        own.append("newest \(month == history.lastMonth)")
        return own
    }

    /// True when no statement balance diverges by `month`'s last day.
    static func reconciles(month: YearMonth, facts: ImportFacts?) -> Bool {
        let last = month.lastDay.isoString
        return !(facts?.files ?? []).contains { file in
            file.balanceChecks.contains { ($0.firstDivergence?.date).map { $0 <= last } ?? false }
        }
    }
}
