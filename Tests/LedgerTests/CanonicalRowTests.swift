import Foundation
import Testing

@testable import Ledger

@Suite("Rows read in place")
struct CanonicalRowTests {
    static let plain =
        #"{"id":"current/a-0","account":"current","date":"2026-10-03","amount":"-12.30","currency":"GBP","#
        + #""payee":"TESCO 3297","bankType":"DEB","file":"inbox/a.csv","line":7}"#

    static func scan(_ row: String) -> CanonicalRow? {
        let bytes = Array(row.utf8)
        var currencies = ByteKeyedCache<Currency?>()
        return bytes.withUnsafeBufferPointer { buffer in
            CanonicalRow.scan(buffer.baseAddress!, start: 0, end: bytes.count, currencies: &currencies)
        }
    }

    @Test func findsTheFieldsOfARowInTheEncodersForm() throws {
        let row = try #require(Self.scan(Self.plain))
        let bytes = Array(Self.plain.utf8)
        #expect(String(decoding: bytes[row.id], as: UTF8.self) == "current/a-0")
        #expect(String(decoding: bytes[row.payee], as: UTF8.self) == "TESCO 3297")
        #expect(row.amount == Money(minorUnits: -1230, currency: .gbp))
        #expect(row.date == CivilDate(year: 2026, month: 10, day: 3))
        #expect(row.memo.isEmpty)
        #expect(row.bankType.map { String(decoding: bytes[$0], as: UTF8.self) } == "DEB")
        #expect(row.bankCategory == nil)
        #expect(String(decoding: bytes[row.tail...], as: UTF8.self) == #","file":"inbox/a.csv","line":7}"#)
    }

    /// Each of these decodes, but encoding the result would not give the same bytes back (or the
    /// row carries fields categorisation changes): they are left to the decoder.
    @Test(arguments: [
        (#""amount":"-12.30""#, #""amount":"-12.3""#),
        (#""amount":"-12.30""#, #""amount":"-012.30""#),
        (#""amount":"-12.30""#, #""amount":"-0.00""#),
        (#""currency":"GBP""#, #""currency":"gbp""#),
        (#""payee":"TESCO 3297""#, #""payee":"TESCO \u0033297""#),
        (#""payee":"TESCO 3297""#, #""payee": "TESCO 3297""#),
        (#""bankType":"DEB""#, #""status":"posted","bankType":"DEB""#),
        (#""bankType":"DEB""#, #""memo":"","bankType":"DEB""#),
        (#""bankType":"DEB""#, #""bankType":"DEB","category":"Food""#),
        (#""bankType":"DEB""#, #""bankCategory":"X","bankType":"DEB""#),
        (#""line":7}"#, #""line":07}"#),
        (#""line":7}"#, #""line":7} "#),
        // Keys one byte off, where the comparison reads them a word at a time: in the first word,
        // in the last (overlapping) one, and in each half of a short key's two.
        (#""account""#, #""acCount""#),
        (#""currency""#, #""currencY""#),
        (#""bankType""#, #""bankTypf""#),
        (#"{"id""#, #"{"iD""#),
        (#"{"id""#, #"["id""#),
    ])
    func leavesOtherRowsToTheDecoder(original: String, replacement: String) throws {
        let row = Self.plain.replacingOccurrences(of: original, with: replacement)
        #expect(row != Self.plain)
        #expect(Self.scan(row) == nil)
    }

    @Test func rejectsInvalidUTF8() {
        var bytes = Array(Self.plain.utf8)
        let index = bytes.firstIndex(of: UInt8(ascii: "T"))!
        bytes[index] = 0xFF
        var currencies = ByteKeyedCache<Currency?>()
        let row = bytes.withUnsafeBufferPointer { buffer in
            CanonicalRow.scan(buffer.baseAddress!, start: 0, end: bytes.count, currencies: &currencies)
        }
        #expect(row == nil)
    }

    @Test func splicedFieldsAreTheEncodersBytes() throws {
        let row = try #require(Self.scan(Self.plain))
        let bytes = Array(Self.plain.utf8)
        var categorised = try bytes.withUnsafeBufferPointer { buffer throws(JournalError) in
            try JournalCodec.decodeRow(buffer)
        }
        categorised.payee = "Tesco \"Extra\"\n"
        categorised.category = CategoryPath("Food:Groceries")
        categorised.categorySource = .learned(confidence: 0.934)
        categorised.tags = ["a", "b\\c"]
        categorised.note = "n"
        categorised.isTransfer = true
        categorised.transferPeer = TransactionID("savings/x")
        categorised.isIgnored = true
        let splice = JournalRowSplice()
        let spliced =
            Array(bytes[..<row.payee.lowerBound]) + splice.escaped(categorised.payee)
            + Array(bytes[row.payee.upperBound..<row.tail]) + splice.addedFields(of: categorised)
            + Array(bytes[row.tail...])
        #expect(
            String(decoding: spliced, as: UTF8.self)
                == String(decoding: splice.encoded(categorised), as: UTF8.self))
    }
}
