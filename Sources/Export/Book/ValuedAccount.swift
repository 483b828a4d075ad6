import Ledger

/// An account valued in `valuations.csv` with no rows in the ledger, as the books hold it: one
/// unit of a commodity of its own, bought on its first valuation for that value (from
/// `Equity:Opening Balances`), and priced at every valuation.
///
/// Why a unit and prices: a valuation says what the account is worth, not what moved in or out,
/// and market prices are how every tool values a holding on a date: `hledger balance -X GBP
/// --value=end` and fava's market value give the latest valuation at or before the day, exactly
/// the report's rule, with no made-up gain or loss transactions. A liability (a mortgage) holds
/// minus one unit. An account with rows of its own keeps its rows and gets no unit: its valuations
/// would count its money twice; it is revalued instead (`Revaluation`).
public struct ValuedAccount: Hashable, Sendable {
    public var account: AccountID
    /// The commodity's symbol: `pension` -> `PENSION` (see `symbol(for:taken:)`).
    public var symbol: String
    /// 1, or -1 for a liability.
    public var units: Int
    /// The account's valuations, by date (at least one).
    public var valuations: [Valuation]

    public init(account: AccountID, symbol: String, units: Int, valuations: [Valuation]) {
        self.account = account
        self.symbol = symbol
        self.units = units
        self.valuations = valuations
    }

    /// The most characters beancount allows in a commodity.
    static let maximumLength = 24

    /// The account id upper-cased, each run of characters other than ASCII letters and digits one
    /// `-`, none at either end, at most 24 characters; `V` in front when it does not start with a
    /// letter, and `-V` after a name that is taken (a currency code such as `EUR`, another
    /// account's symbol) or is a single letter. Valid in beancount (`[A-Z][A-Z0-9'._-]*[A-Z0-9]`);
    /// the journal quotes it when it holds more than letters.
    static func symbol(for account: AccountID, taken: Set<String>) -> String {
        var symbol = ""
        var pendingDash = false
        for scalar in account.rawValue.uppercased().unicodeScalars {
            if scalar.isASCII, ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingDash, !symbol.isEmpty { symbol.append("-") }
                pendingDash = false
                symbol.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        if symbol.first.map({ !("A"..."Z").contains($0) }) ?? true { symbol = "V" + symbol }
        symbol = String(symbol.prefix(maximumLength - 2))
        while symbol.hasSuffix("-") { symbol.removeLast() }
        while symbol.count < 2 || taken.contains(symbol) { symbol += "-V" }
        return symbol
    }
}
