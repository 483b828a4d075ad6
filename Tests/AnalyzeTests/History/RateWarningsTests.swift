import Foundation
import Ledger
import TestSupport
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
        let workspace = try TemporaryFolder.make("rates")
        defer { try? FileManager.default.removeItem(at: workspace) }
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

    /// The ECB's file as downloaded: its cross rates convert, and its many unused currencies are
    /// not warned about (USD 0.84 ÷ 1.05 = 0.8 GBP on 20 November).
    @Test func theECBFileAsDownloadedConverts() throws {
        let text = "Date,USD,JPY,GBP,\n2026-11-20,1.0500,160.00,0.8400,\n"
        let table = try RateTable.parse(text, path: "rates.csv", base: .gbp)
        #expect(table.isReferenceFile)
        let day = CivilDate(iso: "2026-11-20")!.dayNumber
        #expect(table.rate(for: .usd, onDay: day) == ExchangeRate("0.8"))
        #expect(table.convert(10_000, from: .usd, to: .gbp, onDay: day) == 8_000)
        #expect(table.warnings.isEmpty)
    }
}
