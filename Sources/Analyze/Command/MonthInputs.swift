import Crypto
import Foundation
import Ledger

/// Everything one month's analysis file is made from, as one SHA-256 a month
/// (`AnalysisFingerprints`): the rows up to its end, the run's shared inputs and the month's own.
///
/// Why a running digest of rows: a month's sections read a window of the months before it (its
/// trend, recurring series, anomalies, forecast back-test, net worth and account stories reach
/// back to the first month), so a change to any earlier row may change it, and no later row can
/// (`MonthAnalyzer`). The digest of month M is SHA-256(digest of M - 1, digest of M's rows), so a
/// month end that adds rows after M leaves M's digest as it was.
struct MonthInputs: Sendable {
    /// Raised when what a fingerprint covers changes meaning (2: the import report's accounts as
    /// each month sees them by its end; 3: the rows by their `FigureRow.contentHash`).
    static let formatVersion = 3

    /// SHA-256 of what every month of the run reads alike.
    let context: [UInt8]
    /// By month offset from the history's first month: the running digest of the rows through it.
    let running: [[UInt8]]

    init(history: LedgerHistory, context: [UInt8], cores: Int) {
        self.context = context
        let count = history.monthCount
        let digests = Slots<[UInt8]>(count: count)
        Cores.forEach(count, cores: cores) { offset in
            guard let first = history.firstMonth else { return }
            let range = history.range(of: first.adding(months: offset))
            digests.set(offset, Self.digest(range, of: history))
        }
        var running: [[UInt8]] = []
        running.reserveCapacity(count)
        var previous: [UInt8] = []
        for offset in 0..<count {
            var hasher = SHA256()
            hasher.update(data: previous)
            hasher.update(data: digests[offset] ?? [])
            previous = Array(hasher.finalize())
            running.append(previous)
        }
        self.running = running
    }

    /// The fingerprint of `month`, whose own inputs (`own`, one text each: its close record's
    /// digest, its notices, whether it is complete...) are given by the run.
    func fingerprint(of month: YearMonth, history: LedgerHistory, own: [String]) -> String {
        var hasher = SHA256()
        hasher.update(data: context)
        hasher.update(data: history.offset(of: month).map { running[$0] } ?? [])
        hasher.update(data: Array(([month.description] + own).joined(separator: "\u{0}").utf8))
        return Hex.lowercase(hasher.finalize())
    }

    /// SHA-256 of the bytes of `parts`, each ended by a separator byte.
    static func context(_ parts: [[UInt8]]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: Array("closebook-analyze months \(formatVersion)".utf8))
        for part in parts {
            hasher.update(data: withUnsafeBytes(of: UInt64(part.count).littleEndian) { Array($0) })
            hasher.update(data: part)
        }
        return Array(hasher.finalize())
    }

    /// SHA-256 of the `FigureRow.contentHash` of each row of `range`, in order: every field the
    /// analysis reads.
    /// Each hash is its high then its low half, eight little-endian bytes each.
    static func digest(_ range: Range<Int>, of history: LedgerHistory) -> [UInt8] {
        var words: [UInt64] = []
        words.reserveCapacity(range.count * 2)
        for index in range {
            let hash = history.contentHash(of: index)
            words.append(hash.high.littleEndian)
            words.append(hash.low.littleEndian)
        }
        var hasher = SHA256()
        words.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        return Array(hasher.finalize())
    }
}
