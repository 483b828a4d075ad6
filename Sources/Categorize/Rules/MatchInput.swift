import Ledger

/// The facts of one transaction that rules look at, folded once before any rule runs.
///
/// Its texts are `FoldedText`s: the categorizer keeps one per distinct payee, memo and bank field,
/// so a row that repeats a merchant only points at texts already folded and scanned.
struct MatchInput {
    /// The texts in the order of `MatchInput.Slot`: raw payee, clean payee key, memo, bank type, bank category.
    var texts: [FoldedText] = Array(repeating: FoldedText.empty, count: Slot.count)
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

    /// The folded text of a slot.
    func folded(_ slot: Int) -> [UInt8] { texts[slot].folded }

    /// The text of a slot as written.
    func string(_ slot: Int) -> String { texts[slot].string }

    /// Loads one transaction on its own (explain, lint): every text is folded and scanned here.
    mutating func load(_ transaction: Transaction, cleanKey: String, matcher: RuleMatcher? = nil) {
        let strings = [
            transaction.payee, cleanKey, transaction.memo, transaction.bankType ?? "", transaction.bankCategory ?? "",
        ]
        for (slot, text) in strings.enumerated() {
            texts[slot] = matcher?.foldedText(text, id: -1) ?? FoldedText(text, hits: [], id: -1)
        }
        amount = transaction.amount
        date = transaction.date
        account = transaction.account
    }
}

/// One occurrence of a rule literal in a folded text.
struct LiteralHit: Sendable {
    var literal: Int32
    /// Not preceded or followed by a letter or digit: a whole-word occurrence.
    var bounded: Bool
    /// At the start of the text.
    var atStart: Bool
}

/// One text a rule can look at (a payee, memo or bank field), folded and scanned for rule literals
/// once however many rows repeat it.
///
/// Unchecked `Sendable`, and its fields' exclusive access unchecked at run time: they change only
/// in `refill`, and only while the caller holds the one reference to the object (`refill` checks),
/// so no other thread or access can see them change. (Checked, every read of a slot's hits while
/// matching was a call into the runtime: 1% of a run's instructions.)
final class FoldedText: @unchecked Sendable {
    static let empty = FoldedText("", hits: [], id: -1)

    @exclusivity(unchecked) private(set) var string: String
    @exclusivity(unchecked) private(set) var folded: [UInt8]
    /// Every literal occurrence the matcher's automaton finds in `folded`.
    @exclusivity(unchecked) private(set) var hits: [LiteralHit]
    /// Keys the matcher's cache of regular-expression results; -1 for a text that is not cached.
    @exclusivity(unchecked) private(set) var id: Int32

    init(_ string: String, hits: [LiteralHit], id: Int32) {
        self.string = string
        self.folded = TextFold.fold(string)
        self.hits = hits
        self.id = id
    }

    init(_ string: String, folded: [UInt8], hits: [LiteralHit], id: Int32) {
        self.string = string
        self.folded = folded
        self.hits = hits
        self.id = id
    }

    /// Sets `text` to `string`, folded as `folded`, with `hits`, under `id`: in place, its arrays
    /// kept, when `text` is the only reference to its object, else as a new one.
    ///
    /// Why: the payee as exported is looked at once per distinct combination of a row's texts,
    /// nearly once per row on real bank text, and a new object with two arrays for each was three
    /// allocations and three frees a row.
    static func refill(
        _ string: String, folded: UnsafeBufferPointer<UInt8>, hits: UnsafeBufferPointer<LiteralHit>, id: Int32,
        in text: inout FoldedText
    ) {
        guard isKnownUniquelyReferenced(&text) else {
            text = FoldedText(string, folded: Array(folded), hits: Array(hits), id: id)
            return
        }
        text.string = string
        text.folded.removeAll(keepingCapacity: true)
        text.folded.append(contentsOf: folded)
        text.hits.removeAll(keepingCapacity: true)
        text.hits.append(contentsOf: hits)
        text.id = id
    }
}
