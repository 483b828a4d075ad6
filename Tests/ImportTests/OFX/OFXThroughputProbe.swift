import Foundation
import Ledger
import Testing

@testable import Import

/// Reads a large OFX file and reports records per second. Runs only when `OFX_BENCHMARK_FILE` names
/// a file (make one with `scripts/generate-ofx-benchmark.py`); it never fails on time:
///
///     OFX_BENCHMARK_FILE=/tmp/bench-2.ofx swift test -c release --filter OFXThroughputProbe
@Suite struct OFXThroughputProbe {
    static let path = ProcessInfo.processInfo.environment["OFX_BENCHMARK_FILE"]

    @Test(.enabled(if: path != nil))
    func readsTheBenchmarkFile() throws {
        let path = try #require(Self.path)
        let bytes = try FileOutput.read(path)
        let clock = ContinuousClock()
        let start = clock.now
        let file = try OFX1Reader().read(bytes, path: path, context: ReadContext(defaultCurrency: .usd))
        let elapsed = clock.now - start
        let records = file.recordCount
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let megabytes = Double(bytes.count) / 1_048_576
        print(
            "OFX probe: \(file.format.rawValue) \(records) records, \(String(format: "%.3f", seconds)) s, "
                + "\(Int(Double(records) / seconds)) records/s, \(Int(megabytes / seconds)) MB/s")
        #expect(records > 0)
    }
}
