import Ledger

/// The report's counts once every step has run: rows by where their category came from, rows
/// ignored, rows left uncategorised.
struct SourceTally {
    /// How many rows `uncategorized.csv` lists.
    var uncategorized: Int

    /// Adds the counts of `rows` to `report`: one pass over the rows' source numbers, then one
    /// addition per distinct source.
    func count(_ rows: LedgerRows, into report: inout CategorizeReport) {
        var perSource = [Int](repeating: 0, count: rows.sources.count)
        for row in 0..<rows.count {
            perSource[Int(rows.source[row])] += 1
            if rows.isIgnored[row] { report.ignored += 1 }
        }
        for (number, count) in perSource.enumerated() where count > 0 {
            switch rows.sources[number] {
            case .rule: report.bySource.rule += count
            case .profileRule: report.bySource.profileRule += count
            case .starterRule: report.bySource.starterRule += count
            case .exportCategory: report.bySource.exportCategory += count
            case .override: report.bySource.override += count
            case .learned: report.bySource.learned += count
            case .transfer: report.bySource.transfer += count
            case .none: report.bySource.none += count
            }
        }
        report.uncategorized = uncategorized
    }
}
