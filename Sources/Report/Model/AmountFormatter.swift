import Ledger

/// Turns exact amounts into text for people: `£1,234.50`, `−€12.00`, `1,234.567 KWD`.
///
/// Negative amounts carry a real minus sign (U+2212), which screen readers say and which does
/// not break a line the way a hyphen can. Currencies without a well-known unambiguous symbol are
/// written with their ISO code after the number.
public enum AmountFormatter {
    /// The real minus sign.
    public static let minus = Money.minusSign

    /// `£1,234.50`, `−£1,234.50`, `£0.00`; `1,234.50 XYZ` when the currency has no symbol here.
    public static func string(_ money: Money) -> String {
        compose(money, sign: money.isNegative ? minus : "")
    }

    /// Like `string(_:)` but positive amounts carry a `+`: for changes and net figures.
    public static func signedString(_ money: Money) -> String {
        compose(money, sign: money.isNegative ? minus : (money.isPositive ? "+" : ""))
    }

    /// A short form for chart axes: `£0`, `£850`, `£1.5k`, `−£12k`, `2.3M XYZ`.
    public static func compactString(_ value: Double, currency: Currency) -> String {
        let magnitude = value.magnitude
        var text: String
        if magnitude >= 1_000_000 {
            text = oneDecimal(magnitude / 1_000_000) + "M"
        } else if magnitude >= 1000 {
            text = oneDecimal(magnitude / 1000) + "k"
        } else {
            text = String(Int64(magnitude.rounded()))
        }
        let sign = value < 0 && text != "0" ? minus : ""
        if let symbol = symbols[currency.code] {
            text = sign + symbol + text
        } else {
            text = sign + text + " " + currency.code
        }
        return text
    }

    /// Symbols printed before the number; other currencies are written with their code after it.
    static let symbols = Money.phraseSymbols

    private static func compose(_ money: Money, sign: String) -> String { money.phrase(sign: sign) }

    /// `1.5`, `12`, `2.25` -> `2.3`: at most one decimal, none when it is zero.
    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        let whole = tenths / 10
        let fraction = tenths % 10
        return fraction == 0 ? String(whole) : "\(whole).\(fraction)"
    }
}
