import Crypto
import Ledger
import Testing

@testable import Analyze

@Suite("The running digest of a month's rows")
struct MonthInputsDigestTests {
    /// The digest as its format describes it: SHA-256 of each row's content hash, its high then
    /// its low half as eight little-endian bytes each.
    static func reference(_ rows: [FigureRow]) -> [UInt8] {
        var hasher = SHA256()
        for row in rows {
            let hash = Self.contentHash(row)
            hasher.update(data: withUnsafeBytes(of: hash.high.littleEndian) { Array($0) })
            hasher.update(data: withUnsafeBytes(of: hash.low.littleEndian) { Array($0) })
        }
        return Array(hasher.finalize())
    }

    /// A row's content hash as `FigureRow.ContentRecord` describes it, its bytes laid out by hand:
    /// the id's length and bytes; the account's hash; a word of the date (year << 16, month << 8,
    /// day), the flags (<< 32), the source kind (<< 40) and whether there is a category (<< 48); the
    /// minor units; the currency's hash (its code's hash folded with its exponent); the payee's
    /// length and bytes; the category's hash, when there is one; the count of splits, then each
    /// split's category hash, minor units and currency hash. Words are little-endian, a hash is
    /// its high half then its low half.
    static func contentHash(_ row: FigureRow) -> BulkHash.Value {
        var bytes: [UInt8] = []
        func word(_ value: UInt64) { bytes += withUnsafeBytes(of: value.littleEndian) { Array($0) } }
        func hash(_ value: BulkHash.Value) {
            word(value.high)
            word(value.low)
        }
        func text(_ value: String) {
            word(UInt64(value.utf8.count))
            bytes += Array(value.utf8)
        }
        func textHash(_ value: String) -> BulkHash.Value { Array(value.utf8).withUnsafeBytes { BulkHash.hash($0) } }
        func currency(_ value: Currency) -> BulkHash.Value { folded(textHash(value.code), UInt64(value.exponent)) }
        func folded(_ value: BulkHash.Value, _ number: UInt64) -> BulkHash.Value {
            var fold = BulkHash.Fold()
            fold.add(value)
            fold.add(number)
            return fold.value
        }
        func category(_ path: CategoryPath) -> BulkHash.Value { BulkHash.combine(path.components.map(textHash)) }
        text(row.id.rawValue)
        hash(textHash(row.account.rawValue))
        let flags: UInt64 = (row.status == .pending ? 1 : 0) | (row.isTransfer ? 2 : 0) | (row.isIgnored ? 4 : 0)
        word(
            UInt64(row.date.year) << 16 | UInt64(row.date.month) << 8 | UInt64(row.date.day) | flags << 32
                | UInt64(row.categorySourceKind.rawValue) << 40 | (row.category == nil ? 0 : 1 << 48))
        word(UInt64(bitPattern: row.amount.minorUnits))
        hash(currency(row.amount.currency))
        text(row.payee)
        if let path = row.category { hash(category(path)) }
        word(UInt64(row.splits.count))
        for split in row.splits {
            hash(category(split.category))
            word(UInt64(bitPattern: split.amount.minorUnits))
            hash(currency(split.amount.currency))
        }
        return bytes.withUnsafeBytes { BulkHash.hash($0) }
    }

    static func history(_ rows: [FigureRow], contentHashes: [BulkHash.Value]? = nil) -> LedgerHistory {
        LedgerHistory(
            header: Journal(stage: "ledger", baseCurrency: .gbp, accounts: [], transactions: []), rows: rows,
            contentHashes: contentHashes, cores: 1)
    }

    static func digest(_ rows: [FigureRow], _ range: Range<Int>? = nil) -> [UInt8] {
        MonthInputs.digest(range ?? 0..<rows.count, of: Self.history(rows))
    }

    static func rows(_ count: Int, longPayee: Int = 0) -> [FigureRow] {
        let start = CivilDate(year: 2025, month: 3, day: 1)!
        let food = CategoryPath("Food:Groceries")!
        let home = CategoryPath("Home")!
        return (0..<count).map { index in
            var row = FigureRow(
                id: TransactionID("current/\(index)"), account: AccountID(index % 3 == 0 ? "card" : "current"),
                date: start.adding(days: index % 28)!,
                amount: Money(minorUnits: Int64(index * 37 - 5_000), currency: index % 5 == 0 ? .eur : .gbp),
                // Texts short enough to be stored inline, long ones, and ones beyond ASCII.
                payee: index % 4 == 0
                    ? "Café Zürich \(index)" : "TESCO STORES \(index) LONDON GB CARD 1234 REF \(index)",
                status: index % 7 == 0 ? .pending : .posted, category: index % 2 == 0 ? food : nil,
                isTransfer: index % 11 == 0, isIgnored: index % 13 == 0,
                categorySourceKind: index % 2 == 0 ? .rule : .none)
            if index % 9 == 0 {
                row.splits = [
                    Split(category: food, amount: Money(minorUnits: 100, currency: .gbp)),
                    Split(category: home, amount: Money(minorUnits: Int64(index), currency: .gbp)),
                ]
            }
            if index == 1, longPayee > 0 { row.payee = String(repeating: "é", count: longPayee) }
            return row
        }
    }

    @Test func noRowsIsTheDigestOfNothing() {
        // SHA-256 of the empty string.
        #expect(
            Hex.lowercase(Self.digest([]))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func aRowsContentHashIsTheHashOfItsRecord() {
        for row in Self.rows(40) { #expect(row.contentHash == Self.contentHash(row), "\(row.id)") }
        let long = Self.rows(2, longPayee: 100_000)[1]
        #expect(long.contentHash == Self.contentHash(long))
    }

    @Test func rowsGiveTheDigestOfTheirContentHashes() {
        // In canonical order, as the history keeps them, so that ranges are the rows given.
        var rows = Self.rows(5_000)
        rows.sortCanonically()
        #expect(Self.digest(rows) == Self.reference(rows))
        #expect(Self.digest(rows, 100..<2_345) == Self.reference(Array(rows[100..<2_345])))
    }

    /// The hashes the figure file's reading gives stand in for the rows' own; rows that had to be
    /// sorted drop them, and the digest is the same either way.
    @Test func givenHashesGiveTheSameDigests() {
        var rows = Self.rows(300)
        rows.sortCanonically()
        let hashes = rows.map(\.contentHash)
        let given = Self.history(rows, contentHashes: hashes)
        #expect(given.contentHashes != nil)
        #expect(MonthInputs.digest(0..<300, of: given) == Self.reference(rows))
        // Hashes that do not describe the rows are used as given: the proof that they are read.
        let wrong = Self.history(rows, contentHashes: hashes.map { BulkHash.Value(high: $0.low, low: $0.high) })
        #expect(MonthInputs.digest(0..<300, of: wrong) != Self.reference(rows))
        let reversed = Self.history(rows.reversed(), contentHashes: hashes.reversed())
        #expect(reversed.contentHashes == nil)
        #expect(MonthInputs.digest(0..<300, of: reversed) == Self.reference(rows))
        #expect(Self.history(rows, contentHashes: Array(hashes.dropLast())).contentHashes == nil)
    }

    /// Every field the analysis reads changes a row's hash, and so its month's digest.
    @Test func anyChangedFieldChangesTheDigest() {
        let rows = Self.rows(20)
        var base = rows[18]
        #expect(!base.splits.isEmpty && base.category != nil)
        var variants: [FigureRow] = []
        func variant(_ change: (inout FigureRow) -> Void) {
            var row = base
            change(&row)
            variants.append(row)
        }
        variant { $0.id = TransactionID("current/18x") }
        variant { $0.account = "card2" }
        variant { $0.date = $0.date.adding(days: 1)! }
        variant { $0.date = CivilDate(year: $0.date.year + 1, month: $0.date.month, day: $0.date.day)! }
        variant { $0.amount = Money(minorUnits: $0.amount.minorUnits + 1, currency: $0.amount.currency) }
        variant { $0.amount = Money(minorUnits: $0.amount.minorUnits, currency: .eur) }
        variant { $0.amount = Money(minorUnits: $0.amount.minorUnits, currency: Currency(code: "GBP", exponent: 3)) }
        variant { $0.payee += " " }
        variant { $0.status = .pending }
        variant { $0.category = nil }
        variant { $0.category = CategoryPath("Food:Snacks") }
        variant { $0.category = CategoryPath(components: ["FoodGroceries"]) }
        variant { $0.splits = [] }
        variant { $0.splits.removeLast() }
        variant { $0.splits[1].amount = Money(minorUnits: 19, currency: .gbp) }
        variant { $0.splits[1].amount = Money(minorUnits: $0.splits[1].amount.minorUnits, currency: .eur) }
        variant { $0.splits[0].category = CategoryPath("Home")! }
        variant { $0.isTransfer.toggle() }
        variant { $0.isIgnored.toggle() }
        variant { $0.categorySourceKind = .override }
        // Where one text ends and the next begins.
        base.id = TransactionID("ab")
        base.payee = "c"
        variant { $0.id = TransactionID("a") }
        variants[variants.count - 1].payee = "bc"
        variants.append(base)
        var seen = Set([rows[18].contentHash])
        for (number, row) in variants.enumerated() {
            #expect(seen.insert(row.contentHash).inserted, "variant \(number)")
        }
        var changed = rows
        changed[7].isIgnored.toggle()
        #expect(Self.digest(changed) != Self.digest(rows))
    }
}
