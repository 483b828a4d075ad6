import Foundation
import Ledger
import TestSupport
import Testing

@testable import Import

/// Shared helpers for the OFX tests: where the corpus and fixtures are, and short ways to read
/// OFX text and to write expected dates and amounts.
enum OFXTestSupport {
    /// The repository root: three folders up from `Tests/ImportTests/OFX/`.
    static let root = RepositoryPaths.root

    /// The shared developer corpus, read in place (`<root>/../shared/corpus/ofx/`).
    static let corpus = root.deletingLastPathComponent().appendingPathComponent("shared/corpus/ofx")

    /// Our own small fixtures.
    static let fixtures = root.appendingPathComponent("Tests/ImportTests/Fixtures/ofx")

    static let context = ReadContext(defaultCurrency: .gbp)

    /// An OFX 1.02 file of one GBP checking statement (`55551234` at bank `400000`) from 2026-11-01
    /// to 2026-11-30, with `transactions` (STMTTRN lines) and `after` (lines after the transaction
    /// list, such as a LEDGERBAL). Its first transaction is on line 15.
    static func checkingStatement(_ transactions: String, after: String = "") -> String {
        """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE

        <OFX>
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>400000<ACCTID>55551234<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20261101<DTEND>20261130
        \(transactions)
        </BANKTRANLIST>\(after.isEmpty ? "" : "\n" + after)
        </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """
    }

    static func corpusBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    static func fixtureBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// Reads a corpus file with the reader that recognises it; the diagnostics' path is the file name.
    static func readCorpus(_ name: String) throws -> ParsedFile {
        try read(corpusBytes(name), path: name)
    }

    static func readFixture(_ name: String) throws -> ParsedFile {
        try read(fixtureBytes(name), path: name)
    }

    /// Reads bytes the way the import driver will: with whichever OFX reader recognises them.
    static func read(_ bytes: [UInt8], path: String = "test.ofx") throws -> ParsedFile {
        if OFX2Reader.recognizes(bytes) { return try OFX2Reader().read(bytes, path: path, context: context) }
        return try OFX1Reader().read(bytes, path: path, context: context)
    }

    static func read(_ text: String, path: String = "test.ofx") throws -> ParsedFile {
        try read(Array(text.utf8), path: path)
    }

    /// The diagnostic a read throws, as its whole compiler-style text.
    static func failure(_ bytes: [UInt8], path: String = "test.ofx") -> String? {
        do {
            _ = try read(bytes, path: path)
            return nil
        } catch let diagnostic as ImportDiagnostic {
            return diagnostic.description
        } catch {
            return "unexpected error \(error)"
        }
    }

    static func failure(_ text: String, path: String = "test.ofx") -> String? {
        failure(Array(text.utf8), path: path)
    }
}

/// `date("2024-01-31")`
func date(_ iso: String) -> CivilDate {
    guard let date = CivilDate(iso: iso) else { fatalError("bad date in test: \(iso)") }
    return date
}

/// `money("-12.34", "USD")`: written out by hand in the tests, parsed exactly.
func money(_ text: String, _ code: String) -> Money {
    guard let currency = Currency(code: code), let value = try? Money.parse(text, currency: currency) else {
        fatalError("bad amount in test: \(text) \(code)")
    }
    return value
}

extension ParsedFile {
    /// The only statement, for single-statement files.
    var only: ParsedStatement {
        get throws {
            try #require(statements.count == 1, "expected one statement, found \(statements.count)")
            return statements[0]
        }
    }

    /// Warning texts without the location, in order.
    var warningMessages: [String] { warnings.map(\.message) }
}

extension ParsedStatement {
    var amounts: [Money] { records.map(\.amount) }
    var dates: [CivilDate] { records.map(\.date) }

    func balance(_ kind: StatedBalance.Kind) -> StatedBalance? { statedBalances.first { $0.kind == kind } }

    /// The sum of the records' amounts in minor units.
    var totalMinorUnits: Int64 { records.reduce(0) { $0 + $1.amount.minorUnits } }
}
