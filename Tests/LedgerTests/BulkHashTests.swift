import Testing

@testable import Ledger

/// The hash of long runs of bytes: any changed byte, and any change of length, changes it.
@Suite struct BulkHashTests {
    /// 1,000 bytes that are not a multiple of the block, nor of eight.
    static let bytes: [UInt8] = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 3) }

    func hash(_ bytes: [UInt8]) -> BulkHash.Value { bytes.withUnsafeBytes { BulkHash.hash($0) } }

    @Test func everyChangedByteAndLengthChangesTheHash() {
        let whole = hash(Self.bytes)
        var seen: Set<BulkHash.Value> = [whole]
        for index in Self.bytes.indices {
            var changed = Self.bytes
            changed[index] ^= 0x01
            seen.insert(hash(changed))
        }
        for length in [0, 1, 7, 8, 31, 32, 33, 999] { seen.insert(hash(Array(Self.bytes.prefix(length)))) }
        // A run of zeros one longer than another.
        seen.insert(hash([UInt8](repeating: 0, count: 40)))
        seen.insert(hash([UInt8](repeating: 0, count: 41)))
        #expect(seen.count == 1 + Self.bytes.count + 8 + 2)
    }
}
