import Foundation
import Ledger
import Testing

@testable import Import

/// Issue 20, item 16: inputs too large to list one by one or to read whole.
@Suite struct HugeInputTests {
    /// A Northwind export: header, a row with an unclosed quote (line 2), 300 good rows (lines 3 to
    /// 302), then `bad` rows dated 31 February (from line 303).
    static func export(badRows bad: Int) -> [UInt8] {
        var text = "Date,Type,Description,Paid Out,Paid In,Balance\n14/11/2026,DEB,\"TESCO STORES,42.10,,1957.90\n"
        for day in 0..<300 { text += "13/11/2026,DEB,SHOP \(day),1.00,,100.00\n" }
        for day in 0..<bad { text += "31/02/2026,DEB,SHOP \(day),1.00,,100.00\n" }
        return Array(text.utf8)
    }

    /// 250 rows skipped for one reason: the first 100 are listed, the other 150 (lines 403 to 552)
    /// are one entry with their count, and the counts still add up.
    @Test func repeatedSkipsAreSummarised() throws {
        let outcome = DamagedFileTests.run([("northwind-current-2026-11.csv", Self.export(badRows: 250))])
        let file = try #require(outcome.report.files.first)
        #expect(file.records == 551)
        #expect(file.imported == 300)
        #expect(file.skipped == 251)
        #expect(file.skippedRecords.count == 102)
        #expect(file.skippedRecords.map(\.line).prefix(3) == [2, 303, 304])
        #expect(file.skippedRecords[101].line == 403)
        #expect(file.skippedRecords[100].line == 402)
        #expect(
            file.skippedRecords.last
                == ImportReport.SkippedLine(
                    line: 403,
                    reason:
                        "150 more records (lines 403 to 552) skipped for the same reason as the 100 above; not listed one by one",
                    count: 150))
        #expect(DriverHarness.countsAddUp(outcome.report))
    }

    /// A 2 GB file that is not an export is refused from its first 64 KB: it is sparse, so reading
    /// it whole would take 2 GB of memory and a while; the other file imports.
    @Test func aHugeFileThatIsNotAnExportIsRefusedFromItsHead() throws {
        let workspace = try TemporaryWorkspace(config: nil, inbox: ["savings.qif": InboxSpecialFilesTests.export])
        let path = workspace.path + "/inbox/video.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 2 << 30) == 0)
        let (status, _) = workspace.run()
        #expect(status == 1)
        let report = try workspace.readReport()
        #expect(
            report.files.first { $0.path == "inbox/video.csv" }?.errors == [
                "inbox/video.csv:1:1: error: not a bank export Closebook can read (expected CSV, OFX, QFX or QIF): its first 64 KB are none of them, and at 2048 MB (over 64 MB) it is not read further"
            ])
        #expect(report.totals.imported == 1)
    }

    /// The case at full size (slow: run by `make fuzz`): two million rows skipped for one
    /// reason are 101 entries in the report, and the counts add up.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CLOSEBOOK_FUZZ_ITERATIONS"] != nil))
    func twoMillionSkippedRows() throws {
        let outcome = DamagedFileTests.run([("northwind-current-2026-11.csv", Self.export(badRows: 2_000_000))])
        let file = try #require(outcome.report.files.first)
        #expect(file.skipped == 2_000_001)
        #expect(file.skippedRecords.count == 102)
        #expect(file.skippedRecords.last?.count == 1_999_900)
        #expect(DriverHarness.countsAddUp(outcome.report))
    }
}
