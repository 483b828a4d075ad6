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
    /// each month sees them by its end).
    static let formatVersion = 2

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
            digests.set(offset, Self.digest(history.transactions[range]))
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

    /// SHA-256 over every field of `rows` the analysis reads (`FigureRow`), each ended by a
    /// separator byte, the numbers as fixed-width bytes.
    static func digest(_ rows: ArraySlice<FigureRow>) -> [UInt8] {
        var stream = DigestStream()
        // Field by field, each row read in place (a copy of the row retains and releases its
        // every string); component by component (`description` would join a new string per row).
        func category(_ path: CategoryPath, into stream: inout DigestStream) {
            for component in path.components {
                stream.append(component)
                stream.append(byte: 0x1D)
            }
            stream.append(byte: 0x1F)
        }
        for index in rows.indices {
            stream.append(rows[index].id.rawValue)
            stream.append(byte: 0x1F)
            stream.append(rows[index].account.rawValue)
            stream.append(byte: 0x1F)
            stream.append(number: Int64(rows[index].date.dayNumber))
            stream.append(number: rows[index].amount.minorUnits)
            stream.append(rows[index].amount.currency.code)
            stream.append(byte: 0x1F)
            stream.append(rows[index].payee)
            stream.append(byte: 0x1F)
            stream.append(rows[index].status.rawValue)
            stream.append(byte: 0x1F)
            if let path = rows[index].category { category(path, into: &stream) } else { stream.append(byte: 0x1F) }
            stream.append(number: Int64(rows[index].splits.count))
            for split in rows[index].splits {
                category(split.category, into: &stream)
                stream.append(number: split.amount.minorUnits)
                stream.append(split.amount.currency.code)
                stream.append(byte: 0x1F)
            }
            stream.append(byte: rows[index].isTransfer ? 1 : 0)
            stream.append(byte: rows[index].isIgnored ? 1 : 0)
            stream.append(byte: rows[index].categorySourceKind.rawValue)
            stream.append(byte: 0x1E)
        }
        return stream.finalize()
    }
}
