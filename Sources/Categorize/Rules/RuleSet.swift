import Foundation
import Ledger

/// All rules of a run in the order they apply: the workspace's `rules/*.rules` in file-name order,
/// then the bank profiles' default rules in the order given, then the starter pack's `*.rules` in
/// file-name order.
public struct RuleSet: Sendable {
    public var rules: [Rule]
    /// The files read, as named in messages.
    public var files: [String]
    /// Warnings for what `rules/` holds that looks meant as rules but is not read: `x.rule`,
    /// `x.rules.txt` (an editor's extension), `X.RULES`, and sub-folders. Rules there applied to
    /// nothing, in silence.
    public var unread: [String] = []

    public init(rules: [Rule] = [], files: [String] = []) {
        self.rules = rules
        self.files = files
    }

    /// Reads and parses every rule file; throws every error of every file at once.
    ///
    /// User rule files are named `rules/NAME.rules` (relative to the workspace), which is also how
    /// rule ids and `categorySource` name them, so a ledger does not depend on where it was built.
    ///
    /// Starter rule files are named by the starter folder's last component and the file's name
    /// (`starter/70-food.rules`), wherever the product is installed, for the same reason.
    public static func load(
        workspace: String, profileRuleFiles: [String] = [], starterFolder: String? = nil
    ) throws(CategorizeErrors) -> RuleSet {
        var set = RuleSet()
        var errors: [CategorizeError] = []
        let folder = (workspace as NSString).appendingPathComponent("rules")
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let names = entries.filter { $0.hasSuffix(".rules") }
        for name in entries where !name.hasSuffix(".rules") {
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(
                atPath: (folder as NSString).appendingPathComponent(name), isDirectory: &isFolder)
            if isFolder.boolValue {
                set.unread.append(
                    "rules/\(name)/: warning: sub-folders of rules/ are not read; move its rule files up into rules/")
            } else if name.lowercased().contains(".rule") || name.lowercased().hasSuffix(".txt") {
                let stem = name.split(separator: ".").first.map(String.init) ?? name
                set.unread.append(
                    "rules/\(name): warning: not read: only files named *.rules are rule files; rename it \(stem).rules"
                )
            }
        }
        var sources: [(display: String, disk: String, origin: RuleOrigin)] = names.map {
            ("rules/" + $0, (folder as NSString).appendingPathComponent($0), .user)
        }
        sources += profileRuleFiles.map { ($0, $0, .profile) }
        if let starterFolder {
            let shown = (starterFolder as NSString).lastPathComponent
            let starterNames = ((try? FileManager.default.contentsOfDirectory(atPath: starterFolder)) ?? [])
                .filter { $0.hasSuffix(".rules") && !$0.hasPrefix(".") }
                .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            if starterNames.isEmpty {
                errors.append(
                    CategorizeError(
                        path: starterFolder, message: "no starter rule files (*.rules) here; check --starter-rules"))
            }
            sources += starterNames.map {
                (shown + "/" + $0, (starterFolder as NSString).appendingPathComponent($0), .starter)
            }
        }
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
