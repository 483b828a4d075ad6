import AnalysisFile
import Analyze
import Foundation
import Import
import Ledger
import TestSupport
import Testing

/// An OFX investment statement's positions (`INVPOSLIST`) reach net worth through the import
/// report: ofxparse's Vanguard sample states two mutual-fund positions of 10200.0 and 14279.72 as
/// of 2011-07-27 (their own test asserts the values).
@Suite("Investment positions in net worth")
struct InvestmentPositionsTests {
    @Test func vanguardPositionsAreTheAccountsValue() throws {
        let fm = FileManager.default
        let workspace = try TemporaryFolder.make("closebook-positions")
        defer { try? fm.removeItem(at: workspace) }
        try fm.createDirectory(at: workspace.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        let corpus = SamplesPipelineTests.root.deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/ofx/ofxparse__vanguard.ofx")
        try fm.copyItem(at: corpus, to: workspace.appendingPathComponent("inbox/vanguard.ofx"))
        let build = workspace.appendingPathComponent("build").path
        try ImportCommand.parse([
            "--workspace", workspace.path, "--profiles",
            SamplesPipelineTests.root.appendingPathComponent("Importers").path,
            "--journal", "\(build)/journal.jsonl", "--report", "\(build)/import-report.json", "--quiet",
        ]).run()
        let report = try JSONDecoder().decode(
            ImportReport.self, from: Data(contentsOf: URL(fileURLWithPath: "\(build)/import-report.json")))
        let positions = try #require(report.accounts.first?.positions)
        #expect(positions.map(\.date) == ["2011-07-27"])
        #expect(positions.map(\.value) == ["24479.72"])  // 10200.00 + 14279.72

        let journal = try JournalCodec.decode(try FileOutput.read("\(build)/journal.jsonl"), path: "journal")
        let facts = try JSONDecoder().decode(
            ImportFacts.self, from: Data(contentsOf: URL(fileURLWithPath: "\(build)/import-report.json")))
        let run = AnalysisRun(
            workspace: workspace.path, ledgerPath: "", importReportPath: nil, request: .month(YearMonth("2011-07")!),
            out: "\(build)/analysis")
        let (rates, settings) = try run.loadSettings(accounts: journal.accounts, base: journal.baseCurrency)
        _ = try run.write(ledger: journal, rates: rates, settings: settings, facts: facts)
        let analysis = try JSONDecoder().decode(
            MonthAnalysis.self, from: Data(contentsOf: URL(fileURLWithPath: "\(build)/analysis/2011-07.json")))
        let account = try #require(analysis.netWorth?.accounts.first)
        #expect(account.source == "valuation")
        #expect(account.valuedOn == "2011-07-27")
        // No cash balance is known for the account (no opening or statement balance), so its value
        // is the positions' alone.
        #expect(account.balance == "24479.72")
        #expect(analysis.netWorth?.total == "24479.72")
    }
}
