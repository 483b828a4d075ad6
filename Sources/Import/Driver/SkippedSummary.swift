/// The skipped records of one file as the import report lists them: the first
/// `listedPerReason` of each reason one by one, the rest of that reason counted in one entry.
///
/// Why: an unclosed quote near the top of a 2-million-line file skipped every line after it for
/// the same reason, and the report listed each (277 MB). A hundred show what went wrong; the
/// count keeps `records = imported + duplicates + skipped` exact (`skipped` is the sum of the
/// entries' counts, one for an entry without a count).
enum SkippedSummary {
    static let listedPerReason = 100

    static func lines(_ records: [SkippedRecord]) -> [ImportReport.SkippedLine] {
        var listed: [String: Int] = [:]
        // Per reason beyond its first hundred: the summary entry's place in `lines`.
        var summaries: [String: Int] = [:]
        var lines: [ImportReport.SkippedLine] = []
        // Per summary entry: the last line it counts.
        var lastLines: [Int: Int] = [:]
        for record in records {
            let key = reasonKey(record.reason)
            let seen = listed[key, default: 0]
            listed[key] = seen + 1
            if seen < listedPerReason {
                lines.append(ImportReport.SkippedLine(line: record.line, reason: record.reason))
            } else if let index = summaries[key] {
                lines[index].count! += 1
                lastLines[index] = record.line
            } else {
                summaries[key] = lines.count
                lastLines[lines.count] = record.line
                lines.append(ImportReport.SkippedLine(line: record.line, reason: "", count: 1))
            }
        }
        for (index, last) in lastLines {
            lines[index].reason = summaryReason(count: lines[index].count!, first: lines[index].line, last: last)
        }
        return lines
    }

    static func summaryReason(count: Int, first: Int, last: Int) -> String {
        let span = first == last ? "line \(first)" : "lines \(first) to \(last)"
        return "\(count) more record\(count == 1 ? "" : "s") (\(span)) skipped for the same reason as the "
            + "\(listedPerReason) above; not listed one by one"
    }

    /// A reason with its numbers taken out: "quoted field opened at line 5 column 3 is never
    /// closed" is one reason whatever the line.
    static func reasonKey(_ reason: String) -> String {
        var key = ""
        var inNumber = false
        for character in reason {
            if character.isASCII && character.isNumber {
                if !inNumber { key.append("#") }
                inNumber = true
            } else {
                key.append(character)
                inNumber = false
            }
        }
        return key
    }
}
