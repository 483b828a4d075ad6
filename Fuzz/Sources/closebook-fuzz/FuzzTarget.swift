import Categorize
import Foundation
import Import
import Ledger

/// One input format a fuzz run feeds with libFuzzer's inputs. Every target must return normally
/// for every input: a thrown, well-formed diagnostic is a success; a crash, a hang or a sanitizer
/// report is a finding.
enum FuzzTarget: String, CaseIterable {
    case csv, ofx1, ofx2, qif, rules, config, overrides

    /// The CSV profiles shipped in Importers/, loaded once (the run starts in the repository root).
    static let profiles: [CSVProfile] = (try? CSVProfile.loadAll(directories: ["Importers"])) ?? []

    func run(_ bytes: [UInt8]) {
        let context = ReadContext(defaultCurrency: .gbp)
        switch self {
        case .csv: _ = try? CSVReader(profiles: FuzzTarget.profiles).read(bytes, path: "inbox/f.csv", context: context)
        case .ofx1: _ = try? OFX1Reader().read(bytes, path: "inbox/f.ofx", context: context)
        case .ofx2: _ = try? OFX2Reader().read(bytes, path: "inbox/f.ofx", context: context)
        case .qif: _ = try? QIFReader().read(bytes, path: "inbox/f.qif", context: context)
        case .rules: _ = RuleParser.parse(String(decoding: bytes, as: UTF8.self), path: "rules/f.rules")
        case .config: _ = try? WorkspaceConfig.parse(String(decoding: bytes, as: UTF8.self), path: "closebook.toml")
        case .overrides: _ = try? OverrideTable.parse(String(decoding: bytes, as: UTF8.self), path: "overrides.csv")
        }
    }
}
