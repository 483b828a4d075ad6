import Ledger

/// What the entries after a QIF `!Type:` header are: transactions of one kind of account, or a list
/// (categories, classes, securities...) that carries no money movement.
enum QIFSection: Equatable {
    case bank
    case cash
    case creditCard
    case otherAsset
    case otherLiability
    case investment
    case categoryList
    case classList
    case memorized
    case securityList
    case prices
    /// A `!Type:` this reader does not know, with the name as written.
    case unknown(String)

    /// Reads the part after `!Type:` (`Bank`, `CCard`, `Oth A`...), ignoring case and spaces.
    init(typeName: String) {
        switch QIFSection.folded(typeName) {
        case "bank": self = .bank
        case "cash": self = .cash
        case "ccard": self = .creditCard
        case "otha": self = .otherAsset
        case "othl": self = .otherLiability
        case "invst": self = .investment
        case "cat": self = .categoryList
        case "class": self = .classList
        case "memorized": self = .memorized
        case "security": self = .securityList
        case "prices": self = .prices
        default: self = .unknown(typeName)
        }
    }

    /// The kind of account a section of this type belongs to; nil for lists.
    var accountKind: AccountKind? {
        switch self {
        case .bank: .checking
        case .cash: .cash
        case .creditCard: .creditCard
        case .otherAsset: .other
        case .otherLiability: .loan
        case .investment: .investment
        default: nil
        }
    }

    /// True for sections whose entries are transactions.
    var holdsTransactions: Bool { accountKind != nil }

    /// Why an entry of a list section is not a transaction (a skipped record's reason).
    var notATransactionReason: String {
        switch self {
        case .categoryList: "category list entry (!Type:Cat), not a transaction"
        case .classList: "class list entry (!Type:Class), not a transaction"
        case .memorized: "memorized transaction (!Type:Memorized) is a template, not a transaction"
        case .securityList: "security list entry (!Type:Security), not a transaction"
        case .prices: "price list entry (!Type:Prices), not a transaction"
        case .unknown(let name): "entry of a '!Type:\(name)' section, which is not a list of transactions"
        default: "not a transaction"
        }
    }

    /// The account kind an `!Account` block's `T` line names, or nil for a type that is not one of
    /// the six QIF account types (`Port`, `Mutual` and the like are left for `closebook.toml` to say).
    static func accountKind(typeName: String) -> AccountKind? {
        let section = QIFSection(typeName: typeName)
        return section.accountKind
    }

    /// Lower case without spaces: `Oth A` and `otha` are the same type.
    static func folded(_ text: String) -> String {
        String(text.lowercased().filter { $0 != " " && $0 != "\t" })
    }
}
