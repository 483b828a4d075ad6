import Ledger

extension AmountStyleInference {
    func makeHypotheses() -> [AmountHypothesis] {
        var result: [AmountHypothesis] = []
        let money = columns.filter(\.couldBeAmount)
        let indicators = columns.compactMap { column in indicatorValues(column).map { (column, $0) } }

        for column in money {
            let amountHint = column.strength(of: .amount)
            var plausibility = 10 + 10 * amountHint + (column.fractions > 0 ? 2 : 0)
            plausibility -= 30 * column.strength(of: .balance)
            plausibility -= 15 * max(column.strength(of: .debit), column.strength(of: .credit))
            if column.fillRatio < 0.9 { plausibility -= 10 }
            if column.negatives > 0 && column.negatives < column.numbers { plausibility += 5 }
            let signKnown = column.negatives > 0
            if column.negatives == 0 {
                for (indicator, values) in indicators where indicator.index != column.index {
                    let sides = indicator.values(
                        debit: values.debit,
                        emptyIsDebit: values.debitWritten == [""]
                            ? true
                            : values.creditWritten == [""] ? false : nil)
                    let amounts = zip(column.values, sides).map { value, debit in
                        value.flatMap { amount in debit.map { $0 ? -abs(amount) : abs(amount) } }
                    }
                    result.append(
                        AmountHypothesis(
                            kind: .indicator(
                                amount: column.index, indicator: indicator.index, debitValues: values.debitWritten,
                                creditValues: values.creditWritten),
                            amounts: amounts, signKnown: true,
                            plausibility: plausibility + 25 + 5 * indicator.strength(of: .indicator)))
                }
            }
            // No minus anywhere, but a `+` on some amounts: the `+` marks money in, and the
            // amounts without a sign went out.
            if column.negatives == 0 && column.pluses > 0 && column.pluses < column.numbers {
                let amounts = zip(column.values, column.plusRows).map { value, plus in
                    value.map { plus ? abs($0) : -abs($0) }
                }
                result.append(
                    AmountHypothesis(
                        kind: .plusMarked(column.index), amounts: amounts, signKnown: true,
                        plausibility: plausibility + 20))
            }
            result.append(
                AmountHypothesis(
                    kind: .signed(column.index, inverted: false), amounts: column.values, signKnown: signKnown,
                    plausibility: plausibility))
            result.append(
                AmountHypothesis(
                    kind: .signed(column.index, inverted: true), amounts: column.values.map { $0.map { -$0 } },
                    signKnown: false, plausibility: plausibility - 50))
        }

        // One of a named pair may be zero or empty throughout: a `Withdrawals` column whose
        // `Deposits` partner has nothing in this file still says the money went out.
        let partners = columns.filter { column in
            let named = column.strength(of: .debit) > 0 || column.strength(of: .credit) > 0
            return (column.couldBeMoney && column.numbers > 0) || (named && column.filled == 0)
        }
        for first in partners {
            for second in partners where second.index > first.index {
                guard first.couldBeAmount || second.couldBeAmount, complementary(first, second) else { continue }
                let named = (
                    first.strength(of: .debit), first.strength(of: .credit), second.strength(of: .debit),
                    second.strength(of: .credit)
                )
                // A column whose every number has a minus beside one with none: the minus says
                // which is money out, whatever the names (or with no names at all).
                let firstIsDebit = (named.0 > 0 && named.3 > 0) || Self.writtenOut(first, beside: second)
                let secondIsDebit = (named.2 > 0 && named.1 > 0) || Self.writtenOut(second, beside: first)
                for (debit, credit) in [(first, second), (second, first)] {
                    let known = debit.index == first.index ? firstIsDebit : secondIsDebit
                    let amounts = zip(debit.values, credit.values).map { out, into -> Int64? in
                        if out == nil && into == nil { return nil }
                        return (into ?? 0) - abs(out ?? 0)
                    }
                    result.append(
                        AmountHypothesis(
                            kind: .debitCredit(debit: debit.index, credit: credit.index), amounts: amounts,
                            signKnown: known, plausibility: known ? 45 : 30))
                }
            }
        }
        return result
    }

    /// True when every number of `column` has a minus and none of `other`'s has.
    static func writtenOut(_ column: ColumnEvidence, beside other: ColumnEvidence) -> Bool {
        column.numbers > 0 && column.negatives == column.numbers && other.numbers > 0 && other.negatives == 0
    }

    /// True when, row by row, at most one of the two columns holds a non-zero number, and each
    /// holds one somewhere. Neither holds many negative numbers, unless one holds only negative
    /// numbers and the other none (money out written with a minus beside money in).
    func complementary(_ first: ColumnEvidence, _ second: ColumnEvidence) -> Bool {
        let signedOut = Self.writtenOut(first, beside: second) || Self.writtenOut(second, beside: first)
        guard signedOut || (first.negatives * 10 <= first.numbers && second.negatives * 10 <= second.numbers) else {
            return false
        }
        var firstOnly = 0
        var secondOnly = 0
        var both = 0
        for (a, b) in zip(first.values, second.values) {
            let hasA = (a ?? 0) != 0
            let hasB = (b ?? 0) != 0
            if hasA && hasB { both += 1 } else if hasA { firstOnly += 1 } else if hasB { secondOnly += 1 }
        }
        let rows = firstOnly + secondOnly + both
        guard rows > 0, Double(both) <= 0.05 * Double(rows) else { return false }
        let named =
            (first.strength(of: .debit) > 0 || first.strength(of: .credit) > 0)
            && (second.strength(of: .debit) > 0 || second.strength(of: .credit) > 0)
        return named || (firstOnly > 0 && secondOnly > 0)
    }

    struct IndicatorValues {
        var debit: Set<String>
        var debitWritten: [String]
        var creditWritten: [String]
    }

    /// The values of a column that says which way money went, when every one of them is a known
    /// debit or credit word (`D`/`C`, `Af`/`Bij`, `S`/`H`, `debit`/`credit`).
    func indicatorValues(_ column: ColumnEvidence) -> IndicatorValues? {
        if let marker = markerValues(column) { return marker }
        guard column.fillRatio >= 0.9, !column.distinct.isEmpty, column.distinct.count <= 3 else { return nil }
        var debit: Set<String> = []
        var debitWritten: [String] = []
        var creditWritten: [String] = []
        for value in column.distinct.keys.sorted() {
            let folded = HeaderVocabulary.fold(value)
            if AmountStyleInference.debitWords.contains(folded) {
                debit.insert(value)
                debitWritten.append(value)
            } else if AmountStyleInference.creditWords.contains(folded) {
                creditWritten.append(value)
            } else {
                return nil
            }
        }
        // A single value proves little unless the header says what the column is.
        if debitWritten.isEmpty || creditWritten.isEmpty, column.strength(of: .indicator) == 0 { return nil }
        return IndicatorValues(debit: debit, debitWritten: debitWritten, creditWritten: creditWritten)
    }

    /// Words that mark a row's side on their own, where most rows leave the mark out.
    static let markerWords: (debit: Set<String>, credit: Set<String>) = (["dr", "debit"], ["cr", "credit"])

    /// A column with no name, or named as an indicator, whose only value is `CR` (or only `DR`)
    /// on some rows, empty on the rest: a card export marks its few payments `CR` beside amounts
    /// written without a sign. The rows without the mark went the other way.
    func markerValues(_ column: ColumnEvidence) -> IndicatorValues? {
        guard column.header?.isEmpty ?? true || column.strength(of: .indicator) > 0,
            column.filled > 0, column.fillRatio < 0.9, column.distinct.count == 1,
            let written = column.distinct.keys.first
        else { return nil }
        let folded = HeaderVocabulary.fold(written)
        if AmountStyleInference.markerWords.credit.contains(folded) {
            return IndicatorValues(debit: [""], debitWritten: [""], creditWritten: [written])
        }
        if AmountStyleInference.markerWords.debit.contains(folded) {
            return IndicatorValues(debit: [written], debitWritten: [written], creditWritten: [""])
        }
        return nil
    }
}

extension ColumnEvidence {
    /// Per row, true for a debit value, false for another non-empty value; for an empty cell,
    /// `emptyIsDebit` (a marker column's unmarked rows), nil when an empty cell says nothing.
    fileprivate func values(debit: Set<String>, emptyIsDebit: Bool?) -> [Bool?] {
        cells.map { $0.isEmpty ? emptyIsDebit : debit.contains($0.lowercased()) }
    }
}
