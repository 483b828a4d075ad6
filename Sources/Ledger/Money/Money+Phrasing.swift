/// Money written for people, one way everywhere: in the analysis's sentences, the page's tables
/// and the charts (`£1,234.50`, `−£12.00`, `¥1,200`, `1,234.567 KWD`).
///
/// Negative amounts carry a real minus sign (U+2212), which screen readers say and which does not
/// break a line the way a hyphen can. The currencies whose symbol people read without a doubt go
/// in front; every other one keeps its ISO code after the number, because `kr` or `Fr.` would be
/// ambiguous. (Sentences and tables wrote `-£3.00` and `−£3.00`, `1,200 JPY` and `¥1,200`, on
/// one page.)
extension Money {
    /// The real minus sign.
    public static let minusSign = "\u{2212}"

    /// Symbols written before the number.
    public static let phraseSymbols: [String: String] = ["GBP": "£", "EUR": "€", "USD": "$", "JPY": "¥"]

    /// `£1,234.50`, `−£1,234.50`, `£0.00`; `1,234.50 XYZ` when the currency has no symbol here.
    public var phrase: String { phrase(sign: isNegative ? Money.minusSign : "") }

    /// The amount with `sign` (`+`, `−` or nothing) before its symbol.
    public func phrase(sign: String) -> String {
        var digits = groupedDecimalString
        if digits.hasPrefix("-") { digits.removeFirst() }
        if let symbol = Money.phraseSymbols[currency.code] { return sign + symbol + digits }
        return sign + digits + " " + currency.code
    }
}
