import Foundation
import Ledger
import Testing

@testable import Import

/// Issue 20, item 20: a UTF-8 file with one Windows-1252 byte was read whole as Windows-1252
/// (`CAFÃ‰`) with no warning. Each field is now read in the encoding it was written in.
@Suite struct MixedEncodingTests {
    /// `CAFÉ NERO` in UTF-8 (É is C3 89) and `CAFÉ NOIR` in Windows-1252 (É is C9).
    static let mixedCSV: [UInt8] =
        Array("Date,Description,Amount\n01/02/2024,CAFÉ NERO,-3.50\n02/02/2024,CAF".utf8) + [0xC9]
        + Array(" NOIR,-2.00\n".utf8)

    @Test func aFieldThatIsNotUTF8IsReadInTheCodePageAndNamed() {
        let decoded = TextDecoding.decode(Self.mixedCSV, declared: nil)
        #expect(
            String(decoding: decoded.bytes, as: UTF8.self)
                == "Date,Description,Amount\n01/02/2024,CAFÉ NERO,-3.50\n02/02/2024,CAFÉ NOIR,-2.00\n")
        #expect(decoded.encoding == .utf8)
        #expect(
            decoded.warnings == [
                TextDecoding.Warning(
                    line: 3,
                    message:
                        "byte 0xC9 on this line is not UTF-8 in a file that otherwise is; its field was read as windows-1252"
                )
            ])
    }

    /// A field with a byte that is not UTF-8 is read wholly in the code page (one program wrote
    /// it): C3 A9 C9 is `Ã©É`, while the UTF-8 `é` of the next field stays `é`.
    @Test func theWholeFieldIsReadInTheCodePage() {
        let bytes = Array("a;".utf8) + [0xC3, 0xA9, 0xC9] + Array(";".utf8) + [0xC3, 0xA9] + Array("\n".utf8)
        let decoded = TextDecoding.decode(bytes, declared: nil)
        #expect(String(decoding: decoded.bytes, as: UTF8.self) == "a;Ã©É;é\n")
    }

    /// A file with no UTF-8 beyond ASCII is a Windows-1252 file, read whole as before.
    @Test func aFileWithoutUTF8IsStillReadWhole() {
        let bytes = Array("x,".utf8) + [0xC9] + Array(",".utf8) + [0xE9] + Array("\n".utf8)
        let decoded = TextDecoding.decode(bytes, declared: nil)
        #expect(String(decoding: decoded.bytes, as: UTF8.self) == "x,É,é\n")
        #expect(decoded.encoding == .windows1252)
    }

    /// Twenty lines are named; the rest are counted in one more warning, from the 21st on.
    @Test func manyLinesAreSummarised() {
        var bytes: [UInt8] = []
        for _ in 0..<25 { bytes += Array("é,".utf8) + [0xE9] + [0x0A] }
        let decoded = TextDecoding.decode(bytes, declared: nil)
        #expect(decoded.warnings.count == 21)
        #expect(decoded.warnings.prefix(20).map(\.line) == Array(1...20))
        #expect(
            decoded.warnings.last
                == TextDecoding.Warning(
                    line: 21,
                    message: "and 5 more line(s) from here on have fields that are not UTF-8, read as windows-1252"))
        #expect(String(decoding: decoded.bytes, as: UTF8.self) == String(repeating: "é,é\n", count: 25))
    }

    @Test func csvImportReadsBothPayees() throws {
        let profile = try CSVReaderQuirkTests.simple("", id: "test")
        let file = try CSVTestSupport.read(Self.mixedCSV, profiles: [profile])
        #expect(file.csvRecords.map(\.payee) == ["CAFÉ NERO", "CAFÉ NOIR"])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:3:1: warning: byte 0xC9 on this line is not UTF-8 in a file that otherwise is; its field was read as windows-1252"
            ])
    }

    @Test func qifImportReadsBothPayees() throws {
        let bytes =
            Array("!Type:Bank\nD03/03/2010\nPCAFÉ NERO\nT-1.00\n^\nD03/24/2010\nPCAF".utf8) + [0xC9]
            + Array(" NOIR\nT-2.00\n^\n".utf8)
        let file = try QIFFixtures.read(bytes)
        #expect(file.statements.first?.records.map(\.payee) == ["CAFÉ NERO", "CAFÉ NOIR"])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.qif:7:1: warning: byte 0xC9 on this line is not UTF-8 in a file that otherwise is; its field was read as windows-1252"
            ])
    }
}
