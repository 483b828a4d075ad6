/// Net worth at a month end (seed 001): every account's balance, in its own currency and in the
/// base currency, and the total of those that are known.
public struct NetWorthSection: Codable, Sendable, Equatable {
    /// Sum of the known accounts' `balanceInBase`; liabilities count negative.
    public var total: String
    /// Against the month before; nil in the first month.
    public var change: String?
    /// change / |previous total|; nil when there is no previous total or it is zero.
    public var changeRatio: Double?
    /// Liquid accounts (checking, savings, cash) only, in base.
    public var liquid: String
    public var accounts: [NetWorthAccount]
    /// The total at every month end since the first month of data, oldest first.
    public var series: [NetWorthPoint]

    public init(
        total: String, change: String?, changeRatio: Double?, liquid: String, accounts: [NetWorthAccount],
        series: [NetWorthPoint]
    ) {
        self.total = total
        self.change = change
        self.changeRatio = changeRatio
        self.liquid = liquid
        self.accounts = accounts
        self.series = series
    }
}

/// One account's balance at a month end.
public struct NetWorthAccount: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: String
    public var currency: String
    /// In the account's currency; nil when unknown.
    public var balance: String?
    /// In the base currency, at the rate in force on the month's last day; nil when unknown or
    /// when no rate converts it.
    public var balanceInBase: String?
    /// Against the month before, in base; nil when either balance is unknown.
    public var change: String?
    public var changeRatio: Double?
    /// `transactions` (opening balance + transactions), `statement` (a statement balance, where no
    /// opening balance is configured), `valuation` (valuations.csv or an investment statement) or
    /// `unknown` (left out of the total).
    public var source: String
    /// The date of the valuation used, for `valuation`.
    public var valuedOn: String?
    /// True when the account counts in the total.
    public var included: Bool
    /// A valued account's growth split and annual return (see `AccountGrowth`); nil for others.
    public var growth: AccountGrowth?

    public init(
        id: String, name: String, kind: String, currency: String, balance: String?, balanceInBase: String?,
        change: String?, changeRatio: Double?, source: String, valuedOn: String?, included: Bool,
        growth: AccountGrowth? = nil
    ) {
        self.growth = growth
        self.id = id
        self.name = name
        self.kind = kind
        self.currency = currency
        self.balance = balance
        self.balanceInBase = balanceInBase
        self.change = change
        self.changeRatio = changeRatio
        self.source = source
        self.valuedOn = valuedOn
        self.included = included
    }
}

public struct NetWorthPoint: Codable, Sendable, Equatable {
    public var month: String
    public var total: String

    public init(month: String, total: String) {
        self.month = month
        self.total = total
    }
}
