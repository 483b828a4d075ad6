import Foundation
import Testing

/// The three outputs of two Samples months, compared byte for byte with recorded copies:
/// October 2026 (a normal month) and March 2026 (a deficit, the sofa), through the whole pipeline.
///
/// After a deliberate change to the templates, the view model or the analysis, re-record with
/// `RECORD_GOLDEN=1 swift test --filter SamplesGoldenTests` and review the diff of `Tests/PipelineTests/Golden/`.
@Suite("The Samples months against their recorded outputs", .serialized)
struct SamplesGoldenTests {
    static let months = ["2026-03", "2026-10"]
    static let files = ["index.html", "report.md", "report.json"]
    static let golden = SamplesPipelineTests.root.appendingPathComponent("Tests/PipelineTests/Golden")
    static var recording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    @Test func theOutputsMatchTheRecordedOnes() throws {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        for month in Self.months {
            for file in Self.files {
                let name = "\(month)/\(file)"
                let rendered = try Data(contentsOf: workspace.appendingPathComponent("site/\(name)"))
                let target = Self.golden.appendingPathComponent(name)
                if Self.recording {
                    try FileManager.default.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try rendered.write(to: target)
                    continue
                }
                guard let recorded = try? Data(contentsOf: target) else {
                    Issue.record("\(name) has no recorded copy: record it with RECORD_GOLDEN=1")
                    continue
                }
                if let difference = Self.firstDifference(rendered, recorded) {
                    Issue.record(
                        """
                        \(name) differs from Golden/\(name) at line \(difference.line):
                          rendered: \(difference.rendered)
                          recorded: \(difference.recorded)
                        Re-record with RECORD_GOLDEN=1 if the change is intended.
                        """)
                }
            }
        }
    }

    /// The first line where two files differ, nil when they are the same bytes.
    static func firstDifference(_ rendered: Data, _ recorded: Data) -> (line: Int, rendered: String, recorded: String)?
    {
        guard rendered != recorded else { return nil }
        let a = String(decoding: rendered, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let b = String(decoding: recorded, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "(end of file)"
            let right = index < b.count ? String(b[index]) : "(end of file)"
            if left != right { return (index + 1, left, right) }
        }
        return (a.count, "(the same text, other bytes)", "")
    }
}
