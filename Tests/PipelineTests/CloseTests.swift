import AnalysisFile
import Analyze
import ArgumentParser
import Foundation
import TestSupport
import Testing

/// Closing the books over a copy of the Samples: the first run closes October 2026; an override
/// that re-categorises one of its transactions restates it (version 2, with the change and its
/// cause); with `[close] lock = true` a further change is refused (the record is untouched, the
/// run fails) until `--reopen 2026-10 --reason …` records it as version 3.
@Suite("Closed months", .serialized)
struct CloseTests {
    static func record(_ workspace: URL, _ month: String) throws -> CloseRecord {
        try JSONDecoder().decode(
            CloseRecord.self, from: Data(contentsOf: workspace.appendingPathComponent("closed/\(month).json")))
    }

    static func analysis(_ workspace: URL, _ month: String) throws -> MonthAnalysis {
        try JSONDecoder().decode(
            MonthAnalysis.self,
            from: Data(contentsOf: workspace.appendingPathComponent("build/analysis/\(month).json")))
    }

    /// The first October 2026 expense in the ledger that counts: (id, amount, category).
    static func octoberExpense(_ workspace: URL) throws -> (id: String, amount: String, category: String) {
        let lines = try String(contentsOf: workspace.appendingPathComponent("build/ledger.jsonl"), encoding: .utf8)
            .split(separator: "\n").dropFirst()
        for line in lines {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let date = row["date"] as? String, date.hasPrefix("2026-10"), let amount = row["amount"] as? String,
                amount.hasPrefix("-"), row["transfer"] == nil, row["ignored"] == nil, row["splits"] == nil,
                let category = row["category"] as? String, let id = row["id"] as? String, !id.contains(",")
            else { continue }
            return (id, amount, category)
        }
        throw CancellationError()
    }

    static func analyze(_ workspace: URL, _ extra: [String] = []) throws {
        let build = workspace.appendingPathComponent("build").path
        try AnalyzeCommand.parse(
            [
                "--workspace", workspace.path, "--ledger", "\(build)/ledger.jsonl", "--import-report",
                "\(build)/import-report.json", "--month", "2026-10", "--out", "\(build)/analysis",
            ] + extra
        ).run()
    }

    @Test func closeRestateLockAndReopen() throws {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)

        // 1. Closed: October's figures as its analysis says them; November (partial) is open.
        let october = try Self.analysis(workspace, "2026-10")
        let first = try Self.record(workspace, "2026-10")
        #expect(first.versions.count == 1)
        #expect(first.versions[0].kind == "closed")
        #expect(first.versions[0].figures.income == october.summary.income)
        #expect(first.versions[0].figures.expenses == october.summary.expenses)
        let ledger = try String(contentsOf: workspace.appendingPathComponent("build/ledger.jsonl"), encoding: .utf8)
        let octoberRows = ledger.split(separator: "\n").filter { $0.contains("\"date\":\"2026-10-") }.count
        #expect(first.versions[0].transactionCount == octoberRows)
        #expect(first.versions[0].inputs.contains { $0.path == "overrides.csv" })
        // Each account's closing balance in the record is the one the report shows.
        for account in october.accounts {
            #expect(first.versions[0].accounts?[account.id]?.closing == account.closingBalance)
            #expect(first.versions[0].accounts?[account.id]?.opening == account.openingBalance)
        }
        let counts = try #require(first.versions[0].records)
        #expect(counts.records == counts.imported + counts.duplicates + counts.skipped && counts.records > 0)
        #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("closed/2026-11.json").path))

        // November 2026 (the exports end on the 18th) has its page, marked partial in the index.
        let firstIndex = try String(contentsOf: workspace.appendingPathComponent("site/index.html"), encoding: .utf8)
        let novemberRow = try #require(firstIndex.split(separator: "\n").first { $0.contains("2026-11/index.html") })
        #expect(novemberRow.contains("partial: the exports end before the month does"))
        #expect(
            !firstIndex.split(separator: "\n").contains { $0.contains("2026-10/index.html") && $0.contains("partial") })

        // 2. An override re-categorises one October expense: October is restated.
        let expense = try Self.octoberExpense(workspace)
        let overrides = workspace.appendingPathComponent("overrides.csv")
        let original = try String(contentsOf: overrides, encoding: .utf8)
        try (original + "\(expense.id),Gifts:Closing test,,\n").write(to: overrides, atomically: true, encoding: .utf8)
        try SamplesPipelineTests.runPipeline(in: workspace)
        let restated = try Self.record(workspace, "2026-10")
        #expect(restated.versions.count == 2)
        let second = try #require(restated.versions.last)
        #expect(second.kind == "restated")
        #expect(second.changes?.recategorised.map(\.id) == [expense.id])
        #expect(second.changes?.recategorised.first?.before == expense.category)
        #expect(second.changes?.recategorised.first?.after == "Gifts:Closing test")
        #expect(second.changes?.added.isEmpty == true && second.changes?.removed.isEmpty == true)
        #expect(second.changes?.causes == ["overrides.csv changed"])
        // The Samples' overrides.csv has a header and one line: the appended row is line 3.
        #expect(second.changes?.recategorised.first?.cause == "override overrides.csv:3")
        #expect(second.figures.categories["Gifts:Closing test"] == String(expense.amount.dropFirst()))
        #expect(second.figures.expenses == first.versions[0].figures.expenses)
        let notices = try Self.analysis(workspace, "2026-10").notices
        #expect(notices.contains { $0.hasPrefix("October 2026 was restated on ") && $0.contains("Gifts:Closing test") })
        // The page, the index and the feed say so (the in-process runs record 20 Nov 2026).
        let page = try String(contentsOf: workspace.appendingPathComponent("site/2026-10/index.html"), encoding: .utf8)
        #expect(
            page.contains(
                "<p class=\"small close-note warn\">Restated on 20 Nov 2026 (version 2 of the close of 20 Nov 2026): "
                    + "1 transaction re-categorised ("))
        let index = try String(contentsOf: workspace.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(index.contains("restated 20 Nov 2026"))
        let feed = try String(contentsOf: workspace.appendingPathComponent("site/feed.xml"), encoding: .utf8)
        #expect(feed.contains("Restated on 20 Nov 2026: 1 transaction re-categorised"))
        let september = try String(
            contentsOf: workspace.appendingPathComponent("site/2026-09/index.html"), encoding: .utf8)
        #expect(september.contains("<p class=\"small close-note\">Closed on 20 Nov 2026.</p>"))
        // September did not change: still one version.
        #expect(try Self.record(workspace, "2026-09").versions.count == 1)

        // 3. Locked: another change is refused; the record is untouched and the run fails.
        let config = workspace.appendingPathComponent("closebook.toml")
        try (try String(contentsOf: config, encoding: .utf8) + "\n[close]\nlock = true\n").write(
            to: config, atomically: true, encoding: .utf8)
        try (original + "\(expense.id),Gifts:Changed again,,\n").write(to: overrides, atomically: true, encoding: .utf8)
        #expect(throws: ExitCode(1)) { try SamplesPipelineTests.runPipeline(in: workspace) }
        #expect(try Self.record(workspace, "2026-10").versions.count == 2)
        #expect(
            try Self.analysis(workspace, "2026-10").notices.contains {
                $0.hasPrefix("October 2026 is closed and locked, but what it says now differs from version 2")
                    && $0.contains("make report REOPEN=2026-10")
            })

        // 4. Reopened with a reason: version 3 records the change.
        try Self.analyze(workspace, ["--reopen", "2026-10", "--reason", "late card statement"])
        let reopened = try Self.record(workspace, "2026-10")
        #expect(reopened.versions.map(\.kind) == ["closed", "restated", "reopened"])
        #expect(reopened.versions.last?.reason == "late card statement")
        #expect(reopened.versions.last?.changes?.recategorised.first?.after == "Gifts:Changed again")
        #expect(reopened.versions.last?.figures.categories["Gifts:Changed again"] == String(expense.amount.dropFirst()))
        // Every version of the record, as written, conforms to Schemas/close-record.schema.json.
        if let validator = JSONSchemaCheck.available("close-record.schema.json") {
            let written = try Data(contentsOf: workspace.appendingPathComponent("closed/2026-10.json"))
            #expect(try validator.problems(written) == [])
        }
    }

    /// A late export: a new card's one-row statement of 14 October 2026 after October was closed.
    /// October is restated with that row added and its cause named; the card begins and ends on
    /// the 14th, so October is no longer complete (the report goes back to September) but its
    /// page stays on the site.
    @Test func aLateExportRestatesTheClosedMonth() throws {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        let before = try Self.record(workspace, "2026-10").versions[0].figures

        try Data("Date,Type,Description,Paid Out,Paid In,Balance\n14/10/2026,DEB,LATE CAFE,4.50,,95.50\n".utf8)
            .write(to: workspace.appendingPathComponent("inbox/late-card.csv"))
        try SamplesPipelineTests.runPipeline(in: workspace)
        let record = try Self.record(workspace, "2026-10")
        let latest = try #require(record.versions.last)
        #expect(record.versions.count == 2)
        #expect(latest.kind == "restated")
        #expect(latest.changes?.added.map(\.payee) == ["Late Cafe"])  // the payee as the cleaner writes it
        #expect(latest.changes?.added.map(\.amount) == ["-4.50"])
        #expect(latest.changes?.removed.isEmpty == true)
        #expect(latest.changes?.causes == ["inbox/late-card.csv is new"])
        #expect(latest.changes?.added.first?.source == "inbox/late-card.csv:2")
        // Expenses rise by exactly the 4.50 (in GBP, the base currency).
        let old = try #require(Decimal(string: before.expenses))
        let new = try #require(Decimal(string: latest.figures.expenses))
        #expect(new - old == Decimal(string: "4.50"))
        #expect(latest.transactionCount == record.versions[0].transactionCount + 1)
        // October is still on the site, now marked partial, and November too.
        let october = try Self.analysis(workspace, "2026-10")
        #expect(october.complete == false)
        #expect(
            FileManager.default.fileExists(atPath: workspace.appendingPathComponent("site/2026-11/index.html").path))

        // An edited rule re-categorises the late row: version 3 names the rule.
        try Data("if payee ~ \"late cafe\"\n    category Food:Late test\n".utf8)
            .write(to: workspace.appendingPathComponent("rules/05-late.rules"))
        try SamplesPipelineTests.runPipeline(in: workspace)
        let third = try #require(try Self.record(workspace, "2026-10").versions.last)
        #expect(third.version == 3)
        #expect(third.changes?.recategorised.map(\.after) == ["Food:Late test"])
        #expect(third.changes?.recategorised.first?.cause?.hasPrefix("rule rules/05-late.rules:") == true)
        #expect(third.changes?.causes == ["rules/05-late.rules is new"])
        #expect(third.figures.categories["Food:Late test"] == "4.50")

        // The late file deleted: version 4 removes the row, and the figures are version 1's again.
        try FileManager.default.removeItem(at: workspace.appendingPathComponent("inbox/late-card.csv"))
        try SamplesPipelineTests.runPipeline(in: workspace)
        let fourth = try #require(try Self.record(workspace, "2026-10").versions.last)
        #expect(fourth.version == 4)
        #expect(fourth.changes?.removed.map(\.payee) == ["Late Cafe"])
        #expect(fourth.changes?.causes == ["inbox/late-card.csv is gone"])
        #expect(fourth.figures.expenses == before.expenses)
        #expect(fourth.figures.income == before.income)
    }
}
