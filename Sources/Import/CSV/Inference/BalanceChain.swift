/// Checks a column of balances against the amounts' running sum, in either row order, as the
/// balance after each row or before it.
struct BalanceChain: Equatable {
    enum Kind: Equatable {
        /// The balance after the row (`Saldo`, `Balance`).
        case after
        /// The balance before the row (ASN Bank).
        case before
    }

    var kind: Kind
    var newestFirst: Bool
    /// Pairs of consecutive rows whose balances agree with the amount between them, of all pairs
    /// with both balances and amounts.
    var matches: Int
    var pairs: Int
    /// The data row (index in file order) of the first pair that does not agree, nil when all do.
    var firstMismatch: Int? = nil

    /// True when nearly every pair agrees, and there are at least two pairs (one could agree by chance).
    var holds: Bool { pairs >= 2 && Double(matches) >= 0.9 * Double(pairs) }

    /// The way of reading `balances` that agrees best with `amounts` (rows in file order; nil
    /// where a row has none), nil when no pair of rows has both. `newestFirst`, when the dates
    /// tell the row order, leaves out the other order.
    static func best(amounts: [Int64?], balances: [Int64?], newestFirst order: Bool? = nil) -> BalanceChain? {
        var rows: [(amount: Int64, balance: Int64, row: Int)] = []
        for (row, (amount, balance)) in zip(amounts, balances).enumerated() {
            if let amount, let balance { rows.append((amount, balance, row)) }
        }
        guard rows.count >= 2 else { return nil }
        var best: BalanceChain?
        for kind in [Kind.after, .before] {
            for newestFirst in [false, true] where order == nil || order == newestFirst {
                var matches = 0
                var firstMismatch: Int?
                for index in 1..<rows.count {
                    let (earlier, later) = newestFirst ? (rows[index], rows[index - 1]) : (rows[index - 1], rows[index])
                    let agrees: Bool
                    switch kind {
                    case .after: agrees = earlier.balance &+ later.amount == later.balance
                    case .before: agrees = earlier.balance &+ earlier.amount == later.balance
                    }
                    if agrees {
                        matches += 1
                    } else if firstMismatch == nil {
                        firstMismatch = later.row
                    }
                }
                let chain = BalanceChain(
                    kind: kind, newestFirst: newestFirst, matches: matches, pairs: rows.count - 1,
                    firstMismatch: firstMismatch)
                if best == nil || matches > best!.matches { best = chain }
            }
        }
        return best
    }
}
