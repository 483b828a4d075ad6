import Ledger

/// How every reader words amounts it rounded: more decimals than the currency has are rounded
/// half to even to its minor unit in CSV, QIF and OFX alike, with one warning per file that
/// names the first and counts the others. (A record is not skipped for a sub-cent digit; the
/// balance checks show whether the bank's own figures agree.)
enum AmountRounding {
    static func message(field: String, text: String, rounded: Money, more: Int) -> String {
        "\(field) '\(text)' has more decimals than \(rounded.currency.code) allows; rounded half to even to "
            + "\(rounded.decimalString)\(more > 0 ? " (and \(more) more)" : "")"
    }

    /// The amounts a reader rounded: how many, and the first (a class, so that a reader's
    /// non-mutating conversion can count them).
    final class Tally {
        var count = 0
        var first: (line: Int, text: String, money: Money)?

        func note(line: Int, text: String, money: Money) {
            count += 1
            if first == nil { first = (line, text, money) }
        }

        func warning(path: String, field: String) -> ImportDiagnostic? {
            guard let first else { return nil }
            return ImportDiagnostic(
                severity: .warning, path: path, line: first.line, column: 1,
                message: AmountRounding.message(field: field, text: first.text, rounded: first.money, more: count - 1))
        }
    }
}
