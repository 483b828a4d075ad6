import Foundation
import Ledger
import TestSupport
import Testing

@testable import Import

/// No input may crash the readers: every prefix of a file, random damage, binary data, deep
/// nesting, huge values. Each read either returns or throws an `ImportDiagnostic`; when it
/// returns, every record is accounted for.
@Suite struct OFXRobustnessTests {
    typealias Support = OFXTestSupport

    /// Reads `bytes`; a result must account for no more records than the bytes hold.
    static func survive(_ bytes: [UInt8]) {
        do {
            let file = try Support.read(bytes)
            let tags = ["<STMTTRN", "<stmttrn", "<STMTTRNP", "<BUY", "<SELL", "<INCOME", "<REINVEST"]
            let text = String(decoding: bytes, as: UTF8.self)
            let upperBound = tags.reduce(0) { $0 + text.components(separatedBy: $1).count - 1 }
            #expect(file.recordCount <= upperBound)
        } catch is ImportDiagnostic {
            // A clear refusal is fine.
        } catch {
            Issue.record("unexpected error type: \(error)")
        }
    }

    @Test(arguments: ["quirks.sgml", "multiple-statements.ofx"])
    func everyPrefix(name: String) throws {
        let bytes = try Support.fixtureBytes(name)
        let step = bytes.count > 2000 ? 7 : 1
        for length in stride(from: 0, through: bytes.count, by: step) {
            Self.survive(Array(bytes.prefix(length)))
        }
    }

    @Test(arguments: ["quirks.sgml", "multiple-statements.ofx", "billion-laughs.ofx"])
    func randomDamage(name: String) throws {
        let original = try Support.fixtureBytes(name)
        var generator = SplitMix64(seed: 20_240_131)
        let damage: [UInt8] = [0, 0x3C, 0x3E, 0x2F, 0x26, 0x5B, 0x5D, 0x0A, 0x0D, 0xC3, 0xFF, 0x80]
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = damage.randomElement(using: &generator)!
                case 1: bytes.insert(damage.randomElement(using: &generator)!, at: position)
                default: bytes.remove(at: position)
                }
            }
            Self.survive(bytes)
        }
    }

    @Test(arguments: ["OFXHEADER:100\n<OFX>", "<?xml version=\"1.0\"?><OFX>", "<OFX>"])
    func binaryAfterTheHeader(prefix: String) {
        var generator = SplitMix64(seed: 99)
        var bytes = Array(prefix.utf8)
        bytes += (0..<20_000).map { _ in UInt8(truncatingIfNeeded: generator.next() | 1) }  // no NUL bytes
        Self.survive(bytes)
    }

    @Test func corpusFuzzCrashersAreRefused() throws {
        for name in ["libofx__heap-buffer-overflow-1.ofx", "libofx__null-ptr-deref-1.ofx"] {
            #expect(Support.failure(try Support.corpusBytes(name)) != nil)
        }
    }

    @Test func deepNesting() {
        let text = "OFXHEADER:100\n<OFX>" + (0..<5000).map { "<A\($0)>" }.joined()
        #expect(
            Support.failure(text) == "test.ofx:2:5890: error: elements nest more than 1000 deep, which no OFX file does"
        )
        // libxml2 stops at its own depth limit; the SGML reader then refuses the file the same way.
        let xml = "<?xml version=\"1.0\"?>\n<OFX>" + (0..<5000).map { "<A\($0)>" }.joined()
        #expect(
            Support.failure(xml) == "test.ofx:2:5890: error: elements nest more than 1000 deep, which no OFX file does")
    }

    @Test(arguments: [true, false])
    func hugeValueOnOneLine(xml: Bool) throws {
        let name = String(repeating: "x", count: 3_000_000)
        let transaction =
            xml
            ? "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240105</DTPOSTED><TRNAMT>-1.00</TRNAMT><NAME>\(name)</NAME></STMTTRN>"
            : "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-1.00<NAME>\(name)</STMTTRN>"
        let text =
            xml
            ? OFXXMLReaderTests.document(transaction)
            : OFXSGMLReaderTests.statement(transaction)
        let file = try Support.read(text)
        #expect(file.format == (xml ? .ofx2 : .ofx1))
        // Read in one piece, and then refused: no field may pass 4 KB.
        #expect(try file.only.records.isEmpty)
        #expect(file.skipped.map(\.reason) == ["NAME is longer than 4096 bytes (no bank writes one so long)"])
    }

    @Test func unterminatedComment() {
        #expect(
            Support.failure("OFXHEADER:100\n<OFX><!-- never closed")
                == "test.ofx:2:6: error: the file ends inside a comment: it looks truncated")
    }

    @Test func emptyAndTinyInputs() {
        for text in ["", "<", "<OFX", "<OFX>", "<OFX></OFX>", "OFXHEADER:100", "<OFX><", "<OFX></"] {
            Self.survive(Array(text.utf8))
        }
    }
}
