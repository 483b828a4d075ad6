import Ledger

extension AmountStyleInference {
    func name(_ hypothesis: AmountHypothesis) -> String {
        switch hypothesis.kind {
        case .signed(let column, _), .plusMarked(let column): return describe(column)
        case .debitCredit(let debit, let credit): return "\(describe(debit)) and \(describe(credit))"
        case .indicator(let amount, let indicator, _, _): return "\(describe(amount)) with \(describe(indicator))"
        }
    }

    /// The `sign` line that settles a signed column without a minus, shown with its first amount.
    func signDecision(_ best: AmountHypothesis) -> AccountDecision? {
        guard case .signed = best.kind, let row = best.amounts.firstIndex(where: { $0 != nil && $0 != 0 }),
            let value = best.amounts[row]
        else { return nil }
        return .sign(line: lines[row], amount: Self.money(abs(value)))
    }

    /// Ten-thousandths as a decimal with at least two places: `49.90`.
    static func money(_ units: Int64) -> String {
        let magnitude = abs(units)
        var fraction = String(magnitude % 10_000)
        while fraction.count < 4 { fraction = "0" + fraction }
        while fraction.count > 2 && fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(units < 0 ? "-" : "")\(magnitude / 10_000).\(fraction)"
    }

    /// Both readings of a hypothesis whose sign is a guess, on its first row with an amount.
    func signMessage(_ best: AmountHypothesis, _ all: [AmountHypothesis]) -> String {
        guard let row = best.amounts.firstIndex(where: { $0 != nil && $0 != 0 }), let value = best.amounts[row] else {
            return "the sign of the amounts is not clear"
        }
        let line = lines[row]
        func money(_ units: Int64) -> String {
            let sign = units < 0 ? "-" : "+"
            let magnitude = abs(units)
            var fraction = String(magnitude % 10_000)
            while fraction.count < 4 { fraction = "0" + fraction }
            while fraction.count > 2 && fraction.hasSuffix("0") { fraction.removeLast() }
            return "\(sign)\(magnitude / 10_000).\(fraction)"
        }
        switch best.kind {
        case .signed(let column, _):
            return
                "the sign of the amounts is not clear: \(describe(column)) holds no negative numbers, so they may be money in (line \(line): \(money(value))) or money out, as card exports show charges (line \(line): \(money(-value))); no balance column settles it"
        case .debitCredit(let debit, let credit):
            return
                "the sign of the amounts is not clear: \(describe(debit)) and \(describe(credit)) hold money out and money in, but their names do not say which is which: reading \(describe(debit)) as money out, line \(line) is \(money(value)); reading it as money in, line \(line) is \(money(-value)); no balance column settles it"
        case .indicator, .plusMarked:
            return "the sign of the amounts is not clear"
        }
    }
}
