import Foundation
import Import
import Ledger
import TestSupport
import Testing

/// Mutation fuzzing of the whole importer: every fixture, Samples export and corpus file, damaged
/// at random (bytes flipped, inserted or deleted, ranges cut, repeated or spliced in from another
/// file, markup of every format dropped in), is imported through `closebook-import`'s own entry
/// point. Whatever the damage, the import must not crash, must exit 0 or 1 (never the usage
/// code), and the report's counts must add up: records = imported + duplicates + skipped, per
/// file and in total, with the journal holding exactly `imported` rows.
///
/// `make test` runs a short, fixed-seed round. `make fuzz` runs a long one:
///
///     CLOSEBOOK_FUZZ_ITERATIONS=20000 CLOSEBOOK_FUZZ_SEED=7 swift test --filter ImportFuzzTests
///
/// Before each run the damaged file is written to `$TMPDIR/closebook-fuzz/last/inbox/`, so
/// after a crash that workspace reproduces it: `closebook-import --workspace $TMPDIR/closebook-fuzz/last ...`.
@Suite("Import mutation fuzzing", .serialized)
struct ImportFuzzTests {
    static let root = CSVTestSupport.repositoryRoot

    /// Every seed file: (file name to use in the inbox, bytes).
    static func seeds() -> [(name: String, bytes: [UInt8])] {
        let folders = [
            root + "/Tests/ImportTests/Fixtures", root + "/Samples/inbox", root + "/../shared/corpus",
        ]
        var seeds: [(String, [UInt8])] = []
        let fm = FileManager.default
        for folder in folders {
            guard let walker = fm.enumerator(atPath: folder) else { continue }
            for case let relative as String in walker {
                let path = folder + "/" + relative
                let ext = (relative as NSString).pathExtension.lowercased()
                guard ["csv", "ofx", "qfx", "qif", "sgml", "xml", "txt"].contains(ext),
                    let bytes = try? FileOutput.read(path), bytes.count <= 2_000_000
                else { continue }
                seeds.append(((relative as NSString).lastPathComponent, bytes))
            }
        }
        return seeds.sorted { $0.0 < $1.0 }
    }

    static var iterations: Int {
        ProcessInfo.processInfo.environment["CLOSEBOOK_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 150
    }

    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["CLOSEBOOK_FUZZ_SEED"].flatMap(UInt64.init) ?? 1
    }

    @Test func damagedExportsNeverCrashAndAlwaysBalance() throws {
        let seeds = Self.seeds()
        try #require(seeds.count >= 10, "no seed files found under \(Self.root)")
        var random = SplitMix64(seed: Self.seed)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("closebook-fuzz").path
        let workspace = base + "/last"
        let started = Date()
        var failedFiles = 0
        for iteration in 0..<Self.iterations {
            let first = seeds[random.below(seeds.count)]
            let other = seeds[random.below(seeds.count)]
            let damaged = FuzzMutator.mutate(first.bytes, splicing: other.bytes, using: &random)
            try? FileManager.default.removeItem(atPath: workspace)
            try FileOutput.write(damaged, to: workspace + "/inbox/" + first.name)
            var messages: [String] = []
            let status = ImportCommand.run(
                arguments: [
                    "--workspace", workspace, "--profiles", Self.root + "/Importers",
                    "--journal", workspace + "/build/journal.jsonl", "--report",
                    workspace + "/build/import-report.json",
                    "--quiet",
                ],
                standardError: { messages.append($0) })
            let context = "iteration \(iteration) (seed \(Self.seed)): \(first.name) damaged"
            #expect(status == 0 || status == 1, "\(context): exit \(status): \(messages.joined(separator: "\n"))")
            if status == 1 { failedFiles += 1 }
            guard status == 0 || status == 1 else { break }
            try Self.checkCounts(workspace: workspace, context: context)
            let errors = messages.filter { $0.contains(": error: ") }
            #expect(status == 0 || !errors.isEmpty, "\(context): exit 1 without an error message")
        }
        let seconds = Date().timeIntervalSince(started)
        print(
            "import fuzzing: \(Self.iterations) damaged files from \(seeds.count) seeds in "
                + "\(Int(seconds)) s, \(failedFiles) refused with an error, seed \(Self.seed)")
    }

    /// records = imported + duplicates + skipped, per file and in total; the journal has `imported` rows.
    static func checkCounts(workspace: String, context: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: workspace + "/build/import-report.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(context)")
        let totals = try #require(report["totals"] as? [String: Int], "\(context): no totals")
        let files = try #require(report["files"] as? [[String: Any]], "\(context): no files")
        for entry in files + [totals] {
            let records = entry["records"] as? Int ?? -1
            let sum =
                (entry["imported"] as? Int ?? 0) + (entry["duplicates"] as? Int ?? 0) + (entry["skipped"] as? Int ?? 0)
            #expect(records == sum, "\(context): records \(records) != imported + duplicates + skipped \(sum)")
        }
        let journal = try FileOutput.read(workspace + "/build/journal.jsonl")
        let decoded = try JournalCodec.decode(journal, path: "journal.jsonl")
        #expect(decoded.transactions.count == totals["imported"], "\(context): journal rows")
    }
}

/// Damage that real files suffer and parsers trip on.
enum FuzzMutator {
    /// Fragments of every format's syntax, dropped in at random places.
    static let tokens: [[UInt8]] =
        [
            "<", ">", "</", "<STMTTRN>", "</STMTTRN>", "<TRNAMT>", "<DTPOSTED>20240230", "<FITID>", "<BANKTRANLIST>",
            "<!DOCTYPE x [<!ENTITY a \"b\">]>", "<![CDATA[", "&amp;", "&#xFFFF;", "OFXHEADER:100\n", "CHARSET:1252\n",
            "\"", "\"\"", ",", ";", "\t", "|", "\r\n", "\n", "^\n", "!Type:Bank\n", "!Account\n", "D31/12'99\n",
            "T-1,234.56\n", "S", "$", "9223372036854775807", "-0.00", "1e308", "(12.50)", "\u{FEFF}", "ÿþ",
            "\u{0}", "\u{7F}", "\u{C3}", "\u{FFFD}",
        ].map { Array($0.utf8) } + [[0xFF], [0xFE, 0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80]]

    static func mutate(_ original: [UInt8], splicing other: [UInt8], using random: inout SplitMix64) -> [UInt8] {
        var bytes = original
        for _ in 0..<(1 + random.below(6)) {
            let position = bytes.isEmpty ? 0 : random.below(bytes.count + 1)
            switch random.below(8) {
            case 0 where !bytes.isEmpty && position < bytes.count:
                bytes[position] ^= UInt8(truncatingIfNeeded: 1 << random.below(8))
            case 1:
                bytes.insert(contentsOf: tokens[random.below(tokens.count)], at: position)
            case 2 where position < bytes.count:
                let length = min(bytes.count - position, 1 + random.below(64))
                bytes.removeSubrange(position..<(position + length))
            case 3 where position < bytes.count:
                let length = min(bytes.count - position, 1 + random.below(512))
                bytes.insert(contentsOf: bytes[position..<(position + length)], at: position)
            case 4 where !other.isEmpty:
                let start = random.below(other.count)
                let length = min(other.count - start, 1 + random.below(1024))
                bytes.insert(contentsOf: other[start..<(start + length)], at: position)
            case 5:
                bytes.removeSubrange(position...)
            case 6 where !bytes.isEmpty && position < bytes.count:
                bytes[position] = [0x00, 0x0A, 0x0D, 0x22, 0x2C, 0x3C, 0x3E, 0x2D, 0x2E, 0x39][random.below(10)]
            default:
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            }
        }
        return bytes
    }
}
