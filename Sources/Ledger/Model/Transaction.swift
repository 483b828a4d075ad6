/// The stable identity of a transaction across runs and overlapping exports.
///
/// OFX: `FITID` scoped by account. CSV and QIF: a hash of account, date, amount and normalised text,
/// plus the occurrence number of that same line within its file (see `TransactionID.derived`).
public struct TransactionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static func < (lhs: TransactionID, rhs: TransactionID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

/// Where a record came from: an inbox file and the line of the record's first byte.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}

/// Whether the bank has settled the transaction.
public enum TransactionStatus: String, Sendable {
    case posted
    case pending
}

/// Why a transaction has the category it has.
public enum CategorySource: Hashable, Sendable, CustomStringConvertible {
    /// A rule in a user rule file, at this file and line.
    case rule(file: String, line: Int)
    /// A default rule shipped with a bank profile.
    case profileRule(file: String, line: Int)
    /// A rule of the starter pack shipped with the product (`Importers/starter/`), applied only
    /// where the user's rules, overrides and bank profile rules set no category.
    case starterRule(file: String, line: Int)
    /// The export's own category (a CSV category column, QIF `L`, OFX `<SIC>`/`<MCC>`), put into the
    /// category tree by a rule of the starter pack's mapping (`starter/90-bank-categories.rules`):
    /// the bank's judgement, counted apart from the pack's merchant rules.
    case exportCategory(file: String, line: Int)
    /// A line of `overrides.csv` (the file as the workspace names it, `overrides.csv`), so that a
    /// change it makes to a closed month names the row that made it.
    case override(file: String, line: Int)
    /// The learned classifier, with its confidence in 0...1.
    case learned(confidence: Double)
    /// Paired with the opposite leg in another of the user's accounts.
    case transfer
    /// Nothing gave it a category.
    case none

    /// `rule rules/food.rules:12`, `profile Importers/x.toml:3`, `starter starter/70-food.rules:12`,
    /// `export starter/90-bank-categories.rules:14`, `override overrides.csv:7`, `learned 0.93`, `transfer`, `none`.
    public var description: String {
        switch self {
        case .rule(let file, let line): "rule \(file):\(line)"
        case .profileRule(let file, let line): "profile \(file):\(line)"
        case .starterRule(let file, let line): "starter \(file):\(line)"
        case .exportCategory(let file, let line): "export \(file):\(line)"
        case .override(let file, let line): "override \(file):\(line)"
        case .learned(let confidence):
            "learned \(CategorySource.twoDecimals(confidence))"
        case .transfer: "transfer"
        case .none: "none"
        }
    }

    /// `0.93` for 0.9312: confidences are shown and stored to two decimals.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Parses the text `description` produces.
    public init?(_ text: String) {
        if text == "transfer" {
            self = .transfer
        } else if text == "none" {
            self = .none
        } else if text.hasPrefix("learned "), let value = Double(text.dropFirst(8)) {
            self = .learned(confidence: value)
        } else if let (kind, rest) = CategorySource.splitKind(text), let colon = rest.lastIndex(of: ":"),
            let line = Int(rest[rest.index(after: colon)...])
        {
            let file = String(rest[..<colon])
            if kind == "rule" {
                self = .rule(file: file, line: line)
            } else if kind == "profile" {
                self = .profileRule(file: file, line: line)
            } else if kind == "starter" {
                self = .starterRule(file: file, line: line)
            } else if kind == "export" {
                self = .exportCategory(file: file, line: line)
            } else if kind == "override" {
                self = .override(file: file, line: line)
            } else {
                return nil
            }
        } else {
            return nil
        }
    }

    private static func splitKind(_ text: String) -> (Substring, Substring)? {
        guard let space = text.firstIndex(of: " ") else { return nil }
        return (text[..<space], text[text.index(after: space)...])
    }
}

/// One part of a split transaction: a category and the share of the amount it takes.
public struct Split: Hashable, Sendable {
    public var category: CategoryPath
    public var amount: Money

    public init(category: CategoryPath, amount: Money) {
        self.category = category
        self.amount = amount
    }
}

/// One bank line, as every stage sees it. Import fills the bank's facts; categorisation adds the rest.
public struct Transaction: Hashable, Sendable {
    public var id: TransactionID
    public var account: AccountID
    /// The posting date, a civil date in the account's own zone.
    public var date: CivilDate
    /// Signed from the account holder's point of view: money out is negative.
    public var amount: Money
    public var payee: String
    public var memo: String
    public var status: TransactionStatus
    public var checkNumber: String?
    /// The bank's own transaction type (OFX `TRNTYPE`, a CSV type column), as exported.
    public var bankType: String?
    /// The bank's own category, where the export has one.
    public var bankCategory: String?
    public var category: CategoryPath?
    public var categorySource: CategorySource
    public var tags: [String]
    public var note: String?
    /// Non-empty when the amount is divided across categories; the parts add up to `amount`.
    public var splits: [Split]
    /// A movement between two of the user's own accounts: neither income nor expense.
    public var isTransfer: Bool
    /// The other leg of a paired transfer.
    public var transferPeer: TransactionID?
    /// Kept and counted, but left out of the figures.
    public var isIgnored: Bool
    public var source: SourceLocation

    public init(
        id: TransactionID, account: AccountID, date: CivilDate, amount: Money, payee: String, memo: String = "",
        status: TransactionStatus = .posted, checkNumber: String? = nil, bankType: String? = nil,
        bankCategory: String? = nil, category: CategoryPath? = nil, categorySource: CategorySource = .none,
        tags: [String] = [], note: String? = nil, splits: [Split] = [], isTransfer: Bool = false,
        transferPeer: TransactionID? = nil, isIgnored: Bool = false, source: SourceLocation
    ) {
        self.id = id
        self.account = account
        self.date = date
        self.amount = amount
        self.payee = payee
        self.memo = memo
        self.status = status
        self.checkNumber = checkNumber
        self.bankType = bankType
        self.bankCategory = bankCategory
        self.category = category
        self.categorySource = categorySource
        self.tags = tags
        self.note = note
        self.splits = splits
        self.isTransfer = isTransfer
        self.transferPeer = transferPeer
        self.isIgnored = isIgnored
        self.source = source
    }

    /// True when the transaction counts in income and expense figures.
    public var countsInFigures: Bool { !isTransfer && !isIgnored && status == .posted }
}
