/// One way of reading a row's money from the columns: what layout inference weighs against the
/// others and against a balance column.
struct AmountHypothesis {
    enum Kind: Equatable {
        /// One signed column; `inverted` for card exports that show charges as positive numbers.
        case signed(Int, inverted: Bool)
        case debitCredit(debit: Int, credit: Int)
        case indicator(amount: Int, indicator: Int, debitValues: [String], creditValues: [String])
        /// One column with no minus, whose `+` marks money in: the amounts without a sign went
        /// out (a card's purchases beside its `+500.00` payment).
        case plusMarked(Int)
    }

    var kind: Kind
    /// Per data row, the signed amount in ten-thousandths (nil when the row has none).
    var amounts: [Int64?]
    /// The sign follows from what the file says (a minus, a named debit column, a D/C value),
    /// not from a guess.
    var signKnown: Bool
    /// How well the header names and contents fit, for choosing among hypotheses.
    var plausibility: Int

    /// The same columns read the other way round: every amount negated.
    var mirrored: AmountHypothesis {
        var result = self
        result.amounts = amounts.map { $0.map { -$0 } }
        switch kind {
        case .signed(let column, let inverted): result.kind = .signed(column, inverted: !inverted)
        case .debitCredit(let debit, let credit): result.kind = .debitCredit(debit: credit, credit: debit)
        case .indicator(let amount, let indicator, let debitValues, let creditValues):
            result.kind = .indicator(
                amount: amount, indicator: indicator, debitValues: creditValues, creditValues: debitValues)
        case .plusMarked:
            // What is written decides each row: there is no other way round to read it.
            return self
        }
        return result
    }

    /// Rows with no amount, or an amount of zero.
    var emptyRows: Int { amounts.filter { ($0 ?? 0) == 0 }.count }

    /// The columns the hypothesis reads.
    var columns: [Int] {
        switch kind {
        case .signed(let column, _): [column]
        case .debitCredit(let debit, let credit): [debit, credit]
        case .indicator(let amount, let indicator, _, _): [amount, indicator]
        case .plusMarked(let column): [column]
        }
    }

    /// The money columns (not the indicator).
    var moneyColumns: [Int] {
        switch kind {
        case .signed(let column, _): [column]
        case .debitCredit(let debit, let credit): [debit, credit]
        case .indicator(let amount, _, _, _): [amount]
        case .plusMarked(let column): [column]
        }
    }
}
