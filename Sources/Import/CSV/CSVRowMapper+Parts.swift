import Ledger

/// A large file's data rows mapped in two parts at once: a mapper for the later part starts with
/// the first's settings and preamble facts and nothing mapped, and is then absorbed into the first,
/// which ends as one mapper that read every row in order would.
extension CSVRowMapper {
    /// A mapper with this one's settings and preamble facts, and no rows, warnings or tallies yet.
    func emptyPart(reserving records: Int, textBytes: Int) -> CSVRowMapper {
        var part = self
        part.groups = []
        part.groupIndex = [:]
        part.skipped = []
        part.warnings = []
        part.textualDateFailures = []
        part.valueFailures = 0
        part.lastGroup = nil
        part.signNotes = SignNotes()
        part.rounded = AmountRounding.Tally()
        part.reserve(records, textBytes: textBytes)
        return part
    }

    /// Takes the rows `later` mapped (the rows after this mapper's, from `emptyPart`): statements
    /// joined by their key in first-seen order, skipped rows and warnings after this mapper's,
    /// each kind of sign note and the rounding tally counted once with its first line.
    mutating func absorb(_ later: CSVRowMapper) {
        for group in later.groups {
            if let index = groupIndex[group.key] {
                groups[index].records.append(contentsOf: group.records)
                groups[index].balanceRows += group.balanceRows
                groups[index].balanceBefore += group.balanceBefore
            } else {
                groupIndex[group.key] = groups.count
                groups.append(group)
            }
        }
        let skippedBefore = skipped.count
        skipped += later.skipped
        for index in later.textualDateFailures { textualDateFailures.insert(index + skippedBefore) }
        warnings += later.warnings
        valueFailures += later.valueFailures
        signNotes.absorb(later.signNotes)
        rounded.absorb(later.rounded)
        lastGroup = nil
    }
}

extension CSVRowMapper.SignNotes {
    /// Adds the notes of rows after these: a kind seen here keeps its first line and adds the count.
    mutating func absorb(_ later: CSVRowMapper.SignNotes) {
        for kind in later.kinds {
            for _ in 0..<kind.count { note(kind.key, kind.line, kind.message) }
        }
    }
}

extension AmountRounding.Tally {
    /// Adds the amounts rounded in rows after these: the first stays the first seen.
    func absorb(_ later: AmountRounding.Tally) {
        count += later.count
        if first == nil { first = later.first }
    }
}
