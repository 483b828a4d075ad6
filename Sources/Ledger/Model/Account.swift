/// The short, stable name of one of the user's accounts (`current`, `card`), as in `closebook.toml`.
public struct AccountID: Hashable, Sendable, Comparable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public static func < (lhs: AccountID, rhs: AccountID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }
}

/// What kind of account this is; decides the sign of its balance in net worth.
public enum AccountKind: String, Sendable, Codable, CaseIterable {
    case checking
    case savings
    case creditCard = "credit_card"
    case cash
    case investment
    case loan
    case other

    /// Liabilities (cards, loans) count negatively in net worth when their balance is negative.
    public var isLiability: Bool { self == .creditCard || self == .loan }
}

/// One of the user's accounts, as the journal carries it from import to report.
public struct Account: Hashable, Sendable, Codable {
    public var id: AccountID
    public var name: String
    public var kind: AccountKind
    public var currency: Currency
    /// The bank's name for itself, where the export says it (OFX `ORG`, a CSV profile's bank).
    public var institution: String?
    /// The account number as exported; reports show only its last four characters.
    public var number: String?
    /// A balance the user states in `closebook.toml`, at the start of `openingDate`.
    public var openingBalance: Money?
    public var openingDate: CivilDate?

    public init(
        id: AccountID, name: String, kind: AccountKind, currency: Currency, institution: String? = nil,
        number: String? = nil, openingBalance: Money? = nil, openingDate: CivilDate? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.currency = currency
        self.institution = institution
        self.number = number
        self.openingBalance = openingBalance
        self.openingDate = openingDate
    }

    /// The account number masked to its last four characters: `••••1234`.
    public var maskedNumber: String? {
        guard let number, !number.isEmpty else { return nil }
        let compact = number.filter { !$0.isWhitespace }
        return "••••" + String(compact.suffix(4))
    }

    enum CodingKeys: String, CodingKey {
        case id, name, kind, currency, institution, number, openingBalance, openingDate
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(AccountID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        kind = try container.decode(AccountKind.self, forKey: .kind)
        let code = try container.decode(String.self, forKey: .currency)
        guard let currency = Currency(code: code) else {
            throw DecodingError.dataCorruptedError(
                forKey: .currency, in: container, debugDescription: "not a currency: \(code)")
        }
        self.currency = currency
        institution = try container.decodeIfPresent(String.self, forKey: .institution)
        number = try container.decodeIfPresent(String.self, forKey: .number)
        if let text = try container.decodeIfPresent(String.self, forKey: .openingBalance) {
            openingBalance = try? Money.parse(text, currency: currency)
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .openingDate) {
            openingDate = CivilDate(iso: text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(currency.code, forKey: .currency)
        try container.encodeIfPresent(institution, forKey: .institution)
        try container.encodeIfPresent(number, forKey: .number)
        try container.encodeIfPresent(openingBalance?.decimalString, forKey: .openingBalance)
        try container.encodeIfPresent(openingDate?.isoString, forKey: .openingDate)
    }
}
