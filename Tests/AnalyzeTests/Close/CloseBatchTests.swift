import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

/// First closes are written without a flush each and flushed together at the end of the run; a
/// run that stopped in between leaves `closed/.closing`, and the next run closes those months
/// afresh. The transactions list is written by hand, in the bytes `JSONEncoder` gives.
@Suite struct CloseBatchTests {
    static func run(_ workspace: URL, now: String = "2026-12-02T08:00:00Z") throws -> AnalysisRun.Outcome {
        var run = AnalysisRun(
            workspace: workspace.path, ledgerPath: workspace.appendingPathComponent("ledger.jsonl").path,
            importReportPath: nil, request: .latestComplete, out: workspace.appendingPathComponent("analysis").path)
        run.closing = AnalysisRun.Closing(lock: false, now: now)
        return try run.write(
            ledger: FirstAndEmptyMonthCloseTests.ledger([("2026-09-03", -1_000), ("2026-11-10", -2_500)]),
            rates: RateTable(base: .gbp), settings: AnalysisSettings(), facts: FirstAndEmptyMonthCloseTests.facts)
    }

    static func names(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aFirstRunLeavesEveryRecordAndNoMarker() throws {
        let workspace = try TemporaryFolder.make("close")
        defer { try? FileManager.default.removeItem(at: workspace) }
        _ = try Self.run(workspace)
        #expect(
            Self.names(workspace.appendingPathComponent("closed")) == [
                "2026-09.json", "2026-09.v1.jsonl", "2026-10.json", "2026-10.v1.jsonl", "2026-11.json",
                "2026-11.v1.jsonl",
            ])
    }

    /// A run stopped while closing September and October: October's record is cut short,
    /// September has its transactions but no record, and a temporary file is left. November's
    /// record (two versions, so no first close wrote it) is not the crashed run's.
    @Test func theNextRunRedoesWhatAStoppedRunLeftHalfWritten() throws {
        let workspace = try TemporaryFolder.make("close")
        defer { try? FileManager.default.removeItem(at: workspace) }
        _ = try Self.run(workspace, now: "2026-12-01T08:00:00Z")
        let closed = workspace.appendingPathComponent("closed")
        let store = CloseStore(workspace: workspace.path)
        var november = try #require(try store.record(YearMonth("2026-11")!))
        var second = november.versions[0]
        second.version = 2
        second.kind = "restated"
        november.versions.append(second)
        try store.write(november, month: YearMonth("2026-11")!, lines: [])
        try FileManager.default.removeItem(at: closed.appendingPathComponent("2026-09.json"))
        try Data("{\"schemaVer".utf8).write(to: closed.appendingPathComponent("2026-10.json"))
        try Data("half".utf8).write(to: closed.appendingPathComponent(".2026-10.v1.jsonl.4242.tmp"))
        try Data("2026-09\n2026-10\n2026-11\n".utf8).write(to: closed.appendingPathComponent(".closing"))

        let outcome = try Self.run(workspace)
        #expect(outcome.closedMonths.map(\.description) == ["2026-09", "2026-10"])
        #expect(try store.record(YearMonth("2026-09")!)?.versions.map(\.recordedAt) == ["2026-12-02T08:00:00Z"])
        #expect(try store.record(YearMonth("2026-10")!)?.versions.map(\.recordedAt) == ["2026-12-02T08:00:00Z"])
        #expect(try store.record(YearMonth("2026-11")!)?.versions.count == 2)
        #expect(store.transactions(YearMonth("2026-09")!, version: 1).map(\.amount) == ["-10.00"])
        #expect(
            Self.names(closed) == [
                "2026-09.json", "2026-09.v1.jsonl", "2026-10.json", "2026-10.v1.jsonl", "2026-11.json",
                "2026-11.v1.jsonl", "2026-11.v2.jsonl",
            ])
    }

    /// Without the marker, a record that cannot be read is the person's to restore: never redone.
    @Test func withoutTheMarkerABrokenRecordIsAnError() throws {
        let workspace = try TemporaryFolder.make("close")
        defer { try? FileManager.default.removeItem(at: workspace) }
        _ = try Self.run(workspace)
        let record = workspace.appendingPathComponent("closed/2026-10.json")
        try Data("{\"schemaVer".utf8).write(to: record)
        #expect(throws: AnalyzeError.self) { _ = try Self.run(workspace) }
        #expect(try Data(contentsOf: record) == Data("{\"schemaVer".utf8))
    }

    /// Transfers, pending, ignored and uncategorised rows, and a payee with a quote, a backslash, a
    /// slash, a tab and an accent: the lines are `JSONEncoder`'s, key for key and byte for byte.
    @Test func theTransactionLinesAreWhatJSONEncoderWrites() throws {
        let gbp = Currency.gbp
        let rows: [FigureRow] = [
            FigureRow(
                id: TransactionID("current/1"), account: "current", date: CivilDate(iso: "2026-10-01")!,
                amount: Money(minorUnits: -1_250, currency: gbp), payee: "CAFÉ \"NERO\" 1/2 \\ a\tb",
                category: CategoryPath("Food:Coffee")),
            FigureRow(
                id: TransactionID("current/2"), account: "current", date: CivilDate(iso: "2026-10-02")!,
                amount: Money(minorUnits: 50_000, currency: gbp), payee: "FROM SAVINGS", isTransfer: true),
            FigureRow(
                id: TransactionID("current/3"), account: "current", date: CivilDate(iso: "2026-10-03")!,
                amount: Money(minorUnits: -5, currency: gbp), payee: "PENDING", status: .pending,
                category: CategoryPath("Food")),
            FigureRow(
                id: TransactionID("current/4"), account: "current", date: CivilDate(iso: "2026-10-04")!,
                amount: Money(minorUnits: -700, currency: gbp), payee: "IGNORED", isIgnored: true),
            FigureRow(
                id: TransactionID("yen/5"), account: "yen", date: CivilDate(iso: "2026-10-05")!,
                amount: Money(minorUnits: -1_200, currency: Currency(code: "JPY")!), payee: "NONE"),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let transactions = [
            ClosedTransaction(
                id: "current/1", account: "current", amount: "-12.50", currency: "GBP", category: "Food:Coffee",
                date: "2026-10-01", payee: "CAFÉ \"NERO\" 1/2 \\ a\tb"),
            ClosedTransaction(
                id: "current/2", account: "current", amount: "500.00", currency: "GBP", category: "(transfer)",
                date: "2026-10-02", payee: "FROM SAVINGS"),
            ClosedTransaction(
                id: "current/3", account: "current", amount: "-0.05", currency: "GBP", category: "(pending)",
                date: "2026-10-03", payee: "PENDING"),
            ClosedTransaction(
                id: "current/4", account: "current", amount: "-7.00", currency: "GBP", category: "(ignored)",
                date: "2026-10-04", payee: "IGNORED"),
            ClosedTransaction(
                id: "yen/5", account: "yen", amount: "-1200", currency: "JPY", category: "Uncategorized",
                date: "2026-10-05", payee: "NONE"),
        ]
        var expected: [UInt8] = []
        for transaction in transactions { expected += Array(try encoder.encode(transaction)) + [0x0A] }
        #expect(ClosedTransactionLines.encode(rows[...]) == expected)
        // Read back: the same transactions.
        #expect(ClosedTransactionLines.decode(expected) == transactions)
    }

    /// The lines read as `JSONDecoder` read them: members in any order, an unknown one skipped,
    /// `source` present, null or absent, escapes, CRLF and blank lines; a line with a member
    /// missing or of the wrong type, or with bytes after its object, is left out.
    @Test func closedLinesReadAsTheDecoderReadThem() throws {
        let lines = [
            #"{"account":"current","amount":"-1.00","category":"Food","currency":"GBP","date":"2026-10-01","id":"a","payee":"CAF\u00c9 \"X\" \/ 1"}"#,
            "",
            #"{"payee":"P","id":"b","date":"2026-10-02","currency":"GBP","category":"(transfer)","amount":"2.00","account":"s","extra":[1,{"k":null}]}"#,
            #"{"account":"a","amount":"3","category":"C","currency":"JPY","date":"2026-10-03","id":"c","payee":"Q","source":"inbox/late.csv:2"}"#,
            #"{"account":"a","amount":"4","category":"C","currency":"JPY","date":"2026-10-04","id":"d","payee":"R","source":null}"#,
            #"{"account":"a","amount":"5","category":"C","currency":"JPY","date":"2026-10-05","id":"e"}"#,
            #"{"account":"a","amount":6,"category":"C","currency":"JPY","date":"2026-10-06","id":"f","payee":"S"}"#,
            #"{"account":"a","amount":"7","category":"C","currency":"JPY","date":"2026-10-07","id":"g","payee":"T"} x"#,
            #"not json"#,
        ]
        let bytes = Array(lines.joined(separator: "\r\n").utf8) + [0x0A]
        let decoded = ClosedTransactionLines.decode(bytes)
        let decoder = JSONDecoder()
        let expected = bytes.split(separator: 0x0A).compactMap {
            try? decoder.decode(ClosedTransaction.self, from: Data($0))
        }
        #expect(decoded == expected)
        #expect(decoded.map(\.id) == ["a", "b", "c", "d"])
        #expect(decoded.first?.payee == "CAFÉ \"X\" / 1")
        #expect(decoded.map(\.source) == [nil, nil, "inbox/late.csv:2", nil])
    }
}
