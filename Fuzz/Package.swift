// swift-tools-version:6.1
import PackageDescription

// Coverage-guided fuzz targets for the readers and parsers of untrusted input. Built only by
// `make fuzz-coverage` (libFuzzer and AddressSanitizer, linked with lld); the main package's
// builds and tests never see it. CLOSEBOOK_FUZZ_TARGET picks what one run fuzzes.
let package = Package(
    name: "ClosebookFuzz",
    dependencies: [.package(name: "Closebook", path: "..")],
    targets: [
        .executableTarget(
            name: "closebook-fuzz",
            dependencies: [.product(name: "ClosebookStages", package: "Closebook")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
