import Crypto
import Foundation
import Ledger

/// The workspace files a month's figures come from, each with its SHA-256: every file under
/// `inbox/`, the rule files, `overrides.csv`, `closebook.toml`, `rates.csv` and `valuations.csv`.
/// A close records them; a restatement names the ones that are new, changed or gone since.
enum InputFiles {
    static func collect(workspace: String) -> [InputFile] {
        let fm = FileManager.default
        var paths: [String] = []
        for folder in ["inbox", "rules"] {
            let root = (workspace as NSString).appendingPathComponent(folder)
            for sub in (fm.subpaths(atPath: root) ?? [])
            where !sub.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: root + "/" + sub, isDirectory: &isFolder), !isFolder.boolValue else {
                    continue
                }
                paths.append(folder + "/" + sub)
            }
        }
        for name in ["overrides.csv", "closebook.toml", "rates.csv", "valuations.csv"]
        where fm.fileExists(atPath: (workspace as NSString).appendingPathComponent(name)) {
            paths.append(name)
        }
        return paths.sorted().compactMap { path in
            guard let bytes = try? FileOutput.read((workspace as NSString).appendingPathComponent(path)) else {
                return nil
            }
            return InputFile(path: path, sha256: hex(SHA256.hash(data: bytes)))
        }
    }

    /// What differs from `recorded` in `current`, one sentence each, in path order.
    static func causes(recorded: [InputFile], current: [InputFile]) -> [String] {
        var before: [String: String] = [:]
        for file in recorded { before[file.path] = file.sha256 }
        var after: [String: String] = [:]
        for file in current { after[file.path] = file.sha256 }
        var causes: [String] = []
        for path in Set(before.keys).union(after.keys).sorted() {
            switch (before[path], after[path]) {
            case (nil, _?): causes.append("\(path) is new")
            case (_?, nil): causes.append("\(path) is gone")
            case (let old?, let new?) where old != new: causes.append("\(path) changed")
            default: break
            }
        }
        return causes
    }

    static func hex(_ digest: some Sequence<UInt8>) -> String {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}
