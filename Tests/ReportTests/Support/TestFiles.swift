import AnalysisFile
import Foundation
import Ledger
import Report
import TestSupport

/// Where the tests find their inputs and put their outputs.
enum TestFiles {
    /// The repository's root, found from this file's path.
    static let repositoryRoot = RepositoryPaths.root

    /// The shipped templates, the ones users copy and edit.
    static var templatesFolder: String { repositoryRoot.appendingPathComponent("Templates").path }

    /// Fixtures as copied into the test bundle.
    static var fixtures: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    /// Fixtures in the source tree: where `RECORD_GOLDEN=1` writes.
    static var sourceFixtures: URL {
        repositoryRoot.appendingPathComponent("Tests/ReportTests/Fixtures")
    }

    static var analysisPath: String { fixtures.appendingPathComponent("analysis-2026-10.json").path }

    static func analysis() throws -> MonthAnalysis {
        try JSONDecoder().decode(MonthAnalysis.self, from: Data(contentsOf: URL(fileURLWithPath: analysisPath)))
    }

    static func report() throws -> MonthReport {
        try MonthReport(analysis: try analysis(), path: analysisPath)
    }

    static func templates() throws -> TemplateSet {
        try TemplateSet(directory: templatesFolder)
    }

    /// A new empty folder under the system's temporary folder.
    static func temporaryFolder(_ name: String = #function) throws -> String {
        try TemporaryFolder.make(name, in: "closebook-report-tests").path
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func text(_ path: String) throws -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    /// Every regular file below `folder`, by relative path.
    static func files(under folder: String) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for path in FileManager.default.subpaths(atPath: folder) ?? [] {
            var isDirectory: ObjCBool = false
            let full = folder + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = try bytes(full)
            }
        }
        return result
    }
}
