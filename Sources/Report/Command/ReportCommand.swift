import ArgumentParser
import Foundation
import Ledger

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
            every month found in SITE. The same inputs always give the same bytes.

            Example:
              closebook-report --analysis Samples/build/analysis/2026-10.json \\
                --templates Templates --site Samples/site --archives Samples/archives

            Exit status: 0 when every month was written; 1 when an analysis (or a report already \
            in SITE) could not be read, the others being written; 2 for a usage or template error, \
            with nothing written.
            """)

    @Option(
        name: .customLong("analysis"),
        help: ArgumentHelp("A month analysis (build/analysis/YYYY-MM.json); repeat for more months.", valueName: "file")
    )
    public var analyses: [String] = []

    @Option(help: ArgumentHelp("The templates folder: report.html.mustache, style.css, ….", valueName: "dir"))
    public var templates: String

    @Option(help: ArgumentHelp("The site folder to write months, index.html and feed.xml into.", valueName: "dir"))
    public var site: String

    @Option(help: ArgumentHelp("The folder for closebook-YYYY-MM.tar.gz archives.", valueName: "dir"))
    public var archives: String

    public init() {}

    public func validate() throws {
        guard !analyses.isEmpty else {
            throw ValidationError("give at least one --analysis FILE (build/analysis/YYYY-MM.json)")
        }
        for (name, value) in [("--templates", templates), ("--site", site), ("--archives", archives)]
        where value.isEmpty {
            throw ValidationError("\(name) needs a folder")
        }
    }

    public func run() throws {
        let templateSet: TemplateSet
        do {
            templateSet = try TemplateSet(directory: templates)
        } catch {
            Self.printError(error.description)
            throw ExitCode(2)
        }
        let outcome = SitePublisher(templates: templateSet, site: site, archives: archives)
            .publish(analysisPaths: analyses)
        for error in outcome.errors { Self.printError(error.description) }
        let rendered = outcome.months.map(\.description).joined(separator: ", ")
        Self.printError(
            "closebook-report: rendered \(outcome.months.count) of \(analyses.count) "
                + "month\(analyses.count == 1 ? "" : "s")\(rendered.isEmpty ? "" : " (\(rendered))"); "
                + "the site lists \(outcome.listedMonths) month\(outcome.listedMonths == 1 ? "" : "s").")
        if !outcome.errors.isEmpty { throw ExitCode(1) }
    }

    /// Parses `arguments` (the process's when nil), runs, and returns the exit status: 0 ok,
    /// 1 input errors, 2 usage or template errors (argument-parser's own usage status, 64, is
    /// mapped to 2 so every closebook stage speaks alike).
    public static func execute(_ arguments: [String]? = nil) -> Int32 {
        StageExit.run(Self.self, arguments: arguments)
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
