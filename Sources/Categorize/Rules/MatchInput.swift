import Ledger

/// The facts of one transaction that rules look at, folded once before any rule runs.
///
/// Reused from transaction to transaction (its buffers keep their capacity) so matching a million
/// rows allocates little.
struct MatchInput {
    /// The texts in the order of `MatchInput.Slot`: raw payee, clean payee key, memo, bank type, bank category.
    var folded: [[UInt8]] = Array(repeating: [], count: Slot.count)
    var strings: [String] = Array(repeating: "", count: Slot.count)
    var amount = Money.zero(.eur)
    var date = CivilDate(year: 2000, month: 1, day: 1)!
    var account = AccountID("")

    enum Slot {
        static let rawPayee = 0
        static let cleanPayee = 1
        static let memo = 2
        static let bankType = 3
        static let bankCategory = 4
        static let count = 5
    }

    /// The slots a text field covers: `payee` is the raw and the clean payee, `text` adds the memo.
    static func slots(_ field: TextField) -> [Int] {
        switch field {
        case .payee: [Slot.rawPayee, Slot.cleanPayee]
        case .memo: [Slot.memo]
        case .text: [Slot.rawPayee, Slot.cleanPayee, Slot.memo]
        case .bankType: [Slot.bankType]
        case .bankCategory: [Slot.bankCategory]
        }
    }

    mutating func load(_ transaction: Transaction, cleanKey: String) {
        set(Slot.rawPayee, transaction.payee)
        set(Slot.cleanPayee, cleanKey)
        set(Slot.memo, transaction.memo)
        set(Slot.bankType, transaction.bankType ?? "")
        set(Slot.bankCategory, transaction.bankCategory ?? "")
        amount = transaction.amount
        date = transaction.date
        account = transaction.account
    }

    private mutating func set(_ slot: Int, _ text: String) {
        strings[slot] = text
        folded[slot].removeAll(keepingCapacity: true)
        TextFold.fold(text.utf8, into: &folded[slot])
    }
}
