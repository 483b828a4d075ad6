import Foundation
import TestSupport
import Testing

/// Hostile and careless inputs through `scripts/report.sh` with the debug build's stages, on small
/// workspaces (fast cases only). Each case says what used to happen.
///
/// Dates are judged against `CLOSEBOOK_TODAY`, fixed here, so the cases never depend on the clock.
@Suite("Hostile inputs through the pipeline", .serialized)
struct HostileInputTests {
    static let root = SamplesPipelineTests.root
    static let bin = RepositoryPaths.debugBinaries.path
    static let today = "2026-11-27"
    static let header = "Date,Type,Description,Paid Out,Paid In,Balance\n"
    /// Three Northwind-layout rows, one in each of August, September and October 2026; the last on
    /// 31 October, so October is the latest complete month.
    static let current =
        header + "03/08/2026,DEB,TESCO,10.00,,90.00\n15/09/2026,DEB,TESCO,10.00,,80.00\n"
        + "31/10/2026,DEB,TESCO,10.00,,70.00\n"

    static func ofx(start: String, end: String, postings: [(date: String, amount: String)]) -> String {
        var text = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102
            SECURITY:NONE
            ENCODING:USASCII
            CHARSET:1252
            COMPRESSION:NONE
            OLDFILEUID:NONE
            NEWFILEUID:NONE

            <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
            <STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>1<ACCTID>12345678<ACCTTYPE>SAVINGS</BANKACCTFROM>
            <BANKTRANLIST><DTSTART>\(start)<DTEND>\(end)

            """
        for (index, posting) in postings.enumerated() {
            text +=
                "<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>\(posting.date)<TRNAMT>\(posting.amount)"
                + "<FITID>F\(index)<NAME>INTEREST</STMTTRN>\n"
        }
        return text + "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
    }

    /// A fresh workspace holding `inbox` (file name to contents).
    static func workspace(_ inbox: [String: String]) throws -> URL {
        let folder = try TemporaryFolder.make("closebook hostile")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("inbox"), withIntermediateDirectories: true)
        for (name, text) in inbox {
            try Data(text.utf8).write(to: folder.appendingPathComponent("inbox/\(name)"))
        }
        return folder
    }

    static func run(_ workspace: URL, today: String = today) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/report.sh").path, workspace.path]
        process.environment = ["BIN": bin, "PATH": "/usr/bin:/bin", "CLOSEBOOK_TODAY": today]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func importReport(_ workspace: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: workspace.appendingPathComponent("build/import-report.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func totals(_ workspace: URL) throws -> [String: Int] {
        let totals = try #require(try importReport(workspace)["totals"] as? [String: Any])
        return totals.compactMapValues { $0 as? Int }.filter {
            ["records", "imported", "duplicates", "skipped"].contains($0.key)
        }
    }

    static func skippedReasons(_ workspace: URL) throws -> [String] {
        let files = try #require(try importReport(workspace)["files"] as? [[String: Any]])
        return files.flatMap { ($0["skippedRecords"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String } }
    }

    /// The names in `folder` under the output, sorted.
    static func names(_ workspace: URL, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: workspace.appendingPathComponent(folder).path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    static var built: Bool {
        if FileManager.default.isExecutableFile(atPath: bin + "/closebook-import") { return true }
        Issue.record("the debug stages are not built at \(bin)")
        return false
    }

    // MARK: - Item 12: one row dated 31/12/9999 in any format

    static let lastDay: [(name: String, text: String)] = [
        ("one.csv", header + "31/12/9999,DEB,TESCO,10.00,,90.00\n"),
        ("one.ofx", ofx(start: "99991201", end: "99991231", postings: [("99991231", "5.00")])),
        ("one.qif", "!Type:Bank\nD31/12/9999\nT-10.00\nPTESCO\n^\n"),
    ]

    @Test(arguments: lastDay.map(\.name))
    func aRowDatedTheLastDayOfYear9999IsSkippedAndNeverTraps(name: String) throws {
        guard Self.built else { return }
        let text = try #require(Self.lastDay.first { $0.name == name }?.text)
        let workspace = try Self.workspace([name: text])
        defer { try? FileManager.default.removeItem(at: workspace) }
        // Judged against today, the row is implausible: skipped with its reason, and with nothing
        // left the analysis says there is no month (it used to trap in YearMonth.firstDay).
        let run = try Self.run(workspace)
        #expect(!run.output.contains("Fatal error"), "\(run.output)")
        #expect(run.status == 1)
        #expect(run.output.contains("the ledger has no transactions, so there is no month to report on"))
        #expect(try Self.totals(workspace) == ["records": 1, "imported": 0, "duplicates": 0, "skipped": 1])
        #expect(
            try Self.skippedReasons(workspace) == [
                "its date 9999-12-31 is more than 7 days after today (2026-11-27): a typo or a placeholder, "
                    + "not a transaction; it is skipped"
            ])
        // On the last day Closebook knows, the row is plausible: December 9999 is reported.
        let late = try Self.run(workspace, today: "9999-12-31")
        #expect(late.status == 0, "\(late.output)")
        #expect(late.output.contains("Report for 9999-12:"))
        #expect(Self.names(workspace, "site").filter { $0.first?.isNumber == true } == ["9999-12"])
    }

    // MARK: - Item 13: implausible dates never define the range

    @Test func typoYearsAndPlaceholdersInFilesOfTheirOwnAreSkipped() throws {
        guard Self.built else { return }
        let workspace = try Self.workspace([
            "current.csv": Self.current,
            "typo.csv": Self.header + "05/10/2062,DEB,TESCO,10.00,,60.00\n",
            "typo-far.csv": Self.header + "05/10/2206,DEB,TESCO,10.00,,60.00\n",
            "placeholder.csv": Self.header + "01/01/1900,DEB,RENT,500.00,,60.00\n",
        ])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let run = try Self.run(workspace)
        #expect(run.status == 0, "\(run.output)")
        // 2062 once chose the month and rendered 457 months; 1900 rendered 1,522.
        #expect(run.output.contains("Report for 2026-10:"))
        #expect(Self.names(workspace, "build/analysis") == ["2026-08.json", "2026-09.json", "2026-10.json"])
        #expect(try Self.totals(workspace) == ["records": 6, "imported": 3, "duplicates": 0, "skipped": 3])
        let reasons = try Self.skippedReasons(workspace)
        #expect(
            reasons.sorted() == [
                "its date 1900-01-01 is more than a year before the rest of the workspace's data (which begins "
                    + "2026-08-03): a typo or a placeholder, not a transaction; it is skipped",
                "its date 2062-10-05 is more than 7 days after today (2026-11-27): a typo or a placeholder, not a "
                    + "transaction; it is skipped",
                "its date 2206-10-05 is more than 7 days after today (2026-11-27): a typo or a placeholder, not a "
                    + "transaction; it is skipped",
            ])
        #expect(run.output.contains("inbox/typo.csv:2:1: warning: 1 record is dated implausibly"))
        // The month page says records were skipped.
        let page = try String(contentsOf: workspace.appendingPathComponent("site/2026-10/report.md"), encoding: .utf8)
        #expect(page.contains("1 record of inbox/placeholder.csv was skipped"))
    }

    @Test func aStatementPeriodEndingIn2099IsCutBackToToday() throws {
        guard Self.built else { return }
        let savings = Self.ofx(
            start: "20260801", end: "20991231", postings: [("20260831", "1.00"), ("20260930", "1.00")])
        let workspace = try Self.workspace(["current.csv": Self.current, "savings.ofx": savings])
        defer { try? FileManager.default.removeItem(at: workspace) }
        let run = try Self.run(workspace)
        #expect(run.status == 0, "\(run.output)")
        // December 2099 used to be chosen, with no warning.
        #expect(run.output.contains("Report for 2026-10:"))
        #expect(
            run.output.contains(
                "inbox/savings.ofx:1:1: warning: the statement's period (2026-08-01 to 2099-12-31) ends after today; "
                    + "it is taken to be 2026-08-01 to 2026-11-27"))
        let accounts = try #require(try Self.importReport(workspace)["accounts"] as? [[String: Any]])
        let coverage = accounts.compactMap { $0["coverage"] as? [String: Any] }.compactMap { $0["to"] as? String }
        #expect(coverage.sorted() == ["2026-10-31", "2026-11-27"])
        #expect(Self.names(workspace, "build/analysis") == ["2026-08.json", "2026-09.json", "2026-10.json"])
    }

    // MARK: - Item 14: months that leave the data leave the site

    @Test func monthsOfADeletedFileLeaveTheSite() throws {
        guard Self.built else { return }
        let workspace = try Self.workspace([
            "current.csv": Self.current, "later.csv": Self.header + "15/02/2027,DEB,SHOP,5.00,,95.00\n",
        ])
        defer { try? FileManager.default.removeItem(at: workspace) }
        // With a row on 15 February 2027 (plausible on 10 March 2027), every month to February 2027
        // has a page (January complete, February partial).
        let first = try Self.run(workspace, today: "2027-03-10")
        #expect(first.status == 0, "\(first.output)")
        let withLater = ["2026-08", "2026-09", "2026-10", "2026-11", "2026-12", "2027-01", "2027-02"]
        #expect(
            Self.names(workspace, "site")
                == withLater + ["accounts", "feed.xml", "index.html", "year-2026.html", "year-2027.html"])
        // A file of the user's own in a month folder is never removed.
        try Data("mine".utf8).write(to: workspace.appendingPathComponent("site/2026-12/notes.txt"))

        try FileManager.default.removeItem(at: workspace.appendingPathComponent("inbox/later.csv"))
        let second = try Self.run(workspace, today: "2027-03-10")
        #expect(second.status == 0, "\(second.output)")
        #expect(second.output.contains("Report for 2026-10:"))
        let kept = ["2026-08", "2026-09", "2026-10"]
        #expect(Self.names(workspace, "build/analysis") == kept.map { $0 + ".json" })
        #expect(
            Self.names(workspace, "site") == kept + ["2026-12", "accounts", "feed.xml", "index.html", "year-2026.html"])
        // The account pages now tell the story to the end of October, the newest month left.
        for name in Self.names(workspace, "site/accounts") where name.hasSuffix(".json") {
            let page = try String(
                contentsOf: workspace.appendingPathComponent("site/accounts/\(name)"), encoding: .utf8)
            #expect(page.contains("\"month\" : \"2026-10\""))
        }
        #expect(Self.names(workspace, "site/2026-12") == ["notes.txt"])
        #expect(Self.names(workspace, "archives") == kept.map { "closebook-\($0).tar.gz" })
        let feed = try String(contentsOf: workspace.appendingPathComponent("site/feed.xml"), encoding: .utf8)
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 3)
        let index = try String(contentsOf: workspace.appendingPathComponent("site/index.html"), encoding: .utf8)
        for month in ["2026-11", "2026-12", "2027-01", "2027-02"] { #expect(!index.contains("\(month)/index.html")) }
    }
}
