import Ledger

/// The texts of a row, by number in `LedgerRows.texts`: the key of `RowTexts`.
struct RowTextsKey: Hashable {
    var payee: Int32
    var memo: Int32
    var bankType: Int32
    var bankCategory: Int32
}
