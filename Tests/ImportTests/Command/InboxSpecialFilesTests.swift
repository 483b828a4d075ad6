import Foundation
import Import
import Ledger
import Testing

/// What may sit in an inbox besides bank exports (issue 14): the import reads only regular
/// files, never follows a link out of the workspace unless told to, never quotes a file that is
/// not an export, and lists what it ignores.
@Suite("closebook-import: special files in the inbox")
struct InboxSpecialFilesTests {
    static let export = Array("!Type:Bank\nD25/09/2024\nT250.00\nPTRANSFER IN\n^\n".utf8)

    func errors(_ report: ImportReport) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: report.files.map { ($0.path, $0.errors) })
    }

    @Test("a FIFO and a link to /dev/zero are refused at once; the other files import")
    func fifoAndDevice() throws {
        let workspace = try TemporaryWorkspace(config: nil, inbox: ["savings.qif": Self.export])
        #expect(mkfifo(workspace.path + "/inbox/pipe.csv", 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path + "/inbox/zero.csv", withDestinationPath: "/dev/zero")
        let config = "allow_links_outside_workspace = true\n"
        try FileOutput.write(config, to: workspace.path + "/closebook.toml")
        let (status, _) = workspace.run()
        #expect(status == 1)
        let report = try workspace.readReport()
        #expect(
            errors(report) == [
                "inbox/pipe.csv": [
                    "inbox/pipe.csv:1:1: error: not a regular file (a FIFO); Closebook reads only regular files"
                ],
                "inbox/savings.qif": [],
                "inbox/zero.csv": [
                    "inbox/zero.csv:1:1: error: not a regular file (a character device); Closebook reads only regular files"
                ],
            ])
        #expect(report.totals.imported == 1)
    }

    @Test("a link out of the workspace is refused unless closebook.toml allows it, and a non-export is never quoted")
    func linkOutsideWorkspace() throws {
        let outside = try TemporaryWorkspace(config: nil, inbox: [:])
        let secret = "root:x:0:0:root,,,:/root:/bin/bash\nsecret-token,hunter2\n"
        try FileOutput.write(secret, to: outside.path + "/passwd")
        let workspace = try TemporaryWorkspace(config: nil, inbox: ["savings.qif": Self.export])
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path + "/inbox/passwd.csv", withDestinationPath: outside.path + "/passwd")
        // A link inside the workspace is followed.
        try FileOutput.write(
            Self.export + Array("D26/09/2024\nT1.00\nPINSIDE\n^\n".utf8), to: workspace.path + "/other.qif")
        try FileManager.default.createSymbolicLink(
            atPath: workspace.path + "/inbox/linked.qif", withDestinationPath: workspace.path + "/other.qif")
        _ = workspace.run()
        var report = try workspace.readReport()
        let target = try #require(URL(fileURLWithPath: outside.path + "/passwd").resolvingSymlinksInPath().path)
        #expect(
            errors(report)["inbox/passwd.csv"] == [
                "inbox/passwd.csv:1:1: error: a link to \(target), outside the workspace; Closebook does not follow it unless closebook.toml says allow_links_outside_workspace = true"
            ])
        #expect(report.files.first { $0.path == "inbox/linked.qif" }?.imported == 2)

        try FileOutput.write("allow_links_outside_workspace = true\n", to: workspace.path + "/closebook.toml")
        _ = workspace.run()
        report = try workspace.readReport()
        let text = String(decoding: try FileOutput.read(workspace.report), as: UTF8.self)
        #expect(!text.contains("root:x") && !text.contains("hunter2"))
        #expect(errors(report)["inbox/passwd.csv"]?.count == 1)
    }

    @Test("sub-folders and hidden files are listed as ignored")
    func ignoredEntries() throws {
        let workspace = try TemporaryWorkspace(
            config: nil, inbox: ["savings.qif": Self.export, ".DS_Store": [1, 2, 3], ".~lock.savings.qif#": [1]])
        try FileManager.default.createDirectory(
            atPath: workspace.path + "/inbox/old", withIntermediateDirectories: true)
        let (status, stderr) = workspace.run()
        #expect(status == 0)
        #expect(
            stderr.last?.hasSuffix(
                "note: inbox/old is not read: a folder; Closebook reads only the files directly in inbox/") == true)
        let report = try workspace.readReport()
        #expect(
            report.ignored == [
                .init(path: "inbox/.DS_Store", reason: "a hidden file; Closebook reads only visible files"),
                .init(path: "inbox/.~lock.savings.qif#", reason: "a hidden file; Closebook reads only visible files"),
                .init(path: "inbox/old", reason: "a folder; Closebook reads only the files directly in inbox/"),
            ])
        #expect(report.files.map(\.path) == ["inbox/savings.qif"])
    }
}
