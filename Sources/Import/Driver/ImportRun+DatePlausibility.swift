import Ledger

extension ImportRun {
    /// Checks the stated period of each statement of `parsed` against its own records and today
    /// (`DatePlausibility.period`), before `DateOutliers` judges records against that period: a
    /// period ending in 2099 must not make every real record an outlier. A changed period gets a
    /// warning at the file.
    static func checkPeriods(
        _ parsed: inout ParsedFile, path: String, plausibility: DatePlausibility
    ) -> [ImportDiagnostic] {
        var warnings: [ImportDiagnostic] = []
        for index in parsed.statements.indices {
            guard let stated = parsed.statements[index].coverage else { continue }
            let records = parsed.statements[index].records
            let days = records.indices.map { records.date(at: $0).dayNumber }
            let (period, problem) = plausibility.period(stated, records: days)
            guard let problem else { continue }
            parsed.statements[index].coverage = period
            warnings.append(ImportDiagnostic(severity: .warning, path: path, line: 1, message: problem))
        }
        return warnings
    }

    /// Skips the records of every file whose dates are implausible for the workspace as a whole
    /// (`DatePlausibility`), with their reason and a warning per file, then checks the stated
    /// periods again against the records that are left.
    mutating func skipImplausibleDates() {
        var days: [Int] = []
        days.reserveCapacity(files.reduce(0) { $0 + $1.recordCount })
        for state in files {
            for statement in state.parsed?.statements ?? [] {
                let records = statement.records
                for index in records.indices { days.append(records.date(at: index).dayNumber) }
            }
        }
        let plausibility = DatePlausibility(days: days, today: today)
        // The day numbers above serve again, in the same order, to find the records to look at:
        // only a day after the ceiling or before the floor can be implausible, and `problem`
        // decides those (a million days worked out once, not three times).
        let ceiling = today.map { $0.dayNumber + DatePlausibility.futureDays } ?? .max
        let floor = plausibility.floorDay ?? .min
        var nextDay = 0
        for fileIndex in files.indices {
            guard var parsed = files[fileIndex].parsed else { continue }
            var skipped: [SkippedRecord] = []
            var firstProblem: (line: Int, problem: String)?
            for statementIndex in parsed.statements.indices {
                // A balance stated on such a day (a CSV balance column, a LEDGERBAL) is not checked.
                parsed.statements[statementIndex].statedBalances.removeAll {
                    plausibility.problem(with: $0.date) != nil
                }
                let records = parsed.statements[statementIndex].records
                let firstDay = nextDay
                nextDay += records.count
                var problems: [Int: String] = [:]
                for index in records.indices where days[firstDay + index] > ceiling || days[firstDay + index] < floor {
                    if let problem = plausibility.problem(with: records.date(at: index)) { problems[index] = problem }
                }
                guard !problems.isEmpty else { continue }
                var kept: [ParsedRecord] = []
                kept.reserveCapacity(records.count - problems.count)
                for (index, record) in records.enumerated() {
                    if let problem = problems[index] {
                        if firstProblem == nil || record.line < firstProblem!.line {
                            firstProblem = (record.line, problem)
                        }
                        skipped.append(SkippedRecord(line: record.line, reason: problem + "; it is skipped"))
                    } else {
                        kept.append(record)
                    }
                }
                parsed.statements[statementIndex].records = RecordTable(kept)
            }
            let path = files[fileIndex].file.path
            var warnings = ImportRun.checkPeriods(&parsed, path: path, plausibility: plausibility)
            if let first = firstProblem {
                let count = skipped.count
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: path, line: first.line,
                        message:
                            "\(count) record\(count == 1 ? " is" : "s are") dated implausibly for this workspace and skipped (the import report lists \(count == 1 ? "it" : "them")); the first: \(first.problem)"
                    ))
                files[fileIndex].skipped += skipped
                files[fileIndex].skipped.sort { $0.line < $1.line }
            }
            files[fileIndex].warnings += warnings
            files[fileIndex].parsed = parsed
        }
    }
}
