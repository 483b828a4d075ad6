import Ledger

/// The first part of `TransferPairing`: the pairs `[categorize] transfer_pairs` declares, paired
/// before any other, whatever rules said of the legs. A pair whose id is not in the journal, or
/// whose legs are in one account or already paired, is a warning.
struct DeclaredTransferPairs {
    /// `[categorize] transfer_pairs`: two transaction ids each.
    var declared: [[TransactionID]]

    /// Pairs the declared legs (`rows.peer`) and returns them as (outgoing, incoming) row indices,
    /// the leg with money out first.
    func pair(_ rows: inout LedgerRows, report: inout CategorizeReport) -> [(out: Int, in: Int)] {
        guard !declared.isEmpty else { return [] }
        let wanted = Set(declared.joined())
        var rowOf: [TransactionID: Int] = [:]
        for index in 0..<rows.count {
            let id = rows.id(index)
            if wanted.contains(id) { rowOf[id] = index }
        }
        var pairs: [(out: Int, in: Int)] = []
        for pair in declared {
            let (a, b) = (pair[0], pair[1])
            guard let first = rowOf[a], let second = rowOf[b] else {
                let missing = [a, b].filter { rowOf[$0] == nil }.map { "'\($0)'" }.joined(separator: " and ")
                report.warnings.append(
                    "closebook.toml: [categorize] transfer_pairs: \(missing) \(missing.contains(" and ") ? "are" : "is") "
                        + "not in the journal; the pair \(a) / \(b) is not made")
                continue
            }
            guard rows.account[first] != rows.account[second], rows.peer[first] == -1, rows.peer[second] == -1
            else {
                report.warnings.append(
                    "closebook.toml: [categorize] transfer_pairs: \(a) / \(b) are in one account or already "
                        + "paired; the pair is not made")
                continue
            }
            let outFirst = rows.minorUnits[first] <= rows.minorUnits[second]
            let (out, incoming) = outFirst ? (first, second) : (second, first)
            rows.peer[out] = Int32(incoming)
            rows.peer[incoming] = Int32(out)
            pairs.append((out, incoming))
        }
        return pairs
    }
}
