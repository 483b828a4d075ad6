import Crypto
import Ledger
import Testing

@testable import Analyze

@Suite("The running digest of a month's rows")
struct MonthInputsDigestTests {
    /// The digest as its format describes it, one row's bytes at a time into the hasher: every
    /// text field's UTF-8 then 0x1F, numbers as eight little-endian bytes, category components
    /// each ended by 0x1D and the path by 0x1F, three flag bytes, 0x1E.
    static func reference(_ rows: [FigureRow]) -> [UInt8] {
        var hasher = SHA256()
        for row in rows {
            var bytes: [UInt8] = []
            func text(_ value: String) { bytes += Array(value.utf8) + [0x1F] }
            func number(_ value: Int64) { bytes += withUnsafeBytes(of: value.littleEndian) { Array($0) } }
            func path(_ value: CategoryPath) {
                for component in value.components { bytes += Array(component.utf8) + [0x1D] }
                bytes.append(0x1F)
            }
            text(row.id.rawValue)
            text(row.account.rawValue)
            number(Int64(row.date.dayNumber))
            number(row.amount.minorUnits)
            text(row.amount.currency.code)
            text(row.payee)
            text(row.status.rawValue)
            if let category = row.category { path(category) } else { bytes.append(0x1F) }
            number(Int64(row.splits.count))
            for split in row.splits {
                path(split.category)
                number(split.amount.minorUnits)
                text(split.amount.currency.code)
            }
            bytes += [row.isTransfer ? 1 : 0, row.isIgnored ? 1 : 0, row.categorySourceKind.rawValue, 0x1E]
            hasher.update(data: bytes)
        }
        return Array(hasher.finalize())
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
        let digest = MonthInputs.digest([])
        // SHA-256 of the empty string.
        #expect(
            Hex.lowercase(digest) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func rowsAcrossManyBuffersGiveTheDigestOfTheirBytes() {
        // About 100 bytes a row: 5,000 rows fill the 64 KiB buffer several times over.
        let rows = Self.rows(5_000)
        #expect(MonthInputs.digest(rows[...]) == Self.reference(rows))
        #expect(MonthInputs.digest(rows[100..<2_345]) == Self.reference(Array(rows[100..<2_345])))
    }

    @Test func aTextLongerThanTheBufferIsHashedWhole() {
        // 100,000 two-byte characters: 200,000 bytes, more than the buffer holds.
        let rows = Self.rows(50, longPayee: 100_000)
        #expect(MonthInputs.digest(rows[...]) == Self.reference(rows))
    }

    @Test func anyChangedFieldChangesTheDigest() {
        let rows = Self.rows(20)
        var changed = rows
        changed[7].isIgnored.toggle()
        #expect(MonthInputs.digest(changed[...]) != MonthInputs.digest(rows[...]))
        changed = rows
        changed[18].splits[1].amount = Money(minorUnits: 19, currency: .gbp)
        #expect(MonthInputs.digest(changed[...]) != MonthInputs.digest(rows[...]))
    }
}
