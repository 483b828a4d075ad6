import Ledger
import Testing

@testable import Import

/// A statement's content hashes are worked out in pieces on several cores (`ContentHashes`); each
/// must be the hash `TransactionID.contentKey` defines, whichever piece and core made it.
@Suite("Content hashes worked out in pieces")
struct ContentHashesTests {
    /// Seven records of `current` in GBP over three days; record 4 is in EUR and record 5 has a
    /// FITID, so neither gets a content hash.
    static let records: [ParsedRecord] = (0..<7).map { index in
        ParsedRecord(
            date: CivilDate(year: 2026, month: 10, day: 1 + index % 3)!,
            amount: Money(minorUnits: Int64(-125 * (index + 1)), currency: index == 4 ? .eur : .gbp),
            payee: "COFFEE  Shop \(index % 2)", memo: index == 3 ? "" : " card ", fitID: index == 5 ? "F5" : nil,
            line: index + 2)
    }

    @Test(
        "pieces of 1, 2, 3 and 7 rows on one core and two give the definition's hashes",
        arguments: [1, 2], [1, 2, 3, 7])
    func piecesAgreeWithTheDefinition(cores: Int, pieceRows: Int) {
        let table = RecordTable(Self.records)
        let hashes = ContentHashes.of(
            table, account: AccountID("current"), currency: .gbp, wanted: 0, cores: cores, pieceRows: pieceRows)
        let expected: [UInt64] = Self.records.map { record in
            guard record.amount.currency == .gbp, record.fitID == nil else { return 0 }
            let key = TransactionID.contentKey(
                account: AccountID("current"), date: record.date, amount: record.amount,
                text: record.payee + " " + record.memo)
            return UInt64(key, radix: 16)!
        }
        #expect(hashes == expected)
        // Records 0 and 2 differ only in amount and day; 4 and 5 have no hash.
        #expect(hashes[0] != hashes[2] && hashes[4] == 0 && hashes[5] == 0)
    }
}
