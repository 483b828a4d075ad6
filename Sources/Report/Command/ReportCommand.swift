import ArgumentParser
import Foundation
import Ledger
import StageCommand

/// `closebook-report`: turns month analyses into the site (pages, Markdown, JSON, index, feed)
/// and one reproducible archive per month.
public struct ReportCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "closebook-report",
        abstract: "Render monthly reports as HTML, Markdown and JSON, with a site index, a feed and archives.",
        discussion: """
            For each analysis written by closebook-analyze this writes SITE/YYYY-MM/index.html (one \
            self-contained page), SITE/YYYY-MM/report.md, SITE/YYYY-MM/report.json and \
            ARCHIVES/closebook-YYYY-MM.tar.gz, then rebuilds SITE/index.html and SITE/feed.xml from \
            every month found in SITE. When the newest month SITE lists is among them, it also writes \
            one page per account, SITE/accounts/ID.html (with .md, .json and .svg), from that month's \
            account stories. With --prune (as `make report` runs it), months SITE holds from \
            earlier runs that have no analysis file beside the given ones any more (the data no longer \
            has them) are removed, with their archives and year pages: the site is the months of the \
            analysis. With --fingerprints (as `make report` runs it), a month whose analysis file, templates \
            and settings are unchanged since the last run, and whose files are as it wrote them, is left as \
            it is: the month end renders only the months that changed. The same inputs always give the same \
            bytes.

            Example:
              closebook-report --analysis Samples/build/analysis/2026-10.json \\
                --templates Templates --site Samples/site --archives Samples/archives

            A second --templates folder, or the templates/ folder of --workspace, overrides the first \
            file by file: copy only the templates you change. A template error names its file and line.

            With --redact, or `[publish] redact = true` in the closebook.toml of --workspace, every \
            output leaves out payees, account names and numbers, and single transactions, and keeps \
            the totals, cards and charts: a site to share.

            Exit status: 0 when every month was written; 1 when an analysis (or a report already \
            in SITE) could not be read, the others being written; 2 for a usage or template error, \
            with nothing written.
            """)

    @Option(
        name: .customLong("analysis"),
        help: ArgumentHelp("A month analysis (build/analysis/YYYY-MM.json); repeat for more months.", valueName: "file")
    )
    public var analyses: [String] = []

    @Option(
        help: ArgumentHelp(
            "The templates folder: report.html.mustache, style.css, …; repeat to override the first folder file by file.",
            valueName: "dir"))
    public var templates: [String] = []

    @Option(help: ArgumentHelp("The site folder to write months, index.html and feed.xml into.", valueName: "dir"))
    public var site: String

    @Option(help: ArgumentHelp("The folder for closebook-YYYY-MM.tar.gz archives.", valueName: "dir"))
    public var archives: String

    @Flag(help: "Leave payees, account names and numbers, and single transactions out of every output.")
    public var redact = false

    @Flag(
        help:
            "Remove the months of SITE (pages, charts, archives, year pages) whose analysis file is no longer beside the given ones."
    )
    public var prune = false

    @Option(
        help: ArgumentHelp(
            "The workspace: its templates/ overrides the templates file by file, its closebook.toml may ask "
                + "for redaction ([publish] redact = true).", valueName: "dir"))
    public var workspace: String?

    @Option(
        help: ArgumentHelp(
            "A file (build/.report-months.json) keeping each month's fingerprint between runs: a month whose "
                + "analysis, templates and settings are unchanged and whose files are as written is not rendered again.",
            valueName: "file"))
    public var fingerprints: String?

    /// The cores to render months on, for tests that run the stage in-process (`Cores`; else
    /// `CLOSEBOOK_JOBS` or every core).
    @Option(help: .hidden)
    public var jobs: Int?

    public init() {}

    public func validate() throws {
        guard !analyses.isEmpty else {
            throw ValidationError("give at least one --analysis FILE (build/analysis/YYYY-MM.json)")
        }
        guard !templates.isEmpty else {
            throw ValidationError("give --templates DIR (the Templates folder of closebook)")
        }
        for (name, value) in [("--site", site), ("--archives", archives)] + templates.map({ ("--templates", $0) })
        where value.isEmpty {
            throw ValidationError("\(name) needs a folder")
        }
    }

    public func run() throws {
        let templateSet: TemplateSet
        do {
            templateSet = try TemplateSet(directories: templates + (workspace.map { [$0 + "/templates"] } ?? []))
        } catch {
            Self.printError(error.description)
            throw ExitCode(2)
        }
        var redacts = redact
        if let workspace {
            do {
                redacts = try WorkspaceConfig.load(workspace: workspace).publish.redact || redact
            } catch {
                Self.printError(error.description)
                throw ExitCode(2)
            }
        }
        var publisher = SitePublisher(templates: templateSet, site: site, archives: archives, redact: redacts)
        if redacts, let workspace {
            let inbox = (workspace as NSString).appendingPathComponent("inbox")
            publisher.renderer.inboxFiles = (FileManager.default.subpaths(atPath: inbox) ?? []).map { "inbox/" + $0 }
        }
        publisher.removesMonthsNotInAnalysis = prune
        if let jobs { publisher.cores = max(1, jobs) }
        publisher.fingerprintsPath = fingerprints
        publisher.release = Self.release()
        let outcome = publisher.publish(analysisPaths: analyses)
        for error in outcome.errors { Self.printError(error.description) }
        let rendered = outcome.months.map(\.description).joined(separator: ", ")
        let unchanged = outcome.unchanged.count
        Self.printError(
            "closebook-report: rendered \(outcome.months.count) of \(analyses.count) "
                + "month\(analyses.count == 1 ? "" : "s")\(rendered.isEmpty ? "" : " (\(rendered))")"
                + (unchanged == 0 ? "" : ", \(unchanged) unchanged since the last run") + "; "
                + "the site lists \(outcome.listedMonths) month\(outcome.listedMonths == 1 ? "" : "s")"
                + (outcome.removed.isEmpty
                    ? "."
                    : "; removed \(outcome.removed.count) file\(outcome.removed.count == 1 ? "" : "s") of months and years the data no longer has.")
        )
        if !outcome.errors.isEmpty { throw ExitCode(1) }
    }

    /// Parses `arguments` (the process's when nil), runs, and returns the exit status: 0 ok,
    /// 1 input errors, 2 usage or template errors (argument-parser's own usage status, 64, is
    /// mapped to 2 so every closebook stage speaks alike).
    public static func execute(_ arguments: [String]? = nil) -> Int32 {
        StageExit.run(Self.self, arguments: arguments)
    }

    static func printError(_ message: String) {
        StandardError.writeLine(message)
    }

    /// This executable's size and modification time: part of every month's fingerprint, so that
    /// a new build renders every month again.
    static func release() -> String {
        guard let executable = MonthFingerprints.OutputFile(path: "/proc/self/exe") else { return "" }
        return "\(executable.size) \(executable.modified)"
    }
}
