import Ledger

/// Which formats run one after another on which thread: one lane per core, the formats dealt out
/// longest first, each to the lane that is free soonest.
///
/// Why not a thread per format: on a 2-core machine four writers at once take turns on both cores,
/// and the SQLite file (the longest, longer than the three text files together) started last
/// whenever the text writers were picked up first, so the run lasted text + SQLite. Dealt by cost,
/// SQLite has one core from the start and the three text files follow each other on the other.
struct ExportLanes: Equatable {
    /// The formats of each lane, in the order that lane writes them.
    let lanes: [[ExportFormat]]

    init(formats: [ExportFormat], cores: Int) {
        var lanes: [[ExportFormat]] = Array(repeating: [], count: max(1, min(cores, formats.count)))
        var busy = Array(repeating: 0, count: lanes.count)
        // Longest first; a stable sort keeps equal costs in the order asked for.
        let longestFirst = formats.enumerated().sorted {
            (ExportLanes.cost($0.element), $1.offset) > (ExportLanes.cost($1.element), $0.offset)
        }
        for (_, format) in longestFirst {
            guard let lane = busy.indices.min(by: { busy[$0] < busy[$1] }) else { continue }
            lanes[lane].append(format)
            busy[lane] += ExportLanes.cost(format)
        }
        self.lanes = lanes.filter { !$0.isEmpty }
    }

    /// CPU milliseconds per million ledger rows (release build, 1M CSV bench ledger, the decode
    /// not counted): only their proportions matter.
    static func cost(_ format: ExportFormat) -> Int {
        switch format {
        case .sqlite: 4_400
        case .journal: 1_100
        case .beancount: 1_000
        case .csv: 500
        }
    }
}
