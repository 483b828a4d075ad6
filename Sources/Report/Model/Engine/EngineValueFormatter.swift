import AnalysisFile
import Ledger

/// Formats the engine's exact decimal text (amounts, dates, metrics) for people.
///
/// The analysis writes these fields as text it has already checked against its schema; if one
/// still does not parse, it is shown as written rather than dropping the section.
enum EngineValueFormatter {
    /// Text that did not parse, shown as written but with nothing a markup language acts on: letters,
    /// digits, spaces and `.`, `-`, `:` only.
    static func plain(_ text: String) -> String {
        // ASCII text (nearly all): its letters and digits are the alphabetic and numeric scalars.
        if let kept = text.utf8.withContiguousStorageIfAvailable({ bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(
                decoding: bytes.filter { byte in
                    (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == UInt8(ascii: " ")
                        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
                }, as: UTF8.self)
        }), let kept {
            return kept
        }
        return String(
            text.unicodeScalars.filter {
                $0.properties.isAlphabetic || $0.properties.numericType != nil || " .-:".unicodeScalars.contains($0)
            }.map(Character.init))
    }

    /// `£1,234.50`, `−£12.00`.
    static func amount(_ text: String, _ currency: Currency) -> String {
        guard let money = try? Money.parse(text, currency: currency) else { return plain(text) }
        return AmountFormatter.string(money)
    }

    /// `+£837.65`, `−£12.00`.
    static func signedAmount(_ text: String, _ currency: Currency) -> String {
        guard let money = try? Money.parse(text, currency: currency) else { return plain(text) }
        return AmountFormatter.signedString(money)
    }

    /// The size of a signed amount, no sign: a payment of `-12.99` is `£12.99`.
    static func magnitude(_ text: String, _ currency: Currency) -> String {
        guard let money = try? Money.parse(text, currency: currency) else { return plain(text) }
        return AmountFormatter.string(money.isNegative ? (money.negated ?? money) : money)
    }

    /// The amount in a currency given by its code, or the text as written.
    static func amount(_ text: String, code: String) -> String {
        guard let currency = Currency(code: code) else { return plain("\(text) \(code)") }
        return amount(text, currency)
    }

    /// `12 Oct 2026` from `2026-10-12`.
    static func date(_ iso: String) -> String {
        guard let date = CivilDate(iso: iso) else { return plain(iso) }
        return "\(date.day) \(MonthView.shortMonthNames[date.month - 1]) \(date.year)"
    }

    /// `November 2026` from `2026-11`.
    static func month(_ text: String) -> String {
        YearMonth(text)?.displayName ?? plain(text)
    }

    /// `Nov 2026` from `2026-11`.
    static func shortMonth(_ text: String) -> String {
        guard let month = YearMonth(text) else { return plain(text) }
        return "\(MonthView.shortMonthNames[month.month - 1]) \(month.year)"
    }

    /// A card's number in its unit: `£45.00`, `12.5%`, `+2.1 pts`, `1.25×`, `3.2 months`, `4 days`.
    static func metric(_ metric: InsightMetric) -> String {
        let value = plain(metric.value)
        switch metric.unit {
        case "percent": return number(value) + "%"
        case "points": return signed(value) + " pts"
        case "ratio": return number(value) + "×"
        case "months": return number(value) + (value == "1" ? " month" : " months")
        case "days": return number(value) + (value == "1" ? " day" : " days")
        case "count": return number(value)
        default:
            if let currency = Currency(code: metric.unit) { return amount(value, currency) }
            return plain("\(value) \(metric.unit)")
        }
    }

    /// `-12.5` as `−12.5`: the engine's number with a real minus sign.
    static func number(_ text: String) -> String {
        text.hasPrefix("-") ? AmountFormatter.minus + text.dropFirst() : text
    }

    /// `+2.1`, `−0.4`, `0`.
    static func signed(_ text: String) -> String {
        if text.hasPrefix("-") { return number(text) }
        return Double(text).map { $0 == 0 } == true ? text : "+" + text
    }

    /// A measured value as a number with at most one decimal: `4.2`, `12`.
    static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let tenths = Int64((value * 10).rounded())
        let sign = tenths < 0 ? AmountFormatter.minus : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
