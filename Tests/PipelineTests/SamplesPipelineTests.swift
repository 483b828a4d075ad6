import AnalysisFile
import Analyze
import Categorize
import Foundation
import Import
import Ledger
import Report
import TestSupport
import Testing

/// Runs the four stages in-process over a copy of `Samples/`, the way `make report` runs them.
@Suite("The Samples workspace end to end", .serialized)
struct SamplesPipelineTests {
    static let root = RepositoryPaths.root

    /// The time the in-process runs record in their closes, so that pages saying when a month
    /// was closed are the same bytes on every day.
    static let now = "2026-11-20T09:00:00Z"

    /// Copies the workspace's inputs (never its outputs) into a fresh temporary folder.
    static func freshWorkspace() throws -> URL {
        let fm = FileManager.default
        let target = try TemporaryFolder.make("closebook-pipeline")
        for item in ["closebook.toml", "inbox", "rules", "overrides.csv", "rates.csv", "valuations.csv"] {
            let source = root.appendingPathComponent("Samples").appendingPathComponent(item)
            if fm.fileExists(atPath: source.path) {
                try fm.copyItem(at: source, to: target.appendingPathComponent(item))
            }
        }
        return target
    }

    /// Runs import, categorize, analyze (every month, `month` selected) and report (every month);
    /// returns the selected month's analysis file. `jobs`: the cores analyze and report use
    /// (`--jobs`), else every core.
    @discardableResult
    static func runPipeline(in workspace: URL, month: String = "2026-10", jobs: Int? = nil) throws -> String {
        let jobArguments = jobs.map { ["--jobs", "\($0)"] } ?? []
        let w = workspace.path
        let build = workspace.appendingPathComponent("build").path
        try ImportCommand.parse([
            "--workspace", w, "--profiles", root.appendingPathComponent("Importers").path,
            "--journal", "\(build)/journal.jsonl", "--report", "\(build)/import-report.json", "--quiet",
        ]).run()
        try CategorizeCommand.parse([
            "--workspace", w, "--journal", "\(build)/journal.jsonl", "--ledger", "\(build)/ledger.jsonl",
            "--uncategorized", "\(build)/uncategorized.csv",
            "--starter-rules", root.appendingPathComponent("Importers/starter").path,
        ]).run()
        let analysis = "\(build)/analysis/\(month).json"
        try AnalyzeCommand.parse(
            [
                "--workspace", w, "--ledger", "\(build)/ledger.jsonl", "--import-report", "\(build)/import-report.json",
                "--month", month, "--out", "\(build)/analysis", "--now", SamplesPipelineTests.now,
            ] + jobArguments
        ).run()
        let months = try FileManager.default.contentsOfDirectory(atPath: "\(build)/analysis").sorted()
        try ReportCommand.parse(
            months.flatMap { ["--analysis", "\(build)/analysis/\($0)"] } + [
                "--templates", root.appendingPathComponent("Templates").path,
                "--site", workspace.appendingPathComponent("site").path,
                "--archives", workspace.appendingPathComponent("archives").path,
            ] + jobArguments
        ).run()
        return analysis
    }

    /// Every file under `folder`, relative path -> bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return files
        }
        for case let url as URL in walker
        where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    /// The month facts `scripts/generate_samples.py` computed from its own model of the data.
    static func expected() throws -> [String: Any] {
        let data = try Data(contentsOf: root.appendingPathComponent("Samples/EXPECTED.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func decimal(_ object: Any?) -> String? {
        (object as? [String: Any])?["decimal"] as? String
    }

    @Test func octoberFiguresMatchTheGeneratorsGroundTruth() throws {
        let workspace = try Self.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        let path = try Self.runPipeline(in: workspace)
        let analysis = try JSONDecoder().decode(MonthAnalysis.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let months = try #require(try Self.expected()["months"] as? [String: Any])
        let october = try #require(months["2026-10"] as? [String: Any])
        #expect(analysis.summary.income == Self.decimal(october["income"]))
        #expect(analysis.summary.expenses == Self.decimal(october["expenses"]))
        #expect(analysis.summary.net == Self.decimal(october["net"]))
        #expect(analysis.summary.income == "3051.11")
        #expect(analysis.summary.expenses == "2634.26")
        #expect(analysis.summary.transferCount == october["transferCount"] as? Int)
        let counts = try #require(october["transactionCount"] as? [String: Int])
        let balances = try #require(october["closingBalance"] as? [String: Any])
        for account in analysis.accounts {
            #expect(account.transactionCount == counts[account.id], "transactions of \(account.id)")
            #expect(account.closingBalance == Self.decimal(balances[account.id]), "closing balance of \(account.id)")
        }
        let incomeByCategory = try #require(october["incomeByCategory"] as? [String: Any])
        for figure in analysis.incomeCategories {
            #expect(figure.amount == Self.decimal(incomeByCategory[figure.category]), "income \(figure.category)")
        }
    }

    /// Every month from 2024-09 to 2026-10: the figures (with the euro account's amounts at the rates
    /// of rates.csv), every account's closing balance and net worth (with the pension's valuations),
    /// as the generator worked them out from its own model.
    @Test func everyMonthMatchesTheGeneratorsGroundTruth() throws {
        let workspace = try Self.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try Self.runPipeline(in: workspace)
        let months = try #require(try Self.expected()["months"] as? [String: Any])
        #expect(months.count == 26)
        for (month, value) in months.sorted(by: { $0.key < $1.key }) {
            let expected = try #require(value as? [String: Any])
            let path = workspace.appendingPathComponent("build/analysis/\(month).json")
            let analysis = try JSONDecoder().decode(MonthAnalysis.self, from: Data(contentsOf: path))
            #expect(analysis.summary.income == Self.decimal(expected["income"]), "income \(month)")
            #expect(analysis.summary.expenses == Self.decimal(expected["expenses"]), "expenses \(month)")
            #expect(analysis.summary.net == Self.decimal(expected["net"]), "net \(month)")
            let balances = try #require(expected["closingBalance"] as? [String: Any])
            for account in analysis.accounts {
                #expect(
                    account.closingBalance == Self.decimal(balances[account.id]), "\(account.id) at the end of \(month)"
                )
            }
            let worth = try #require(expected["netWorth"] as? [String: Any])
            let netWorth = try #require(analysis.netWorth)
            #expect(netWorth.total == Self.decimal(worth["total"]), "net worth \(month)")
            let inBase = try #require(worth["accountsInBase"] as? [String: Any])
            for account in netWorth.accounts {
                #expect(account.balanceInBase == Self.decimal(inBase[account.id]), "\(account.id) in GBP, \(month)")
            }
            #expect(Set(netWorth.accounts.map(\.id)) == Set(inBase.keys), "accounts in net worth, \(month)")
        }
    }

    /// What the Samples plant, found by the engine: the Netflix price rise, the stopped
    /// subscription's status month by month, the sofa as March 2026's top anomaly, and never the
    /// salary or the rent among the anomalies. Every month's file conforms to the schema.
    @Test func theEngineFindsWhatTheSamplesPlant() throws {
        let workspace = try Self.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try Self.runPipeline(in: workspace)
        let facts = try #require(try Self.expected()["facts"] as? [String: Any])
        func analysis(_ month: String) throws -> MonthAnalysis {
            let path = workspace.appendingPathComponent("build/analysis/\(month).json")
            return try JSONDecoder().decode(MonthAnalysis.self, from: Data(contentsOf: path))
        }
        let rise = try #require(facts["netflixPriceRise"] as? [String: String])
        let october = try #require(try analysis("2026-10").recurring)
        let netflix = try #require(october.first { $0.payee == "Netflix" })
        #expect(netflix.cadence == "monthly")
        #expect(netflix.status == "active")
        let change = try #require(netflix.priceChanges.last)
        #expect(change.date.hasPrefix(try #require(rise["month"])))
        #expect(change.from == "-" + (rise["from"] ?? ""))
        #expect(change.to == "-" + (rise["to"] ?? ""))

        let stopped = try #require(facts["stoppedSubscription"] as? [String: Any])
        let statuses = try #require(stopped["statusByMonth"] as? [String: String])
        for (month, status) in statuses {
            let series = try #require(try analysis(month).recurring).first { $0.payee == "Disney Plus" }
            #expect(series?.status == status, "\(month)")
            #expect(series?.lastDate == stopped["lastCharge"] as? String, "\(month)")
        }
        #expect(
            try analysis("2026-07").recurring?.first { $0.payee == "Disney Plus" }?.expectedDate
                == stopped["firstMissed"] as? String)

        let spike = try #require(facts["spendingSpike"] as? [String: String])
        let top = try #require(try analysis("2026-03").anomalies?.first)
        #expect(top.date == spike["date"])
        #expect(top.amount == spike["amount"])
        #expect(top.risk >= 0.7)

        let folder = workspace.appendingPathComponent("build/analysis")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let files = try names.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        if let validator = JSONSchemaCheck.available("analysis.schema.json") {
            for (name, problems) in zip(names, try validator.problems(files)) { #expect(problems == [], "\(name)") }
        }
        for (name, data) in zip(names, files) {
            let month = try JSONDecoder().decode(MonthAnalysis.self, from: data)
            for anomaly in month.anomalies ?? [] {
                #expect(!["Acme Ltd", "Hollybrook Lettings"].contains(anomaly.payee), "\(name): \(anomaly.reason)")
            }
        }
        // report.json carries the engine's sections as the analysis wrote them, within its own schema.
        let reportSchema = JSONSchemaCheck.available("report.schema.json")
        for month in ["2026-03", "2026-10"] {
            let data = try Data(contentsOf: workspace.appendingPathComponent("site/\(month)/report.json"))
            if let reportSchema { #expect(try reportSchema.problems(data) == [], "\(month)") }
            let document = try JSONDecoder().decode(ReportDocument.self, from: data)
            let source = try analysis(month)
            #expect(document.netWorth == source.netWorth)
            #expect(document.recurring == source.recurring)
            // All but the severity, which report.json's schema (version 1) does not have yet.
            #expect(source.anomalies?.allSatisfy { $0.severity != nil } == true)
            #expect(
                document.anomalies
                    == source.anomalies?.map { anomaly in
                        var entry = anomaly
                        entry.severity = nil
                        return entry
                    })
            #expect(document.forecast == source.forecast)
            #expect(document.cashFlow == source.cashFlow)
            #expect(document.plan == source.plan)
            #expect(document.netWorth != nil && document.forecast != nil)
        }
    }

    /// `make report`'s last lines: every record and every account's money accounted for.
    @Test func conservationLinesAddUp() throws {
        let workspace = try Self.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try Self.runPipeline(in: workspace)
        let build = workspace.appendingPathComponent("build").path
        try AnalyzeCommand.parse([
            "--workspace", workspace.path, "--ledger", "\(build)/ledger.jsonl", "--import-report",
            "\(build)/import-report.json", "--out", "\(build)/analysis", "--conservation", "\(build)/conservation.txt",
        ]).run()
        let lines = try String(contentsOfFile: "\(build)/conservation.txt", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        // Samples/README.md: 1018 CSV rows (57 in both exports), 600 OFX 2, 55 QIF, 6 OFX 1 transactions
        // and the pension's 52 contributions (OFX 1).
        #expect(lines.first == "records 1731 = imported 1674 + duplicates 57 + skipped 0")
        // files.card: opening -412.37 and the statement's ledger balance -554.15 (600 transactions).
        let files = try #require(try Self.expected()["files"] as? [String: Any])
        let card = try #require(files["card"] as? [String: Any])
        #expect(
            lines.contains(
                "card: opening -412.37 + 600 transactions -141.78 = closing \(Self.decimal(card["ledgerBalance"]) ?? "") "
                    + "GBP after its transactions up to 2026-11 (statement balances: ok)"))
    }

    @Test func twoRunsProduceIdenticalBytes() throws {
        let first = try Self.freshWorkspace()
        let second = try Self.freshWorkspace()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        try Self.runPipeline(in: first)
        try Self.runPipeline(in: second)
        // Re-running over an existing output folder must also give the same bytes.
        try Self.runPipeline(in: second)
        let a = try Self.snapshot(first)
        let b = try Self.snapshot(second)
        #expect(a.keys.sorted() == b.keys.sorted())
        // The close records (closed/, the workspace's state, not an output) carry when they were
        // recorded; the rest must match byte for byte, and the records but for their times.
        // The ledger's figure file ends with the ledger's stamp (its times and inode, `FileStamp`):
        // all but those 64 bytes must match. The input files' digests (`build/.input-digests`) are
        // kept by the files' stamps, which differ between two workspaces.
        for key in a.keys.sorted() where !key.hasPrefix("/closed/") && key != "/build/.input-digests" {
            if key.hasSuffix(".figures") {
                #expect(a[key]?.dropLast(64) == b[key]?.dropLast(64), "\(key) differs between runs")
                continue
            }
            #expect(a[key] == b[key], "\(key) differs between runs")
        }
        let stamp = try Regex(#""recordedAt" : "[^"]*""#)
        for key in a.keys.sorted() where key.hasPrefix("/closed/") {
            let left = String(decoding: a[key] ?? Data(), as: UTF8.self).replacing(stamp, with: "")
            let right = String(decoding: b[key] ?? Data(), as: UTF8.self).replacing(stamp, with: "")
            #expect(left == right, "\(key) differs between runs")
        }
        #expect(a.keys.contains("/closed/2026-10.json"))
        for expectedFile in [
            "/site/2026-10/index.html", "/site/2026-10/report.md", "/site/2026-10/report.json", "/site/index.html",
            "/site/feed.xml", "/archives/closebook-2026-10.tar.gz", "/build/journal.jsonl", "/build/ledger.jsonl",
            "/build/import-report.json", "/build/uncategorized.csv", "/build/analysis/2026-10.json",
        ] {
            #expect(a[expectedFile] != nil, "\(expectedFile) was not written")
        }
    }

    /// The generator leaves `UBER EATS` on the current account to the learned fallback (no rule
    /// matches it) and says which category it must reach, corrects one one-off through
    /// overrides.csv, and everything else no rule knows stays in uncategorized.csv.
    @Test func learnedFallbackAndOverrideFileWhatTheRulesMiss() throws {
        let workspace = try Self.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try Self.runPipeline(in: workspace)
        let facts = try #require(try Self.expected()["facts"] as? [String: Any])
        let merchants = try #require(facts["learnedMerchants"] as? [[String: Any]])
        let merchant = try #require(merchants.first)
        #expect(merchants.count == 1)
        let ledger = try String(
            contentsOfFile: workspace.appendingPathComponent("build/ledger.jsonl").path, encoding: .utf8)
        let overrides = try #require(facts["overrides"] as? [[String: String]])
        let override = try #require(overrides.first)
        #expect(overrides.count == 1)
        var learned: [[String: Any]] = []
        var overridden: [[String: Any]] = []
        var starter: [[String: Any]] = []
        for line in ledger.split(separator: "\n").dropFirst() {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if (row["categorySource"] as? String)?.hasPrefix("learned ") == true { learned.append(row) }
            // The Samples' one correction is line 2 of overrides.csv, under its header.
            if row["categorySource"] as? String == "override overrides.csv:2" { overridden.append(row) }
            if (row["categorySource"] as? String)?.hasPrefix("starter ") == true { starter.append(row) }
        }
        // The starter pack comes before the learned fallback and knows UBER EATS: it files the
        // merchant's lines first, under the same category (see Samples/README.md).
        let tooEarly = try #require(merchant["tooEarly"] as? Int)
        #expect(starter.count == (merchant["count"] as? Int ?? 0) + tooEarly)
        let foodRules = try String(
            contentsOf: Self.root.appendingPathComponent("Importers/starter/70-food.rules"), encoding: .utf8
        ).split(separator: "\n", omittingEmptySubsequences: false)
        for row in starter {
            #expect(row["account"] as? String == merchant["account"] as? String)
            #expect(row["category"] as? String == merchant["category"] as? String)
            let source = row["categorySource"] as? String ?? ""
            #expect(source.hasPrefix("starter starter/70-food.rules:"))
            let line = Int(source.split(separator: ":").last ?? "") ?? 0
            #expect(line > 0 && line <= foodRules.count && foodRules[line - 1].contains("word:\"uber eats\""))
        }
        #expect(learned.isEmpty)
        // With the starter pack off, the learned fallback takes them.
        let config = workspace.appendingPathComponent("closebook.toml")
        let settings = try String(contentsOf: config, encoding: .utf8)
        try settings.replacingOccurrences(of: "[categorize]\n", with: "[categorize]\nstarter = false\n")
            .write(to: config, atomically: true, encoding: .utf8)
        let build = workspace.appendingPathComponent("build").path
        try CategorizeCommand.parse([
            "--workspace", workspace.path, "--journal", "\(build)/journal.jsonl", "--ledger", "\(build)/ledger.jsonl",
            "--uncategorized", "\(build)/uncategorized.csv",
            "--starter-rules", Self.root.appendingPathComponent("Importers/starter").path,
        ]).run()
        let ledgerWithoutStarter = try String(
            contentsOfFile: workspace.appendingPathComponent("build/ledger.jsonl").path, encoding: .utf8)
        for line in ledgerWithoutStarter.split(separator: "\n").dropFirst() {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if (row["categorySource"] as? String)?.hasPrefix("learned ") == true { learned.append(row) }
            #expect((row["categorySource"] as? String)?.hasPrefix("starter ") != true)
        }
        #expect(overridden.count == 1)
        #expect(overridden.first?["id"] as? String == override["id"])
        #expect(overridden.first?["category"] as? String == "Shopping:Electronics")
        #expect(overridden.first?["category"] as? String == override["category"])
        #expect(overridden.first?["payee"] as? String == override["payee"])
        #expect(overridden.first?["note"] as? String == override["note"])
        #expect(learned.count == merchant["count"] as? Int)
        #expect(learned.count == 9)
        for row in learned {
            #expect(row["account"] as? String == merchant["account"] as? String)
            #expect(row["category"] as? String == merchant["category"] as? String)
            #expect(row["payee"] as? String == "Uber Eats")
            let confidence = try #require(Double(String((row["categorySource"] as? String ?? "").dropFirst(8))))
            #expect(confidence >= 0.8, "below the Samples' learned_threshold")
        }
        let uncategorized = try String(
            contentsOfFile: workspace.appendingPathComponent("build/uncategorized.csv").path, encoding: .utf8)
        let payees = Set(uncategorized.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[4] })
        // The fallback guesses a line from its own month and earlier ones: the takeaways before
        // `learnedFrom`, when the card's were new, stay uncategorised.
        #expect(tooEarly == 3)
        let merchantsLeft = try #require(facts["uncategorizedMerchants"] as? [String])
        #expect(payees.map(String.init).sorted() == (merchantsLeft + ["UBER EATS"]).sorted())
        let early = uncategorized.split(separator: "\n").filter { $0.split(separator: ",")[4] == "UBER EATS" }
        #expect(early.count == tooEarly)
        let learnedFrom = try #require(merchant["learnedFrom"] as? String)
        for line in early { #expect(String(line.split(separator: ",")[1]) < learnedFrom) }
        for row in learned { #expect((row["date"] as? String ?? "") >= learnedFrom) }
    }

    @Test func archiveHoldsTheMonthsFilesAndTheChartsItsMarkdownShows() throws {
        let workspace = try Self.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try Self.runPipeline(in: workspace)
        let archive = workspace.appendingPathComponent("archives/closebook-2026-10.tar.gz").path
        let listing = try Self.run("/usr/bin/tar", ["-tzf", archive]).split(separator: "\n").map(String.init)
        #expect(
            listing.filter { !$0.hasPrefix("2026-10/charts/") }
                == ["2026-10/index.html", "2026-10/report.json", "2026-10/report.md"])
        // Every chart image of report.md is in the archive and beside it on the site, and no other.
        let markdown = try String(
            contentsOfFile: workspace.appendingPathComponent("site/2026-10/report.md").path, encoding: .utf8)
        let linked = markdown.matches(of: /\]\((charts\/[a-z-]+\.svg)\)/).map { "2026-10/" + String($0.1) }
        #expect(linked.count >= 5)
        #expect(listing.filter { $0.hasPrefix("2026-10/charts/") } == linked.sorted())
        for chart in linked {
            #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("site/" + chart).path))
        }
        _ = try Self.run("/usr/bin/gzip", ["-t", archive])
        let extracted = try Self.run("/usr/bin/tar", ["-xzOf", archive, "2026-10/report.md"])
        let onDisk = try String(
            contentsOfFile: workspace.appendingPathComponent("site/2026-10/report.md").path, encoding: .utf8)
        #expect(extracted == onDisk)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }
}
