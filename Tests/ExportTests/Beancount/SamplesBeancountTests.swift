import Analyze
import Foundation
import Ledger
import Testing

@testable import Export

/// The Samples ledger's beancount file against the Samples' own analysis files.
@Suite("The Samples in beancount", .serialized)
struct SamplesBeancountTests {
    static func exported() throws -> String {
        let workspace = try SamplesWorkspace.folder()
        let out = workspace.appendingPathComponent("build/export-beancount")
        let run = ExportRun(
            workspace: workspace.path, ledgerPath: workspace.appendingPathComponent("build/ledger.jsonl").path,
            outputFolder: out.path, selection: .formats([.beancount]))
        let result = run.execute()
        #expect(result.exitCode == 0, "\(result.standardError)")
        return out.appendingPathComponent("closebook.beancount").path
    }

    @Test func beanCheckAcceptsIt() throws {
        try BeancountExportTests.check(try Self.exported())
    }

    /// For every month, the posted rows' totals per category (converted into the base currency at
    /// each day's price by beancount) are the analysis file's category figures.
    @Test func everyMonthsCategoriesInBeanQueryAreTheAnalysisFigures() throws {
        let path = try Self.exported()
        let analyses = try SamplesWorkspace.analyses()
        let base = try #require(analyses.values.first?.currency)
        let query = """
            SELECT year, month, account, sum(number(convert(position, '\(base)', date))) AS total \
            WHERE flag = '*' AND (account ~ '^Expenses:' OR account ~ '^Income:') GROUP BY year, month, account
            """
        guard let rows = try PeerTool.beanQuery(path, query) else { return }
        var totals: [String: [String: String]] = [:]
        for row in rows where row.count == 4 {
            // The pension's revaluations are not a category: the analysis's figures leave them out.
            guard let year = Int(row[0]), let month = Int(row[1]), let value = Decimal(string: row[3]), value != 0,
                row[2] != BeancountAccountName.name(.investmentGrowth)
            else { continue }
            let key = "\(year)-\(month < 10 ? "0" : "")\(month)"
            totals[key, default: [:]][row[2]] = PeerTool.fixed(value, 2)
        }
        #expect(analyses.count > 12)
        for (month, analysis) in analyses.sorted(by: { $0.key < $1.key }) {
            var expected: [String: String] = [:]
            for (name, amounts) in SamplesJournalTests.figures(analysis) {
                let parts = name.split(separator: ":").map(String.init)
                let account = BookAccount(
                    kind: parts[0] == "Income" ? .income : .expense, components: Array(parts.dropFirst()))
                expected[BeancountAccountName.name(account)] = amounts.first.map { String($0.split(separator: " ")[0]) }
            }
            #expect(!expected.isEmpty)
            #expect(totals[month] ?? [:] == expected, "\(month)")
        }
    }
}
