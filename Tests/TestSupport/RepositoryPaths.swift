import Foundation

/// Where the repository's files are, for tests that read fixtures, Samples, Schemas or templates.
///
/// Found from this file's own path (`Tests/TestSupport/`), so every test target reads the same
/// checkout whatever folder `swift test` runs in.
package enum RepositoryPaths {
    /// The repository's root folder.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Where `swift build` puts the debug executables the script tests run (`.build/debug`).
    package static let debugBinaries = root.appendingPathComponent(".build/debug")

    /// `Schemas/NAME` in the repository.
    package static func schema(_ name: String) -> URL {
        root.appendingPathComponent("Schemas").appendingPathComponent(name)
    }
}
