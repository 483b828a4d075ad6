import Foundation
import Report
import Testing

/// The Samples published redacted: no payee, memo, note, account name or number, institution or
/// transaction id of the ledger survives in any file of the site or in any archive (unpacked).
@Suite("The Samples published redacted", .serialized)
struct RedactedSamplesTests {
    /// Whole strings of at least this length are looked for: a shorter one (`BP`) would match by chance.
    static let shortest = 4

    /// Every transaction-level string of the ledger the pipeline built.
    static func secrets(ledger: URL) throws -> Set<String> {
        var secrets: Set<String> = []
        let lines = try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        for account in header["accounts"] as? [[String: Any]] ?? [] {
            for key in ["name", "number", "institution"] {
                if let value = account[key] as? String { secrets.insert(value) }
            }
        }
        for line in lines.dropFirst() {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in ["payee", "memo", "note", "id"] {
                if let value = row[key] as? String { secrets.insert(value) }
            }
        }
        return secrets.filter { $0.count >= shortest }
    }

    /// The text a reader sees, as ASCII-lower-cased bytes: HTML entities and Markdown's backslash
    /// escapes undone.
    static func readable(_ bytes: [UInt8]) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        for (entity, character) in [
            ("&amp;", "&"), ("&#39;", "'"), ("&#x27;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"),
        ] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var escaping = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\\") && !escaping {
                escaping = true
                continue
            }
            escaping = false
            result.append(lower(byte))
        }
        return result
    }

    static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    static func isWord(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Finds whole strings (not inside a longer word: no letter or digit either side; any other
    /// byte, non-ASCII ones included, bounds a word, the stricter reading) among many, in one pass
    /// over a text: candidates are looked up by their first four bytes at every word start.
    struct SecretFinder {
        private var byPrefix: [UInt32: [[UInt8]]] = [:]
        private var names: [[UInt8]: String] = [:]

        init(_ secrets: Set<String>) {
            for secret in secrets {
                let needle = secret.utf8.map(RedactedSamplesTests.lower)
                guard needle.count >= 4 else { continue }
                byPrefix[Self.key(needle, 0), default: []].append(needle)
                names[needle] = secret
            }
        }

        static func key(_ bytes: [UInt8], _ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }

        /// The secrets `text` holds, sorted.
        func find(in text: [UInt8]) -> [String] {
            var found: Set<String> = []
            var start = 0
            while start + 4 <= text.count {
                defer { start += 1 }
                guard start == 0 || !RedactedSamplesTests.isWord(text[start - 1]),
                    let candidates = byPrefix[Self.key(text, start)]
                else { continue }
                for needle in candidates where start + needle.count <= text.count {
                    let end = start + needle.count
                    if text[start..<end].elementsEqual(needle),
                        end == text.count || !RedactedSamplesTests.isWord(text[end])
                    {
                        found.insert(names[needle] ?? "")
                    }
                }
            }
            return found.sorted()
        }
    }

    /// Every file below `folder`, `.tar.gz` archives unpacked, as (name, readable text).
    static func outputs(under folder: URL) throws -> [(String, [UInt8])] {
        var result: [(String, [UInt8])] = []
        for (name, data) in try SamplesPipelineTests.snapshot(folder).sorted(by: { $0.key < $1.key }) {
            var bytes = Array(data)
            if name.hasSuffix(".tar.gz") {
                bytes = Array(try SamplesPipelineTests.run("/usr/bin/gzip", ["-dc", folder.path + name]).utf8)
            }
            result.append((name, readable(bytes)))
        }
        return result
    }

    @Test func noTransactionDetailSurvivesInAnyFileOrArchive() throws {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        let secrets = try Self.secrets(ledger: workspace.appendingPathComponent("build/ledger.jsonl"))
        for expected in [
            "Netflix", "Acme Ltd", "Harbor Card", "Headphones with a two-year warranty", "4929000011112222",
        ] {
            #expect(secrets.contains(expected), "\(expected) is among the ledger's details")
        }
        let analysis = workspace.appendingPathComponent("build/analysis")
        let months = try FileManager.default.contentsOfDirectory(atPath: analysis.path).sorted()
        let redacted = workspace.appendingPathComponent("redacted")
        let status = ReportCommand.execute(
            months.flatMap { ["--analysis", analysis.appendingPathComponent($0).path] } + [
                "--templates", SamplesPipelineTests.root.appendingPathComponent("Templates").path, "--redact",
                "--site", redacted.appendingPathComponent("site").path,
                "--archives", redacted.appendingPathComponent("archives").path,
            ])
        #expect(status == 0)

        // The check finds what it looks for: the full site names payees.
        let full = try Self.outputs(under: workspace.appendingPathComponent("site"))
        #expect(full.contains { SecretFinder(["Netflix"]).find(in: $0.1) == ["Netflix"] })

        let files = try Self.outputs(under: redacted)
        // Per month a page, Markdown, JSON and archive, plus its chart files; the index, the feed and a page a year.
        let charts = files.filter { $0.0.contains("/charts/") }
        let years = Set(months.map { $0.prefix(4) }).count
        let expected: Int = months.count * 4 + 2 + years
        #expect(files.count - charts.count == expected)
        #expect(charts.count >= months.count)
        #expect(files.contains { $0.0.hasSuffix(".tar.gz") })
        let finder = SecretFinder(secrets)
        var leaks: [String] = []
        for (name, text) in files {
            leaks += finder.find(in: text).map { "\(name): \($0)" }
        }
        #expect(leaks.isEmpty, "\(leaks.count) leaks: \(leaks.prefix(40).joined(separator: "; "))")

        // The cards survive with neutral wording: October's price rise still says what rose.
        let october = try JSONDecoder().decode(
            ReportDocument.self, from: Data(contentsOf: redacted.appendingPathComponent("site/2026-10/report.json")))
        let fullOctober = try JSONDecoder().decode(
            ReportDocument.self,
            from: Data(contentsOf: workspace.appendingPathComponent("site/2026-10/report.json")))
        #expect(october.redacted == true)
        #expect(october.insights?.count == fullOctober.insights?.count)
        #expect(october.headline == fullOctober.headline)
        #expect(october.categories == fullOctober.categories)
        #expect(october.recurring?.contains { $0.payee.hasPrefix("Recurring payment ") } == true)
    }

    @Test func theWorkspaceCanAskForRedaction() throws {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace, month: "2026-10")
        let config = workspace.appendingPathComponent("closebook.toml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try (text + "\n[publish]\nredact = true\n").write(to: config, atomically: true, encoding: .utf8)
        let site = workspace.appendingPathComponent("shared")
        let status = ReportCommand.execute([
            "--analysis", workspace.appendingPathComponent("build/analysis/2026-10.json").path,
            "--templates", SamplesPipelineTests.root.appendingPathComponent("Templates").path,
            "--workspace", workspace.path, "--site", site.path, "--archives", site.path + "/archives",
        ])
        #expect(status == 0)
        let page = try String(contentsOf: site.appendingPathComponent("2026-10/index.html"), encoding: .utf8)
        #expect(page.contains("This copy is redacted"))
        #expect(!page.contains("Netflix"))
    }
}
