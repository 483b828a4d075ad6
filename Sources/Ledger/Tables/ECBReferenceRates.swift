/// The European Central Bank's reference rates as downloaded (`eurofxref-hist.csv`), read as the
/// `date,currency,rate` rows of `rates.csv`.
///
/// The ECB's file is wide and EUR-based: a header `Date,USD,JPY,…` (each line ends in a comma),
/// then a line per day, newest first, saying how many units of each currency one euro buys, with
/// `N/A` where there is no rate. `rates.csv` says how many units of the base currency one unit of
/// a currency is worth, so each of the day's rates becomes a cross rate through the euro:
///
///     rate(X) = EUR→base ÷ EUR→X        (for base EUR: 1 ÷ EUR→X; and rate(EUR) = EUR→base)
///
/// computed exactly from the decimal texts and rounded once, half to even, to 10 decimals (the
/// most `rates.csv` takes). A day without a rate for the base currency gives no rows; a currency
/// without one that day is left out that day. The format is known by its header, so the file can
/// be saved as `rates.csv` exactly as downloaded.
public enum ECBReferenceRates {
    /// Decimals of a derived rate.
    public static let fractionDigits = 10

    /// True when the first line is the ECB's header: `Date` and then currency codes only.
    public static func recognizes(_ text: String) -> Bool {
        guard let first = TextLines.split(text).first(where: { !$0.trimmingBlanks.isEmpty }) else { return false }
        let cells = first.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingBlanks }
        guard cells.first == "Date", cells.count > 2 else { return false }
        return cells.dropFirst().allSatisfy { cell in
            cell.isEmpty || (cell.count == 3 && cell.utf8.allSatisfy { (65...90).contains($0) })
        }
    }

    /// The file as `date,currency,rate` text into `base` (a three-letter code).
    public static func longForm(_ text: String, base: String, path: String) throws(WorkspaceTableError) -> String {
        var header: [String] = []
        var lines = ["date,currency,rate"]
        for (index, line) in TextLines.split(text).enumerated() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingBlanks) }
            if cells.allSatisfy(\.isEmpty) { continue }
            if header.isEmpty {
                header = cells
                continue
            }
            let date = cells[0]
            guard date.utf8.count == 10, CivilDate(iso: date) != nil else {
                throw WorkspaceTableError(
                    path: path, line: index + 1, message: "'\(date)' is not a date in YYYY-MM-DD form")
            }
            var perEuro: [String: (mantissa: Int128, digits: Int)] = [:]
            for (column, cell) in cells.enumerated().dropFirst() where column < header.count && !header[column].isEmpty
            {
                if cell.isEmpty || cell == "N/A" { continue }
                guard let value = decimal(cell), value.mantissa > 0 else {
                    throw WorkspaceTableError(
                        path: path, line: index + 1,
                        message: "'\(cell)' for \(header[column]) is not a rate (a positive decimal, or N/A)")
                }
                perEuro[header[column]] = value
            }
            if base == "EUR" {
                for code in perEuro.keys.sorted() where code != "EUR" {
                    let value = perEuro[code]!
                    lines.append("\(date),\(code),\(quotient((1, 0), value))")
                }
                continue
            }
            guard let basePerEuro = perEuro[base] else { continue }
            lines.append("\(date),EUR,\(quotient(basePerEuro, (1, 0)))")
            for code in perEuro.keys.sorted() where code != base && code != "EUR" {
                lines.append("\(date),\(code),\(quotient(basePerEuro, perEuro[code]!))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1.0876` as 10876 and 4 decimals; nil when not a plain decimal.
    static func decimal(_ text: String) -> (mantissa: Int128, digits: Int)? {
        var mantissa: Int128 = 0
        var digits = 0
        var seenPoint = false
        guard !text.isEmpty, text.utf8.count <= 24 else { return nil }
        for byte in text.utf8 {
            if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
                continue
            }
            guard (48...57).contains(byte) else { return nil }
            mantissa = mantissa * 10 + Int128(byte - 48)
            if seenPoint { digits += 1 }
        }
        return (mantissa, digits)
    }

    /// `a ÷ b` rounded half to even to `fractionDigits` decimals, as text without trailing zeros.
    static func quotient(_ a: (mantissa: Int128, digits: Int), _ b: (mantissa: Int128, digits: Int)) -> String {
        // a/10^da ÷ b/10^db × 10^f = a × 10^(db + f) ÷ (b × 10^da)
        let numerator = a.mantissa * power(b.digits + fractionDigits)
        let denominator = b.mantissa * power(a.digits)
        let result = numerator.dividedRoundingHalfToEven(by: denominator)
        let scale = power(fractionDigits)
        var fraction = String(result % scale)
        fraction = String(repeating: "0", count: fractionDigits - fraction.count) + fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(result / scale).\(fraction)"
    }

    static func power(_ exponent: Int) -> Int128 {
        var value: Int128 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
