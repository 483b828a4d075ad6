/// The words banks put on a row that states a balance rather than moves money: an opening or
/// closing balance, a total (`SALDO INIZIALE`, `Closing balance`, `Anfangssaldo`). Such a row has
/// a date and an amount like a transaction; read as one, it books the whole balance as money in.
///
/// Inference leaves these rows out of its evidence and writes a `[[skip]]` rule for them, so the
/// printed profile skips them the same way, with a reason the import report shows.
enum BalanceLineLabels {
    static let reason = "a balance line (opening, closing or total), not a transaction"

    /// Lower-case labels, matched where a text cell starts with one (after any marks such as `|`).
    static let labels: [String] = [
        "opening balance", "closing balance", "beginning balance", "ending balance", "balance brought forward",
        "balance carried forward", "saldo iniziale", "saldo finale", "saldo inicial", "saldo final",
        "saldo anterior", "solde initial", "solde final", "solde precedent", "solde précédent", "anfangssaldo",
        "endsaldo", "alter kontostand", "neuer kontostand", "beginsaldo", "eindsaldo", "openingssaldo",
        "ingaende saldo", "ingående saldo", "utgaende saldo", "utgående saldo",
    ]

    /// The label `cell` starts with, if any.
    static func label(of cell: String) -> String? {
        let text = cell.lowercased().drop { !$0.isLetter }
        return labels.first { text.hasPrefix($0) }
    }
}
