import AnalysisFile
import Analyze
import Categorize
import Foundation
import Import
import Ledger
import TestSupport

/// The Samples workspace run through import, categorisation and analysis in a fresh folder, as
/// `make report` runs them (the pipeline tests' way, without the report stage).
enum SamplesWorkspace {
    static let root = RepositoryPaths.root

    /// The folder, its `build/` holding `ledger.jsonl` and `analysis/*.json`, built once per run.
    static let built: Result<URL, any Error> = Result {
        let fm = FileManager.default
        let target = try TemporaryFolder.make("closebook-export-samples")
        for item in ["closebook.toml", "inbox", "rules", "overrides.csv", "rates.csv", "valuations.csv"] {
            let source = root.appendingPathComponent("Samples").appendingPathComponent(item)
            if fm.fileExists(atPath: source.path) {
                try fm.copyItem(at: source, to: target.appendingPathComponent(item))
            }
        }
        let w = target.path
        let build = target.appendingPathComponent("build").path
        try ImportCommand.parse([
            "--workspace", w, "--profiles", root.appendingPathComponent("Importers").path,
            "--journal", "\(build)/journal.jsonl", "--report", "\(build)/import-report.json", "--quiet",
        ]).run()
        try CategorizeCommand.parse([
            "--workspace", w, "--journal", "\(build)/journal.jsonl", "--ledger", "\(build)/ledger.jsonl",
            "--uncategorized", "\(build)/uncategorized.csv",
            "--starter-rules", root.appendingPathComponent("Importers/starter").path,
        ]).run()
        try AnalyzeCommand.parse([
            "--workspace", w, "--ledger", "\(build)/ledger.jsonl", "--import-report", "\(build)/import-report.json",
            "--month", "2026-10", "--out", "\(build)/analysis",
        ]).run()
        return target
    }

    static func folder() throws -> URL { try built.get() }

    /// Every month's analysis file, by month (`2026-10`).
    static func analyses() throws -> [String: MonthAnalysis] {
        let folder = try folder().appendingPathComponent("build/analysis")
        var result: [String: MonthAnalysis] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let analysis = try JSONDecoder().decode(MonthAnalysis.self, from: data)
            result[analysis.month] = analysis
        }
        return result
    }
}
