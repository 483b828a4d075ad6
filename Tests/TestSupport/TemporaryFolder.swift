import Foundation

/// New empty folders under the system's temporary folder, one per test, so tests that run at the
/// same time never share one.
package enum TemporaryFolder {
    /// A new empty folder named after `name` (letters, digits, spaces and hyphens kept) and a UUID,
    /// inside `group`. Spaces are kept because the script tests run in folders whose path holds
    /// one, as a user's `My Books` does.
    package static func make(_ name: String = #function, in group: String = "closebook-tests") throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(group)
            .appendingPathComponent("\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
