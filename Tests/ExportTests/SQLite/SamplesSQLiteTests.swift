import Analyze
import Foundation
import Ledger
import Testing

@testable import Export

/// The Samples ledger's database against the Samples' own analysis files.
@Suite("The Samples in SQLite", .serialized)
struct SamplesSQLiteTests {
    static func exported() throws -> String {
        let workspace = try SamplesWorkspace.folder()
        let out = workspace.appendingPathComponent("build/export-sqlite")
        let run = ExportRun(
            workspace: workspace.path, ledgerPath: workspace.appendingPathComponent("build/ledger.jsonl").path,
            outputFolder: out.path, selection: .formats([.sqlite]))
        let result = run.execute()
        #expect(result.exitCode == 0, "\(result.standardError)")
        return out.appendingPathComponent("closebook.sqlite").path
    }

    /// Minor units as decimal text with two places: `-5420` is `-54.20`.
    static func decimal(_ minor: String) -> String {
        guard let value = Decimal(string: minor) else { return minor }
        return PeerTool.fixed(value / 100, 2)
    }

    /// The views in months whose rows are all in the base currency (the views do not convert):
    /// spending and income per category are the analysis file's figures.
    @Test func everyOneCurrencyMonthsViewsAreTheAnalysisFigures() throws {
        let path = try Self.exported()
        guard
            let mixed = try SQLiteExportTests.query(
                path, "SELECT DISTINCT month FROM transactions WHERE currency <> 'GBP'")
        else { return }
        var compared = 0
        for (month, analysis) in try SamplesWorkspace.analyses().sorted(by: { $0.key < $1.key })
        where !mixed.contains(month) {
            let sql = """
                SELECT 'Expenses', category, amount_minor FROM spending_by_month WHERE month = '\(month)' \
                UNION ALL SELECT 'Income', category, amount_minor FROM income_by_month WHERE month = '\(month)'
                """
            guard let rows = try SQLiteExportTests.query(path, sql) else { return }
            var views: [String: String] = [:]
            for row in rows {
                let cells = row.split(separator: "|").map(String.init)
                guard cells[2] != "0" else { continue }
                views["\(cells[0]) \(cells[1])"] = Self.decimal(cells[2])
            }
            var expected: [String: String] = [:]
            for figure in analysis.categories where Decimal(string: figure.amount) != 0 {
                expected["Expenses \(figure.category)"] = figure.amount
            }
            for figure in analysis.incomeCategories where Decimal(string: figure.amount) != 0 {
                expected["Income \(figure.category)"] = figure.amount
            }
            #expect(views == expected, "\(month)")
            compared += 1
        }
        #expect(compared > 12)
    }

    @Test func everyMonthsBalancesAreTheAnalysisClosingBalances() throws {
        let path = try Self.exported()
        for (month, analysis) in try SamplesWorkspace.analyses().sorted(by: { $0.key < $1.key }) {
            let sql = "SELECT account_id, balance_minor FROM month_end_balances WHERE month = '\(month)'"
            guard let rows = try SQLiteExportTests.query(path, sql) else { return }
            var balances: [String: String] = [:]
            for row in rows {
                let cells = row.split(separator: "|").map(String.init)
                balances[cells[0]] = Self.decimal(cells[1])
            }
            var expected: [String: String] = [:]
            for account in analysis.accounts {
                if let closing = account.closingBalance { expected[account.id] = closing }
            }
            #expect(!expected.isEmpty)
            #expect(balances == expected, "\(month)")
        }
    }

    /// Every month's insights, recurring series and anomalies, read back with `sqlite3`, are the
    /// analysis files' entries, in their order, with their transactions; the keys hold.
    @Test func everyMonthsInsightsRecurringSeriesAndAnomaliesAreTheAnalysisFiles() throws {
        let path = try Self.exported()
        #expect(try SQLiteExportTests.query(path, "PRAGMA foreign_key_check") == [])
        let analyses = try SamplesWorkspace.analyses()
        var insights: [String] = []
        var insightLinks: [String] = []
        var series: [String] = []
        var seriesLinks: [String] = []
        var anomalies: [String] = []
        var anomalyLinks: [String] = []
        for (month, analysis) in analyses.sorted(by: { $0.key < $1.key }) {
            for (index, card) in (analysis.insights ?? []).enumerated() {
                insights.append(
                    [
                        month, "\(index + 1)", card.type, card.category, card.title, card.metric.value,
                        card.metric.unit,
                        card.severity,
                    ].joined(separator: "|"))
                insightLinks += (card.transactionIds ?? []).map { "\(month)|\(index + 1)|\($0)" }
            }
            for (index, entry) in (analysis.recurring ?? []).enumerated() {
                series.append(
                    [
                        month, "\(index + 1)", entry.payee, entry.account, entry.cadence, entry.amount, entry.currency,
                        entry.nextDate, entry.status, "\(entry.occurrences)",
                    ].joined(separator: "|"))
                seriesLinks += entry.transactionIds.map { "\(month)|\(index + 1)|\($0)" }
            }
            for (index, anomaly) in (analysis.anomalies ?? []).enumerated() {
                anomalies.append(
                    [
                        month, "\(index + 1)", anomaly.kind, anomaly.date, anomaly.payee, anomaly.amount,
                        analysis.currency, anomaly.severity ?? "",
                    ].joined(separator: "|"))
                anomalyLinks += anomaly.transactionIds.map { "\(month)|\(index + 1)|\($0)" }
            }
        }
        #expect(insights.count > 500)
        #expect(series.count > 200)
        #expect(anomalies.count > 10)
        let queries: [(String, [String])] = [
            (
                "SELECT month, position, type, category, title, metric_value, metric_unit, severity FROM insights "
                    + "ORDER BY month, position", insights
            ),
            (
                "SELECT month, position, payee, account_id, cadence, amount, currency, next_date, status, occurrences "
                    + "FROM recurring_series ORDER BY month, position", series
            ),
            (
                "SELECT month, position, kind, date, payee, amount, currency, COALESCE(severity, '') FROM anomalies "
                    + "ORDER BY month, position", anomalies
            ),
            ("SELECT * FROM insight_transactions ORDER BY month, position, rowid", insightLinks),
            ("SELECT * FROM recurring_transactions ORDER BY month, position, rowid", seriesLinks),
            ("SELECT * FROM anomaly_transactions ORDER BY month, position, rowid", anomalyLinks),
        ]
        for (sql, expected) in queries {
            guard let rows = try SQLiteExportTests.query(path, sql) else { return }
            #expect(rows == expected, "\(sql)")
        }
        // Minor units agree with the decimal text: the rent series of October, -1095.00 a month.
        #expect(
            try SQLiteExportTests.query(
                path,
                "SELECT amount_minor FROM recurring_series WHERE month = '2026-10' AND payee = 'Hollybrook Lettings'")
                == ["-109500"])
    }
}
