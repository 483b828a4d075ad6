import AnalysisFile
import Ledger

/// The part of `build/import-report.json` a month report must repeat: what the inbox does not
/// cover, balances that did not reconcile, and files or records that could not be read.
///
/// Decoded from the file (the stage contract), not shared as a type with the import stage, so the
/// two stages stay independent; unknown keys are ignored.
public struct ImportFacts: Decodable, Sendable, Equatable {
    public struct Span: Codable, Sendable, Equatable {
        public var from: String
        public var to: String

        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    public struct AccountFacts: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var coverage: Span?
        public var gaps: [Span]
        /// `configured` or `derived` (from a statement balance).
        public var openingBalanceSource: String?
        /// Market values of investment positions the statements state.
        public var positions: [Positions]?

        public init(
            id: String, name: String, coverage: Span?, gaps: [Span], openingBalanceSource: String? = nil,
            positions: [Positions]? = nil
        ) {
            self.id = id
            self.name = name
            self.coverage = coverage
            self.gaps = gaps
            self.openingBalanceSource = openingBalanceSource
            self.positions = positions
        }
    }

    public struct Positions: Codable, Sendable, Equatable {
        public var date: String
        public var value: String
        public var file: String

        public init(date: String, value: String, file: String) {
            self.date = date
            self.value = value
            self.file = file
        }
    }

    public struct Divergence: Decodable, Sendable, Equatable {
        public var date: String
        public var stated: String
        public var computed: String
    }

    public struct BalanceCheck: Decodable, Sendable, Equatable {
        public var account: String
        public var status: String
        public var firstDivergence: Divergence?
    }

    public struct FileFacts: Decodable, Sendable, Equatable {
        public var path: String
        public var skipped: Int
        public var errors: [String]
        public var balanceChecks: [BalanceCheck]
        /// The accounts the file fed, and its warnings (absent from older import reports).
        public var accounts: [String]?
        public var warnings: [String]?
    }

    /// Two accounts whose statements agree transaction for transaction: most likely one account
    /// imported twice (a copy of an export under a name no glob claims).
    public struct DuplicateAccountFacts: Codable, Sendable, Equatable {
        public var accounts: [String]
        public var files: [String]
        public var from: String
        public var to: String
        public var transactions: Int

        public init(accounts: [String], files: [String], from: String, to: String, transactions: Int) {
            self.accounts = accounts
            self.files = files
            self.from = from
            self.to = to
            self.transactions = transactions
        }
    }

    public var accounts: [AccountFacts]
    public var files: [FileFacts]
    /// Absent from import reports written before the check existed.
    public var duplicateAccounts: [DuplicateAccountFacts]?
    /// The import's record counts, for the conservation line.
    public var totals: Totals?

    public typealias Totals = RecordCounts

    public init(
        accounts: [AccountFacts], files: [FileFacts], duplicateAccounts: [DuplicateAccountFacts]? = nil
    ) {
        self.accounts = accounts
        self.files = files
        self.duplicateAccounts = duplicateAccounts
    }

    /// Sentences for the month report about `month`, in a stable order.
    /// Accounts in `valued` (valued in valuations.csv, with no exports expected) get no coverage notices.
    public func notices(for month: YearMonth, valued: Set<String> = []) -> [String] {
        var notices: [String] = []
        let first = month.firstDay.isoString
        let last = month.lastDay.isoString
        for account in accounts.sorted(by: { $0.id < $1.id }) where !valued.contains(account.id) {
            guard let coverage = account.coverage, coverage.from <= last, coverage.to >= first else {
                notices.append("\(account.name): no inbox file covers \(month.displayName); its figures are missing.")
                continue
            }
            if coverage.from > first {
                notices.append("\(account.name): the inbox covers this month only from \(coverage.from).")
            }
            if coverage.to < last {
                // How to complete it: the export of the days after, as the bank offers it.
                let next = CivilDate(iso: coverage.to).flatMap { CivilDate(dayNumber: $0.dayNumber + 1) }
                notices.append(
                    "\(account.name): the inbox covers this month only up to \(coverage.to); add its export from "
                        + "\(next?.isoString ?? "the next day") to inbox/ to complete the month.")
            }
            for gap in account.gaps where gap.from <= last && gap.to >= first {
                let span = gap.from == gap.to ? gap.from : "\(gap.from) to \(gap.to)"
                notices.append(
                    "\(account.name): no inbox file covers \(span); transactions of those days may be missing.")
            }
        }
        let names = Dictionary(accounts.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for file in files.sorted(by: { $0.path < $1.path }) {
            if !file.errors.isEmpty {
                notices.append("\(file.path) could not be read, so its transactions are missing: \(file.errors[0])")
            }
            if file.skipped > 0 {
                notices.append(
                    "\(file.skipped) record\(file.skipped == 1 ? "" : "s") of \(file.path) "
                        + "\(file.skipped == 1 ? "was" : "were") skipped; build/import-report.json says why.")
            }
            notices += doubts(about: file, from: first, to: last)
            for check in file.balanceChecks {
                guard let divergence = check.firstDivergence, divergence.date <= last else { continue }
                notices.append(
                    "\(names[check.account] ?? check.account): the balance \(file.path) states for \(divergence.date) "
                        + "is \(divergence.stated) but the transactions add up to \(divergence.computed).")
            }
        }
        for pair in duplicateAccounts ?? [] where pair.accounts.count == 2 && pair.files.count == 2 {
            guard pair.from <= last, pair.to >= first else { continue }
            let (a, b) = (names[pair.accounts[0]] ?? pair.accounts[0], names[pair.accounts[1]] ?? pair.accounts[1])
            notices.append(
                "\(a) and \(b) hold the same \(pair.transactions) transactions from \(pair.from) to \(pair.to) "
                    + "(\(pair.files[0]) and \(pair.files[1])): probably one account imported twice, which counts "
                    + "its money twice; if so, remove the copy or feed both files to one account in closebook.toml.")
        }
        return notices
    }
}

extension ImportFacts {
    /// What the import was not sure of in `file`, for the pages of the months its accounts cover
    /// (`from`...`to`): a layout inferred at low confidence, and a currency the file did not state.
    /// Both were in the import report only, where a person reading the month never looks.
    func doubts(about file: FileFacts, from first: String, to last: String) -> [String] {
        let covers = (file.accounts ?? []).contains { id in
            guard let coverage = accounts.first(where: { $0.id == id })?.coverage else { return false }
            return coverage.from <= last && coverage.to >= first
        }
        guard covers else { return [] }
        var doubts: [String] = []
        for warning in file.warnings ?? [] {
            if warning.contains("its layout was inferred (confidence: low)") {
                doubts.append(
                    "\(file.path) was read by a layout Closebook inferred at low confidence: check its figures; "
                        + "save the profile closebook-import prints as importers/NAME.toml once its reading is right.")
            } else if let range = warning.range(of: "currency assumed: ") {
                let sentence = warning[range.upperBound...].split(separator: ";").first.map(String.init) ?? ""
                doubts.append(
                    "\(file.path): its currency was assumed, \(sentence); if its amounts are in another currency, "
                        + "set currency on its [[accounts]] entry in closebook.toml.")
            }
        }
        return doubts
    }

    /// True when the statements of every account that has any in `month` begin by its first day
    /// (or the account begins in it) and leave no gap in it. An account's statements ending early
    /// is left to `MonthSelection` (the latest complete month), which knows which accounts
    /// stopped long ago.
    ///
    /// An account's history starts at its first statement, or at its `opening_date` when
    /// `closebook.toml` gives one (`opened`): a card opened on 12 October, or a first export that
    /// starts then, is complete for October from that day. (Judged from the month's first day, one
    /// new account hid its first month and every later one for as long as it had no statement
    /// from a 1st.) An opening date before the first statement means the account existed
    /// earlier: its first month is then partial.
    public func startsEveryAccount(
        of month: YearMonth, valued: Set<String>, opened: [String: CivilDate] = [:]
    ) -> Bool {
        let first = month.firstDay.isoString
        let last = month.lastDay.isoString
        // ISO dates compare as text.
        return accounts.allSatisfy { account in
            guard !valued.contains(account.id), let coverage = account.coverage, coverage.from <= last,
                coverage.to >= first
            else { return true }
            let begins = opened[account.id].map { $0.isoString } ?? coverage.from
            let startsInTime = coverage.from <= first || coverage.from <= begins
            return startsInTime && !account.gaps.contains { $0.from <= last && $0.to >= first }
        }
    }

    /// `account` with how far its statements reach as of `month`'s end: the first day they cover,
    /// the last one capped at the month's last day, and whether they cover every day of `month`
    /// with no gap (nil when the import report does not know the account).
    ///
    /// Capped so that a month's file says what the statements covered by its end, as its close
    /// does: a statement of a later month does not change an older month's file. Statements that
    /// begin after the month leave `coveredThrough` before `coveredFrom`: nothing covered yet.
    public func withCoverage(_ account: AccountFigure, month: YearMonth) -> AccountFigure {
        guard let facts = accounts.first(where: { $0.id == account.id }), let coverage = facts.coverage else {
            return account
        }
        var figure = account
        let first = month.firstDay.isoString
        let last = month.lastDay.isoString
        figure.coveredFrom = coverage.from
        figure.coveredThrough = min(coverage.to, last)
        // ISO dates compare as text.
        figure.monthCovered =
            coverage.from <= first && coverage.to >= last && !facts.gaps.contains { $0.from <= last && $0.to >= first }
        return figure
    }
}
