import Ledger
import Testing

@testable import Analyze

/// `rates.csv` and `valuations.csv` saved by a Windows editor (CR LF, a byte order mark) or an old
/// Mac one (lone CR) load the same values as with LF. With CR LF the whole file used to be read as
/// its header, and the analysis stopped.
@Suite("Workspace tables with any line ends")
struct WorkspaceTableLineEndingTests {
    static let ends = ["\r\n", "\r"]

    /// `lines` joined by `lineEnd`, after a byte order mark, with a final line end.
    static func text(_ lines: [String], _ lineEnd: String) -> String {
        "\u{FEFF}" + lines.joined(separator: lineEnd) + lineEnd
    }

    @Test(arguments: ends)
    func ratesLoadTheSameValues(lineEnd: String) throws {
        let lines = ["date,currency,rate", "# euro", "2026-01-01,EUR,0.85", "", "2026-07-01,EUR,0.86"]
        let table = try RateTable.parse(Self.text(lines, lineEnd), path: "rates.csv", base: .gbp)
        #expect(table == (try RateTable.parse(lines.joined(separator: "\n"), path: "rates.csv", base: .gbp)))
        func day(_ iso: String) throws -> Int { try #require(CivilDate(iso: iso)).dayNumber }
        // 10.00 EUR at 0.85 and 0.86.
        #expect(table.toBase(1000, .eur, onDay: try day("2026-06-30")) == 850)
        #expect(table.toBase(1000, .eur, onDay: try day("2026-07-01")) == 860)
    }

    @Test(arguments: ends)
    func valuationsLoadTheSameValues(lineEnd: String) throws {
        let lines = ["date,account,value", "2026-01-31,pension,5000.00", "2026-02-28,pension,5100.50"]
        let valuations = try Valuations.parse(
            Self.text(lines, lineEnd), path: "valuations.csv", accounts: ["pension": .gbp])
        let entries = valuations.entries[AccountID("pension")] ?? []
        #expect(entries.map(\.date.isoString) == ["2026-01-31", "2026-02-28"])
        #expect(entries.map(\.value.minorUnits) == [500_000, 510_050])
        // Line numbers count the lines an editor shows.
        #expect(entries.map(\.source) == ["valuations.csv:2", "valuations.csv:3"])
    }

    @Test func errorsNameTheLineAndTheCell() {
        let text = "date,currency,rate\r\n2026-01-01,EUR,0.85\r\n2026-13-01,EUR,1\r\n"
        do {
            _ = try RateTable.parse(text, path: "rates.csv", base: .gbp)
            Issue.record("month 13 was read as a date")
        } catch {
            #expect(error.description == "rates.csv:3:1: error: '2026-13-01' is not a date in YYYY-MM-DD form")
        }
    }
}
