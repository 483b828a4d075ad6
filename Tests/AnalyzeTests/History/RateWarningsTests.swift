import Foundation
import Ledger
import Testing

@testable import Analyze

/// Lines of rates.csv that convert nothing are said, at their line.
@Suite struct RateWarningsTests {
    @Test func aRateForTheBaseCurrencyIsAWarningAtItsLine() throws {
        let text = "date,currency,rate\n2026-01-01,EUR,0.85\n2026-01-01,GBP,1.00\n"
        let table = try RateTable.parse(text, path: "rates.csv", base: .gbp)
        #expect(table.currencies == [.eur])
        #expect(
            table.warnings == [
                "rates.csv:3:12: warning: a rate for GBP, the base currency, which is 1 by definition: the line is not "
                    + "used (rates convert other currencies into GBP)"
            ])
    }

    @Test func ratesForACurrencyNoAccountUsesAreAWarning() throws {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("rates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: workspace) }
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data("date,currency,rate\n2026-01-01,EUR,0.85\n2026-01-01,USD,0.79\n".utf8)
            .write(to: workspace.appendingPathComponent("rates.csv"))
        let run = AnalysisRun(
            workspace: workspace.path, ledgerPath: "ledger.jsonl", importReportPath: nil, request: .latestComplete,
            out: workspace.path)
        let accounts = [
            Account(id: "current", name: "Current", kind: .checking, currency: .gbp),
            Account(id: "euro", name: "Euro", kind: .checking, currency: .eur),
        ]
        let (rates, _) = try run.loadSettings(accounts: accounts, base: .gbp)
        #expect(
            rates.warnings == [
                workspace.appendingPathComponent("rates.csv").path
                    + ": warning: the rates for USD convert nothing: no account or goal is in USD (accounts are in "
                    + "EUR, GBP)"
            ])
    }
}
