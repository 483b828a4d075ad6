import Foundation
import Ledger

/// All rules of a run in the order they apply: the workspace's `rules/*.rules` in file-name order,
/// then the bank profiles' default rules in the order given.
public struct RuleSet: Sendable {
    public var rules: [Rule]
    /// The files read, as named in messages.
    public var files: [String]

    public init(rules: [Rule] = [], files: [String] = []) {
        self.rules = rules
        self.files = files
    }

    /// Reads and parses every rule file; throws every error of every file at once.
    ///
    /// User rule files are named `rules/NAME.rules` (relative to the workspace), which is also how
    /// rule ids and `categorySource` name them, so a ledger does not depend on where it was built.
    public static func load(workspace: String, profileRuleFiles: [String] = []) throws(CategorizeErrors) -> RuleSet {
        var set = RuleSet()
        var errors: [CategorizeError] = []
        let folder = (workspace as NSString).appendingPathComponent("rules")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".rules") && !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var sources: [(display: String, disk: String, origin: RuleOrigin)] = names.map {
            ("rules/" + $0, (folder as NSString).appendingPathComponent($0), .user)
        }
        sources += profileRuleFiles.map { ($0, $0, .profile) }
        for source in sources {
            let bytes: [UInt8]
            do throws(FileOutput.Failure) {
                bytes = try FileOutput.read(source.disk)
            } catch {
                errors.append(CategorizeError(path: source.display, message: error.reason))
                continue
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                errors.append(CategorizeError(path: source.display, message: "rule files must be UTF-8 text"))
                continue
            }
            let parsed = RuleParser.parse(text, path: source.display, origin: source.origin)
            errors += parsed.errors
            set.rules += parsed.rules
            set.files.append(source.display)
        }
        if !errors.isEmpty { throw CategorizeErrors(errors) }
        return set
    }
}
