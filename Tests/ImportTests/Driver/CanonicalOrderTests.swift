import Ledger
import TestSupport
import Testing

@testable import Import

/// Bank ids whose first eight bytes agree (FITIDs that begin with the date) are ordered by
/// comparing their bytes (`EntryIDs.precedes`): the order must be the text order `String.<` gives.
@Suite("The canonical order of bank ids that share their first eight bytes")
struct CanonicalOrderTests {
    /// One account, `card`; each FITID on its day, entry i in the order given.
    static func order(_ fitIDs: [(String, Int32)], idsAreASCII: Bool, cores: Int = 1) -> [Int] {
        var ids = EntryIDs()
        let prefix = ids.addList(account: AccountID("card"))
        var entries: [ImportEntry] = []
        for (index, (fitID, day)) in fitIDs.enumerated() {
            let detail = prefix.withUnsafeBufferPointer { prefix in
                Array(fitID.utf8).withUnsafeBufferPointer { ids.addBankID(prefix: prefix, fitID: $0, occurrence: nil) }
            }
            let key = Array(("card/" + fitID).utf8).withUnsafeBufferPointer {
                CanonicalOrder.idPrefix($0, after: prefix.count)
            }
            entries.append(
                ImportEntry(
                    file: 0, list: 0, record: Int32(index), account: 0, day: day, minorUnits: 0, contentHash: 0,
                    idDetail: detail, idHash: 0, idPrefix: key.value, idPrefixOrders: key.orders, hasBankID: true,
                    isPending: false))
        }
        return CanonicalOrder.sorted(entries, ids: ids, accountRanks: [0], idsAreASCII: idsAreASCII, cores: cores)
    }

    @Test("ids of one day that agree in their first eight bytes, by bytes and by text", arguments: [true, false])
    func sharedPrefix(idsAreASCII: Bool) {
        let fitIDs: [(String, Int32)] = [
            ("201601010000010", 10),
            ("201601010000002", 10),
            ("2016010100000100", 10),  // begins with entry 0's id, so comes after it
            ("20160101000000", 10),  // begins entry 1's id, so comes before it
            ("20160101A", 10),  // 'A' (0x41) after '0' (0x30)
            ("20160101", 10),  // the eight bytes alone: first of the day
            ("99999999", 9),  // the day before: first of all
        ]
        #expect(Self.order(fitIDs, idsAreASCII: idsAreASCII) == [6, 5, 3, 1, 0, 2, 4])
    }

    @Test("ids that agree in their first sixteen bytes", arguments: [true, false])
    func longerSharedPrefix(idsAreASCII: Bool) {
        let fitIDs: [(String, Int32)] = [
            ("20160101000000001", 4),
            ("2016010100000000", 4),  // begins every other id: first
            ("201601010000000012", 4),  // begins with entry 0's id: after it
            ("20160101000000000", 4),  // '0' before entry 0's '1'
        ]
        #expect(Self.order(fitIDs, idsAreASCII: idsAreASCII) == [1, 3, 0, 2])
    }

    @Test("a NUL byte inside an id orders after the id it extends")
    func nulByte() {
        // "20160101AB" and "20160101AB\0": equal when zero padded, the longer one second.
        let fitIDs: [(String, Int32)] = [("20160101AB\u{0}", 3), ("20160101AB", 3), ("20160101AA\u{0}Z", 3)]
        #expect(Self.order(fitIDs, idsAreASCII: true) == [2, 1, 0])
    }

    /// Enough entries to be sorted in pieces on two cores: the order must be the one a sort by
    /// day, then by the ids' text, gives, whatever the cores. Days are busy and quiet by turns
    /// (pieces of unequal buckets), and ids share prefixes of every length (ties within the
    /// first eight bytes and beyond them), with some that are not ASCII.
    @Test("a large import sorted in pieces on two cores", arguments: [true, false])
    func piecesOnTwoCores(idsAreASCII: Bool) throws {
        var generator = SplitMix64(seed: 23)
        var fitIDs: [(String, Int32)] = []
        let alphabet = Array("0123A")
        while fitIDs.count < CanonicalOrder.piecesFrom + 5_000 {
            let day = Int32(generator.next() % 400)
            let length = 6 + Int(generator.next() % 14)
            var id = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            if !idsAreASCII && generator.next() % 50 == 0 { id += "é" }
            // Busy even days: four times the rows of odd ones.
            for _ in 0..<(day % 2 == 0 ? 4 : 1) { fitIDs.append(("2016" + id, day)) }
        }
        let expected = fitIDs.indices.sorted {
            let (a, b) = (fitIDs[$0], fitIDs[$1])
            if a.1 != b.1 { return a.1 < b.1 }
            if a.0 != b.0 { return a.0 < b.0 }
            return $0 < $1
        }
        let oneCore = Self.order(fitIDs, idsAreASCII: idsAreASCII, cores: 1)
        let twoCores = Self.order(fitIDs, idsAreASCII: idsAreASCII, cores: 2)
        try #require(oneCore.count == fitIDs.count && twoCores.count == fitIDs.count)
        // Equal ids (the same FITID twice on a day) may come in either order: compare the ids.
        let twoCoreIDs = twoCores.map { fitIDs[$0] }
        let expectedIDs = expected.map { fitIDs[$0] }
        let firstDifference = twoCores.indices.first { twoCores[$0] != oneCore[$0] }
        #expect(firstDifference == nil, "two cores and one differ first at position \(firstDifference ?? -1)")
        let firstMisplaced = expectedIDs.indices.first { twoCoreIDs[$0] != expectedIDs[$0] }
        #expect(firstMisplaced == nil, "out of order first at position \(firstMisplaced ?? -1)")
    }
}
