import AnalysisFile
import Foundation
import Testing

/// The analysis files of one pipeline run over a fresh copy of the Samples, shared by the suites
/// that check months against `EXPECTED.json`: analyze writes every month's file, so one run serves
/// them all.
enum SamplesAnalyses {
    static let everyMonth: Result<[String: MonthAnalysis], any Error> = Result {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        let folder = workspace.appendingPathComponent("build/analysis")
        var result: [String: MonthAnalysis] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            result[String(name.dropLast(".json".count))] = try JSONDecoder().decode(MonthAnalysis.self, from: data)
        }
        return result
    }

    /// The analysis of `month` (`2026-10`).
    static func month(_ month: String) throws -> MonthAnalysis {
        try #require(try everyMonth.get()[month])
    }
}
