import Ledger

/// Decides the currency of a file no profile matches and that has no currency column: from what
/// the amounts are written with (`$1,234.56`, `-12,50 €`, `1 200 kr`, `EUR 5.00`), else from the
/// money columns' header words (`Amount (USD)`, `Betrag EUR`, `Määrä EUROA`), else from `closebook.toml` (the
/// account's currency, then `base_currency`).
///
/// A currency taken from the workspace, not the file, is said in a warning: a US-dollar export
/// read as euros in silence is a wrong report nobody notices. A symbol several currencies share
/// (`$`, `kr`, `¥`) is read as the one of them the workspace uses; when it uses none, the most
/// common is taken and the reading is at most of medium confidence.
enum CurrencyInference {
    /// Where the currency came from, and what the printed profile's reasons and the import
    /// report say about it.
    struct Decision: Equatable {
        /// Set when the file says the currency: the profile reads it as a fixed currency.
        var currency: Currency?
        /// A sentence for the inferred profile's reasons.
        var reason: String?
        /// Set when the currency was assumed from the workspace: the warning for the import report.
        var assumed: String?
        /// The reading is no better than this.
        var ceiling: InferredLayout.Confidence
    }

    /// Symbols several currencies share, with the currency taken when the workspace uses none of them.
    static let families: [String: (members: [String], usual: String)] = [
        "$": (["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN", "ARS", "CLP", "COP", "TWD"], "USD"),
        "kr": (["SEK", "NOK", "DKK", "ISK"], "SEK"),
        "kr.": (["DKK", "SEK", "NOK", "ISK"], "DKK"),
        "¥": (["JPY", "CNY"], "JPY"),
        "￥": (["JPY", "CNY"], "JPY"),
    ]

    /// Symbols (folded to lower case) that name one currency.
    static let symbols: [String: String] = [
        "€": "EUR", "£": "GBP", "zł": "PLN", "zl": "PLN", "chf": "CHF", "fr.": "CHF", "₹": "INR", "rs.": "INR",
        "r$": "BRL", "kč": "CZK", "ft": "HUF", "₽": "RUB", "руб": "RUB", "руб.": "RUB", "₺": "TRY", "lei": "RON",
        "₪": "ILS", "₩": "KRW", "us$": "USD", "c$": "CAD", "ca$": "CAD", "a$": "AUD", "au$": "AUD", "nz$": "NZD",
        "hk$": "HKD", "s$": "SGD", "₴": "UAH", "лв": "BGN", "лв.": "BGN", "₱": "PHP", "฿": "THB", "rm": "MYR",
    ]

    /// Currency names a header may use instead of a code (`Määrä EUROA`, `Amount in dollars`),
    /// folded as header words are, as the symbol they stand for.
    static let headerNames: [String: String] = [
        "euro": "€", "euros": "€", "euroa": "€", "eura": "€", "eur.": "€", "dollar": "$", "dollars": "$",
        "dolares": "$", "pound": "£", "pounds": "£", "sterling": "£", "kronor": "kr", "kroner": "kr",
        "kronur": "kr", "zloty": "zł", "zlotych": "zł", "forint": "ft", "franken": "chf", "yen": "¥",
        "rubles": "₽", "roubles": "₽", "rupees": "₹",
    ]

    /// What is written around the number in `cell` (`$` in `-$89.10`, `kr` in `1 200,00 kr`),
    /// folded to lower case; nil when nothing is.
    static func symbol(in cell: String) -> String? {
        var text = ""
        for character in cell {
            if character.isNumber || "+-()., '\u{A0}\u{202F}".contains(character) { continue }
            text.append(character)
        }
        return text.isEmpty ? nil : text.lowercased()
    }

    /// The currency a symbol or code names, given the workspace's currencies; `shared` when the
    /// symbol names several and the workspace settled none of them.
    static func currency(
        for symbol: String, workspace: [Currency]
    ) -> (currency: Currency, shared: [String]?)? {
        if let family = families[symbol] {
            if let used = workspace.first(where: { family.members.contains($0.code) }) { return (used, nil) }
            return Currency(isoCode: family.usual).map { ($0, family.members) }
        }
        if let code = symbols[symbol] { return Currency(isoCode: code).map { ($0, nil) } }
        if symbol.count == 3, ColumnEvidence.commonCurrencies.contains(symbol.uppercased()) {
            return Currency(isoCode: symbol).map { ($0, nil) }
        }
        return nil
    }

    /// The currency of `columns` (the money columns, with their header names and cells).
    static func decide(
        columns: [(header: String?, cells: [String], describe: String)], context: InferenceContext
    ) -> Decision {
        let workspace = [context.accountCurrency].compactMap { $0 } + context.workspaceCurrencies
        // Symbols in the cells: every written one must name the same currency.
        var found: [String: (currency: Currency, shared: [String]?, count: Int)] = [:]
        var written = 0
        for column in columns {
            for cell in column.cells where !cell.isEmpty {
                guard let symbol = symbol(in: cell) else { continue }
                written += 1
                if let known = found[symbol] {
                    found[symbol]?.count = known.count + 1
                } else if let (currency, shared) = currency(for: symbol, workspace: workspace) {
                    found[symbol] = (currency, shared, 1)
                }
            }
        }
        let named = Set(found.values.map(\.currency))
        if named.count == 1, let (symbol, entry) = found.first(where: { _ in true }) {
            return fromFile(
                entry.currency, shared: entry.shared, evidence: "the amounts are written with '\(symbol)'",
                context: context)
        }
        if named.count > 1 {
            let codes = named.map(\.code).sorted().joined(separator: ", ")
            return assumed(
                context, why: "the amounts are written in several currencies (\(codes)) and no column says which",
                ceiling: .low)
        }
        // Header words: `Amount (USD)`, `Betrag EUR`.
        for column in columns {
            guard let header = column.header else { continue }
            for word in HeaderVocabulary.fold(header).split(separator: " ") {
                let word = headerNames[String(word)] ?? String(word)
                if let (currency, shared) = currency(for: word, workspace: workspace) {
                    return fromFile(
                        currency, shared: shared, evidence: "the header \(column.describe) names it", context: context)
                }
            }
        }
        return assumed(context, why: "the file does not say", ceiling: written > 0 ? .medium : .high)
    }

    private static func fromFile(
        _ currency: Currency, shared: [String]?, evidence: String, context: InferenceContext
    ) -> Decision {
        var reason = "the currency is \(currency.code): \(evidence)"
        var ceiling = InferredLayout.Confidence.high
        if let shared {
            reason +=
                ", which \(shared.joined(separator: ", ")) share; \(currency.code) is taken as the workspace uses none of them"
            ceiling = .medium
        }
        if let declared = context.accountCurrency, declared != currency {
            reason += " (the account's currency in closebook.toml is \(declared.code))"
            ceiling = .medium
        }
        return Decision(currency: currency, reason: reason, assumed: nil, ceiling: ceiling)
    }

    /// No currency in the file: the account's, which is no assumption; else the base currency or
    /// the default, said in a warning, and the reading is no better than medium.
    private static func assumed(
        _ context: InferenceContext, why: String, ceiling: InferredLayout.Confidence
    ) -> Decision {
        if let declared = context.accountCurrency {
            return Decision(
                currency: nil, reason: "the currency is the account's, \(declared.code) (\(why))", assumed: nil,
                ceiling: ceiling)
        }
        let currency = context.defaultCurrency.code
        let source =
            context.baseCurrency != nil
            ? "from base_currency" : "the default, as closebook.toml sets no base_currency"
        let assumed =
            "currency assumed: \(currency), \(source) (\(why)); if it is not \(currency), set currency = \"...\" on the account's [[accounts]] entry in closebook.toml"
        let worst: InferredLayout.Confidence = ceiling == .low ? .low : .medium
        return Decision(
            currency: nil, reason: "currency assumed: \(currency), \(source) (\(why))", assumed: assumed,
            ceiling: worst)
    }
}
