// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Closebook",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "closebook-import", targets: ["closebook-import"]),
        .executable(name: "closebook-categorize", targets: ["closebook-categorize"]),
        .executable(name: "closebook-analyze", targets: ["closebook-analyze"]),
        .executable(name: "closebook-report", targets: ["closebook-report"]),
        .executable(name: "closebook-export", targets: ["closebook-export"]),
        // The stage libraries, for the coverage-guided fuzz targets in Fuzz/ (a package of its own,
        // built with the fuzzer and address sanitizers by `make fuzz-coverage`).
        .library(name: "ClosebookStages", targets: ["Ledger", "Import", "Categorize"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // SHA-256 for the close records' digests of a month's transactions and input files.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: []
)

// MARK: - System libraries

package.targets += [
    .systemLibrary(
        name: "CLibXML2",
        pkgConfig: "libxml-2.0",
        providers: [.apt(["libxml2-dev"])]
    ),
    .systemLibrary(
        name: "CZlib",
        pkgConfig: "zlib",
        providers: [.apt(["zlib1g-dev"])]
    ),
    // glibc's malloc.h (part of libc6-dev): `ProcessHeap` sets how the stages' heap returns memory.
    .systemLibrary(name: "CMalloc"),
    // Linux's renameat2 (part of libc6-dev): `AtomicFileWriter` swaps a large output with its spare.
    .systemLibrary(name: "CRename"),
    .systemLibrary(
        name: "CSQLite",
        pkgConfig: "sqlite3",
        providers: [.apt(["libsqlite3-dev"])]
    ),
]

// MARK: - Libraries (one per stage, plus the shared vocabulary)

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")

package.targets += [
    .target(name: "Ledger", dependencies: ["CRename", .product(name: "TOMLKit", package: "TOMLKit")]),
    // How every stage's executable enters: argument parsing, the shared exit statuses, diagnostics
    // on standard error. The one target besides the stages that knows the argument parser.
    .target(name: "StageCommand", dependencies: ["CMalloc", argumentParser]),
    // The analysis file's contract, where Analyze and Report meet: Codable values, no dependencies.
    .target(name: "AnalysisFile"),
    .target(
        name: "Import",
        dependencies: [
            "Ledger", "StageCommand", "CLibXML2", argumentParser, .product(name: "TOMLKit", package: "TOMLKit"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]
    ),
    .target(
        name: "Categorize",
        dependencies: [
            "Ledger", "CRename", "StageCommand", argumentParser, .product(name: "Crypto", package: "swift-crypto"),
        ]),
    .target(
        name: "Analyze",
        dependencies: [
            "Ledger", "AnalysisFile", "StageCommand", argumentParser, .product(name: "Crypto", package: "swift-crypto"),
        ]
    ),
    .target(
        name: "Report",
        dependencies: [
            "Ledger", "AnalysisFile", "StageCommand", "CZlib", argumentParser,
            .product(name: "Mustache", package: "swift-mustache"), .product(name: "Crypto", package: "swift-crypto"),
        ]
    ),
    .target(name: "Export", dependencies: ["Ledger", "AnalysisFile", "StageCommand", "CSQLite", argumentParser]),
]

// MARK: - Executables (thin shells over the libraries' commands, entered through StageCommand)

package.targets += [
    .executableTarget(name: "closebook-import", dependencies: ["Import", "StageCommand"]),
    .executableTarget(name: "closebook-categorize", dependencies: ["Categorize", "StageCommand"]),
    .executableTarget(name: "closebook-analyze", dependencies: ["Analyze", "StageCommand"]),
    .executableTarget(name: "closebook-report", dependencies: ["Report", "StageCommand"]),
    .executableTarget(name: "closebook-export", dependencies: ["Export", "StageCommand"]),
]

// MARK: - Tests

package.targets += [
    // What every test target shares (test targets cannot import each other): the repository's
    // paths, temporary folders, finding the external tools the outputs are checked with, and the
    // JSON Schema check by Python's jsonschema. No product uses it.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "LedgerTests", dependencies: ["Ledger", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "StageCommandTests", dependencies: ["StageCommand", argumentParser]),
    .testTarget(
        name: "ImportTests",
        dependencies: ["Import", "TestSupport", .product(name: "Crypto", package: "swift-crypto")],
        resources: [.copy("Fixtures")]),
    .testTarget(name: "CategorizeTests", dependencies: ["Categorize", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "AnalyzeTests", dependencies: ["Analyze", "AnalysisFile", "TestSupport"]),
    .testTarget(
        name: "ExportTests",
        dependencies: ["Export", "Import", "Categorize", "AnalysisFile", "Analyze", "StageCommand", "TestSupport"]),
    .testTarget(
        name: "ReportTests",
        dependencies: ["Report", "AnalysisFile", "TestSupport", .product(name: "Mustache", package: "swift-mustache")],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "PipelineTests",
        dependencies: [
            "Import", "Categorize", "AnalysisFile", "Analyze", "Report", "TestSupport", "StageCommand",
            .product(name: "Crypto", package: "swift-crypto"),
        ],
        exclude: ["Golden"]),
]

// MARK: - Settings shared by every target of ours

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
