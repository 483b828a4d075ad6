import AnalysisFile
import Analyze
import Foundation
import Ledger
import Testing

@testable import Export

/// The Samples ledger's journal against the Samples' own analysis files: for every month, what
/// hledger sums per category is what the report shows.
@Suite("The Samples journal in hledger and ledger", .serialized)
struct SamplesJournalTests {
    static func exported() throws -> String {
        let workspace = try SamplesWorkspace.folder()
        let out = workspace.appendingPathComponent("build/export")
        let run = ExportRun(
            workspace: workspace.path, ledgerPath: workspace.appendingPathComponent("build/ledger.jsonl").path,
            outputFolder: out.path, selection: .formats([.journal]))
        let result = run.execute()
        #expect(result.exitCode == 0, "\(result.standardError)")
        return out.appendingPathComponent("closebook.journal").path
    }

    @Test func hledgerChecksIt() throws {
        let path = try Self.exported()
        let checks = ["-s", "accounts", "commodities", "assertions", "balancedwithautoconversion"]
        guard let output = try PeerTool.run("hledger", ["-f", path, "check"] + checks) else { return }
        #expect(output.status == 0, "\(output.standardError)")
    }

    /// The analysis's category figures of `month` as hledger accounts: expenses positive, income
    /// negative (money in credits an income account), zeros left out as hledger leaves them out.
    static func figures(_ analysis: MonthAnalysis) -> [String: Set<String>] {
        var expected: [String: Set<String>] = [:]
        for figure in analysis.categories where Decimal(string: figure.amount) != 0 {
            let name = figure.category == "Uncategorized" ? "Uncategorized" : figure.category
            expected["Expenses:\(name)"] = ["\(figure.amount) \(analysis.currency)"]
        }
        for figure in analysis.incomeCategories where Decimal(string: figure.amount) != 0 {
            let name = figure.category == "Uncategorized" ? "Income:Uncategorized" : figure.category
            let negated = figure.amount.hasPrefix("-") ? String(figure.amount.dropFirst()) : "-" + figure.amount
            expected[name] = ["\(negated) \(analysis.currency)"]
        }
        return expected
    }

    @Test func everyMonthsCategoriesInHledgerAreTheAnalysisFigures() throws {
        let path = try Self.exported()
        let analyses = try SamplesWorkspace.analyses()
        #expect(analyses.count > 12)
        for (month, analysis) in analyses.sorted(by: { $0.key < $1.key }) {
            let arguments = [
                "--cleared", "-b", analysis.periodStart, "-e", Self.dayAfter(analysis.periodEnd),
                "-X", analysis.currency, "--value=then", "Expenses", "Income",
            ]
            guard var balances = try PeerTool.hledgerBalances(path, arguments) else { return }
            // The pension's revaluations are not a category: the analysis's figures leave them out.
            balances.removeValue(forKey: "Income:Investment Growth")
            #expect(!analysis.categories.isEmpty)
            #expect(balances == Self.figures(analysis), "\(month)")
        }
    }

    @Test func everyMonthsClosingBalancesInHledgerAreTheAnalysisFigures() throws {
        let path = try Self.exported()
        for (month, analysis) in try SamplesWorkspace.analyses().sorted(by: { $0.key < $1.key }) {
            var expected: [String: Set<String>] = [:]
            for account in analysis.accounts {
                guard let closing = account.closingBalance, Decimal(string: closing) != 0 else { continue }
                let root = account.kind == "credit_card" || account.kind == "loan" ? "Liabilities" : "Assets"
                expected["\(root):\(account.id.prefix(1).uppercased())\(account.id.dropFirst())"] = [
                    "\(closing) \(account.currency)"
                ]
            }
            let arguments = ["--cleared", "-e", Self.dayAfter(analysis.periodEnd), "Assets", "Liabilities"]
            guard var balances = try PeerTool.hledgerBalances(path, arguments) else { return }
            // The pension's contributions are revalued to the valuation in force at every month end:
            // its balance is the one net worth counts (before its first valuation, what was paid in).
            let pension = analysis.netWorth?.accounts.first { $0.id == "pension" }
            let value = balances.removeValue(forKey: "Assets:Pension")
            if pension?.source == "valuation" { #expect(value == ["\(pension?.balance ?? "") GBP"], "\(month)") }
            #expect(!expected.isEmpty)
            #expect(balances == expected, "\(month)")
        }
    }

    /// valuations.csv's pension: at every month end, its value in hledger is the value the analysis
    /// counts in net worth (the latest valuation at or before the month end), its contributions
    /// since revalued away.
    @Test func everyMonthsValuationInHledgerIsTheAnalysisNetWorth() throws {
        let path = try Self.exported()
        var valued = 0
        for (month, analysis) in try SamplesWorkspace.analyses().sorted(by: { $0.key < $1.key }) {
            guard let pension = analysis.netWorth?.accounts.first(where: { $0.id == "pension" }),
                pension.source == "valuation"
            else { continue }
            valued += 1
            let arguments = ["-e", Self.dayAfter(analysis.periodEnd), "-X", "GBP", "--value=end", "Assets:Pension"]
            guard let balances = try PeerTool.hledgerBalances(path, arguments) else { return }
            #expect(balances == ["Assets:Pension": ["\(pension.balance ?? "") GBP"]], "\(month)")
        }
        #expect(valued > 20)
    }

    @Test func ledgerAgreesWithHledgerOnEveryAccount() throws {
        let path = try Self.exported()
        guard let hledger = try PeerTool.hledgerBalances(path),
            let ledger = try PeerTool.ledgerBalances(path, commodities: ["GBP": 2, "EUR": 2, "PENSION": 0])
        else { return }
        #expect(hledger.count > 20)
        #expect(ledger == hledger)
    }

    static func dayAfter(_ iso: String) -> String {
        CivilDate(dayNumber: CivilDate(iso: iso)!.dayNumber + 1)!.isoString
    }
}
