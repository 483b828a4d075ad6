import Foundation
import Import
import Ledger
import Testing

/// A refusal that no one account line settles offers a whole profile, its guesses marked: saved
/// as it is, the draft for a real headerless export reads it as the facts say.
@Suite("A refused CSV's profile draft")
struct ProfileDraftTests {
    static func refusal(_ file: String) throws -> String {
        let bytes = try FileOutput.read(WidenedCorpusFacts.directory + "/" + file)
        do {
            _ = try CSVReader(profiles: []).read(
                bytes, path: "inbox/" + file, context: ReadContext(defaultCurrency: .eur))
        } catch {
            return "\(error)"
        }
        Issue.record("\(file) was read; the test needs a file inference refuses")
        return ""
    }

    /// The TOML between the offer and "Or add".
    static func draft(in message: String) -> String? {
        guard let start = message.range(of: "marked DECIDE:\n"), let end = message.range(of: "\nOr add") else {
            return nil
        }
        return String(message[start.upperBound..<end.lowerBound])
    }

    @Test func aHeaderlessExportReadsWithItsDraftAsOffered() throws {
        // Swedbank Estonia: no header, four identical rows; `7,50` in column 6 and `D` (debit) in
        // column 8. A constant column cannot be inferred the amount, so the file is refused.
        let file = "ee-swedbank__sample-statement.csv"
        let message = try Self.refusal(file)
        let toml = try #require(Self.draft(in: message))
        #expect(toml.contains("date = 3 "))
        #expect(toml.contains("column = 6 "))
        #expect(toml.contains("indicator = 8 "))
        #expect(toml.contains("decimal_mark = \",\""))
        let profile = try CSVProfile.parse(toml, id: "draft", path: "importers/draft.toml")
        let bytes = try FileOutput.read(WidenedCorpusFacts.directory + "/" + file)
        let parsed = try CSVReader(profiles: [profile]).read(
            bytes, path: "inbox/" + file, context: ReadContext(defaultCurrency: .eur))
        let read = parsed.csvRecords.map {
            "\($0.date.isoString) \($0.amount.decimalString) \($0.amount.currency.code)"
        }
        #expect(read == Array(repeating: "2022-11-24 -7.50 EUR", count: 4))
    }

    @Test func aDraftNamesTheColumnsByTheirHeaderAndMarksWhatIsGuessed() throws {
        // An FNB-style export: a record-type column, `'`-quoted cells, and dates without a year
        // (`01 Mrt`) that no reader knows; its header line starts with the record type `5`.
        let message = try Self.refusal("hledger-flow__Bogart_123456789_2016-03-30.csv")
        let toml = try #require(Self.draft(in: message))
        #expect(toml.contains("date = \"Datum\"            # DECIDE: the date; column 3 ('Datum') holds '01 Mrt'"))
        #expect(toml.contains("column = \"Bedrag\"         # DECIDE: the amount; column 7 ('Bedrag') holds '-500.00'"))
        #expect(toml.contains("trim = \"'\""))
        #expect(toml.contains("signature = [\"Nommer\", \"Datum\""))
    }
}
