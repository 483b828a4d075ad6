import Ledger

/// Records dated so far from the rest of their statement that the date must be a typo or a
/// placeholder (a 9999-12-31, a 2062 for 2026): they are skipped with a reason at their line, so
/// one of them can never choose the month a report is about.
///
/// Two rules, both generous enough that real statements never meet them:
/// - a statement that states its period (OFX `DTSTART`/`DTEND`, a CSV preamble) keeps records
///   within `margin` days of it;
/// - any statement keeps its latest records only while each is within `margin` days of the one
///   before it: a date a year beyond every other row is not the newest transaction.
public enum DateOutliers {
    public static let margin = 366

    /// Moves the outlying records of every statement of `file` to its skipped records.
    public static func skip(in file: inout ParsedFile) {
        for index in file.statements.indices {
            let statement = file.statements[index]
            let records = statement.records
            guard records.count > 0 else { continue }
            var outlying = Set<Int>()
            var reasons: [Int: String] = [:]
            if let period = statement.coverage {
                let low = period.lowerBound.dayNumber - margin
                let high = period.upperBound.dayNumber + margin
                for position in 0..<records.count {
                    let day = records.date(at: position).dayNumber
                    guard day < low || day > high else { continue }
                    outlying.insert(position)
                    reasons[position] =
                        "its date \(records.date(at: position).isoString) is far outside the statement's period "
                        + "(\(period.lowerBound.isoString) to \(period.upperBound.isoString)); it is skipped"
                }
            }
            // From the latest down: a date far beyond every other one. One pass finds the two latest;
            // only a file that has such a date is looked at again.
            while true {
                var latest: (position: Int, day: Int)?
                var second: (position: Int, day: Int)?
                for position in 0..<records.count where outlying.isEmpty || !outlying.contains(position) {
                    let day = records.date(at: position).dayNumber
                    if latest == nil || day > latest!.day {
                        second = latest
                        latest = (position, day)
                    } else if second == nil || day > second!.day {
                        second = (position, day)
                    }
                }
                guard let latest, let second, latest.day - second.day > margin else { break }
                outlying.insert(latest.position)
                reasons[latest.position] =
                    "its date \(records.date(at: latest.position).isoString) is more than a year after every other "
                    + "transaction of the statement (the latest is \(records.date(at: second.position).isoString)); "
                    + "it is skipped"
            }
            guard !outlying.isEmpty else { continue }
            var kept: [ParsedRecord] = []
            kept.reserveCapacity(records.count - outlying.count)
            for (position, record) in records.enumerated() {
                if outlying.contains(position) {
                    file.skipped.append(SkippedRecord(line: record.line, reason: reasons[position] ?? ""))
                } else {
                    kept.append(record)
                }
            }
            file.statements[index].records = RecordTable(kept)
        }
        file.skipped.sort { $0.line < $1.line }
    }
}
