import Foundation
import Report
import Testing

@Suite struct ReportCommandTests {
    @Test func writesTheSiteAndExitsZero() throws {
        let folder = try TestFiles.temporaryFolder()
        let status = ReportCommand.execute([
            "--analysis", TestFiles.analysisPath, "--templates", TestFiles.templatesFolder,
            "--site", folder + "/site", "--archives", folder + "/archives",
        ])
        #expect(status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/archives/closebook-2026-10.tar.gz"))
    }

    @Test func exitsOneWhenAnAnalysisIsMissing() throws {
        let folder = try TestFiles.temporaryFolder()
        let status = ReportCommand.execute([
            "--analysis", folder + "/nope.json", "--analysis", TestFiles.analysisPath,
            "--templates", TestFiles.templatesFolder, "--site", folder + "/site", "--archives", folder + "/archives",
        ])
        #expect(status == 1)
        #expect(FileManager.default.fileExists(atPath: folder + "/site/2026-10/report.md"))
    }

    @Test func exitsTwoForUsageErrors() throws {
        let folder = try TestFiles.temporaryFolder()
        #expect(ReportCommand.execute(["--templates", "T", "--site", "s", "--archives", "a"]) == 2)
        #expect(ReportCommand.execute(["--bogus"]) == 2)
        // A templates folder that does not exist: nothing is written.
        let status = ReportCommand.execute([
            "--analysis", TestFiles.analysisPath, "--templates", folder + "/none",
            "--site", folder + "/site", "--archives", folder + "/archives",
        ])
        #expect(status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/site"))
    }

    @Test func helpHasARealExample() {
        let help = ReportCommand.helpMessage()
        #expect(help.contains("closebook-report --analysis Samples/build/analysis/2026-10.json"))
        #expect(help.contains("--templates <dir>"))
    }
}
