import Ledger

/// Decides where a row's money is: one signed column, a debit and a credit column, or an
/// unsigned amount with a debit/credit indicator; and which column, if any, is the running
/// balance.
///
/// Every reading the columns allow is a hypothesis. A balance column whose values follow the
/// running sum of one hypothesis's amounts proves it, sign included. Without one, the header
/// names and the contents choose; a reading whose sign would be a guess (amounts without a
/// minus, unnamed money-out and money-in columns) is rejected with both readings shown, never
/// taken silently.
struct AmountStyleInference {
    struct Decision {
        var hypothesis: AmountHypothesis
        var balance: (column: Int, chain: BalanceChain?)?
        /// Sentences for the printed profile's reasons: what settled the sign, or what leaves it in doubt.
        var notes: [String] = []
        /// The confidence the reading allows at most.
        var ceiling: InferredLayout.Confidence = .high
    }

    /// Why no reading can be chosen: the columns in doubt and what each reading would give.
    struct Ambiguity: Error {
        var message: String
        /// The account setting that would settle it, when one can.
        var decision: AccountDecision? = nil
    }

    /// Values of an indicator column meaning money out and money in (folded).
    static let debitWords: Set<String> = [
        "d", "dr", "db", "deb", "debit", "debet", "af", "s", "soll", "-", "debito", "cargo", "dare", "out", "outflow",
        "uit", "belastung", "lastschrift", "a debit",
    ]
    static let creditWords: Set<String> = [
        "c", "cr", "k", "kr", "credit", "bij", "h", "haben", "+", "credito", "abono", "avere", "in", "inflow",
        "kredit", "gutschrift", "a credit",
    ]

    let columns: [ColumnEvidence]
    /// Data-row line numbers, for messages.
    let lines: [Int]
    let describe: (Int) -> String
    /// The row order the dates show (true: newest first), nil when they do not tell.
    var newestFirst: Bool? = nil
    /// The account's type from `closebook.toml`: a credit card's balance is what is owed.
    var accountKind: AccountKind? = nil
    /// The account's `sign` from `closebook.toml`, which settles amounts without a minus.
    var accountSign: AmountSign? = nil

    /// A reading that leaves more than this share of rows without an amount (empty or zero) is
    /// not the file's: a fee column, or split columns most rows leave empty.
    static let maximumEmptyShare = 0.5
    /// A reading that leaves more than this share of rows without an amount loses to one that does not.
    static let tolerableEmptyShare = 0.1
    /// Above this share of amounts money in, a reading may be a card's charges read the wrong way.
    static let cardLikeShare = 2.0 / 3.0
    /// What losing costs: more than a named debit/credit pair's lead over a named amount column.
    static let emptyRowsPenalty = 30

    func decide() throws(Ambiguity) -> Decision {
        let all = makeHypotheses()
        guard !all.isEmpty else {
            throw Ambiguity(message: "no column holds amounts (numbers in most rows)")
        }
        let rows = max(1, lines.count)
        let hypotheses = all.filter { Double($0.emptyRows) <= AmountStyleInference.maximumEmptyShare * Double(rows) }
            .map { hypothesis in
                var ranked = hypothesis
                if Double(hypothesis.emptyRows) > AmountStyleInference.tolerableEmptyShare * Double(rows) {
                    ranked.plausibility -= AmountStyleInference.emptyRowsPenalty
                }
                return ranked
            }
        guard !hypotheses.isEmpty else {
            let best = all.min { $0.emptyRows < $1.emptyRows }!
            throw Ambiguity(
                message:
                    "no column holds amounts on most rows: \(name(best)) is empty or zero on \(best.emptyRows) of \(rows) rows"
            )
        }
        return try settleCardSign(decideAmong(hypotheses))
    }

    private func decideAmong(_ hypotheses: [AmountHypothesis]) throws(Ambiguity) -> Decision {
        // A balance column that chains proves a hypothesis.
        var proven: [(AmountHypothesis, Int, BalanceChain)] = []
        for hypothesis in hypotheses {
            for column in columns where column.couldBeBalance && !hypothesis.columns.contains(column.index) {
                guard
                    let chain = BalanceChain.best(
                        amounts: hypothesis.amounts, balances: column.values, newestFirst: newestFirst), chain.holds
                else { continue }
                proven.append((hypothesis, column.index, chain))
            }
        }
        // Signs written on some amounts and not others say which way each went. A balance that
        // follows the amounts only with every one of those signs turned round is not of these
        // amounts (a position's value, rows reordered): the signs as written are kept, at low
        // confidence, and the balance is not checked.
        let contradicted = proven.filter { writtenSignsTurned($0.0) }
        proven.removeAll { writtenSignsTurned($0.0) }
        if let best = proven.max(by: { rank($0) < rank($1) }) {
            return Decision(hypothesis: best.0, balance: (best.1, best.2))
        }
        var decision = try decideWithoutBalance(hypotheses)
        if let turned = contradicted.first {
            decision.balance = nil
            decision.notes.append(
                "\(describe(turned.1)) follows the amounts' running sum only with every written sign turned round, so it is not checked, and the signs are read as written"
            )
            decision.ceiling = .low
        }
        return decision
    }

    /// True for a reading that turns round a column whose amounts carry a minus on some rows and
    /// not on others.
    private func writtenSignsTurned(_ hypothesis: AmountHypothesis) -> Bool {
        guard case .signed(let index, true) = hypothesis.kind,
            let column = columns.first(where: { $0.index == index })
        else { return false }
        return column.negatives > 0 && column.negatives < column.numbers
    }

    private func decideWithoutBalance(_ hypotheses: [AmountHypothesis]) throws(Ambiguity) -> Decision {
        let ordered = hypotheses.sorted { $0.plausibility > $1.plausibility }
        let best = ordered[0]
        // Two readings of different columns that fit equally well, and disagree.
        if let rival = ordered.dropFirst().first(where: {
            $0.plausibility == best.plausibility && Set($0.moneyColumns) != Set(best.moneyColumns)
                && $0.amounts != best.amounts
        }) {
            throw Ambiguity(
                message:
                    "the amount could be \(name(best)) or \(name(rival)) (the header names and the contents fit both)")
        }
        if !best.signKnown, accountKind == .creditCard, case .signed(_, false) = best.kind {
            return Decision(
                hypothesis: best.mirrored, balance: nil,
                notes: [
                    "the account is a credit card (type = \"credit_card\" in closebook.toml): amounts without a minus are charges, money out"
                ], ceiling: .medium)
        }
        if !best.signKnown, let sign = accountSign, case .signed(_, false) = best.kind {
            let note =
                sign == .inverted
                ? "sign = \"inverted\" for the account in closebook.toml: amounts without a minus are money out"
                : "sign = \"as-written\" for the account in closebook.toml: amounts without a minus are money in"
            var decided = sign == .inverted ? best.mirrored : best
            decided.signKnown = true
            return Decision(hypothesis: decided, balance: nil, notes: [note], ceiling: .medium)
        }
        guard best.signKnown else {
            throw Ambiguity(message: signMessage(best, hypotheses), decision: signDecision(best))
        }
        var decision = Decision(hypothesis: best, balance: namedBalance(for: best))
        if decision.balance == nil, let unchecked = uncheckedBalance(for: best) {
            decision.notes.append(unchecked)
            decision.ceiling = .medium
        }
        return decision
    }

    /// On a card, charges outnumber payments. When most amounts of the reading are money in, the
    /// account's declared type decides: for a card they are charges, so the reading is turned
    /// round (a balance that rose with them is what is owed, which runs the other way from the
    /// account's balance, and is not checked). Without the type, both readings are named and the
    /// reading is of low confidence: a balance proves the arithmetic, not the sign convention.
    private func settleCardSign(_ decision: Decision) -> Decision {
        let amounts = decision.hypothesis.amounts.compactMap { $0 }.filter { $0 != 0 }
        let positives = amounts.filter { $0 > 0 }.count
        guard amounts.count >= 2, positives * 2 > amounts.count else { return decision }
        // The account's `sign` has said which way; columns named money out and money in say
        // which way, from the holder's side.
        if accountSign != nil { return decision }
        if case .debitCredit = decision.hypothesis.kind, decision.hypothesis.signKnown { return decision }
        if case .signed(_, true) = decision.hypothesis.kind, accountKind == .creditCard { return decision }
        if case .plusMarked = decision.hypothesis.kind { return decision }
        var result = decision
        let counted = "\(positives) of \(amounts.count) amounts"
        if accountKind == .creditCard {
            result.hypothesis = decision.hypothesis.mirrored
            result.ceiling = min(result.ceiling, .medium)
            if let balance = decision.balance {
                result.balance = nil
                result.notes.append(
                    "the account is a credit card (type = \"credit_card\" in closebook.toml) and \(counted) raise \(describe(balance.column)): it is what is owed, so they are charges, money out; that balance runs the other way from the account's and is not checked"
                )
            } else {
                result.notes.append(
                    "the account is a credit card (type = \"credit_card\" in closebook.toml) and \(counted) are positive: they are charges, money out"
                )
            }
            return result
        }
        // Without the type, only a reading nearly all money in is in doubt: a current account's
        // statement has more payments out than in, a card's export more charges than payments.
        guard Double(positives) > AmountStyleInference.cardLikeShare * Double(amounts.count), amounts.count >= 3
        else { return decision }
        result.ceiling = .low
        let proof = decision.balance?.chain != nil ? " (the balance proves their size, not which way they go)" : ""
        result.notes.append(
            "\(counted) read as money in\(proof); if this is a credit card whose export shows charges as positive numbers, they are money out: then set type = \"credit_card\" for its account in closebook.toml"
        )
        return result
    }

    /// A column named as a balance that does not follow the amounts on most rows: the first row
    /// where it does not, for a warning (it is not checked).
    private func uncheckedBalance(for hypothesis: AmountHypothesis) -> String? {
        for column in columns where column.couldBeMoney && !hypothesis.columns.contains(column.index) {
            guard column.strength(of: .balance) > 0,
                let chain = BalanceChain.best(
                    amounts: hypothesis.amounts, balances: column.values, newestFirst: newestFirst),
                chain.pairs >= 2, let row = chain.firstMismatch
            else { continue }
            return
                "\(describe(column.index)) is not checked as the balance: it follows the amounts' running sum on \(chain.matches) of \(chain.pairs) rows, and line \(lines[row]) is the first that does not"
        }
        return nil
    }

    /// A column named as a balance that too few rows can check: one row, or two that agree.
    private func namedBalance(for hypothesis: AmountHypothesis) -> (column: Int, chain: BalanceChain?)? {
        for column in columns where column.couldBeBalance && !hypothesis.columns.contains(column.index) {
            guard column.strength(of: .balance) > 0 else { continue }
            guard
                let chain = BalanceChain.best(
                    amounts: hypothesis.amounts, balances: column.values, newestFirst: newestFirst)
            else {
                return (column.index, nil)
            }
            if chain.pairs == 1 && chain.matches == 1 { return (column.index, nil) }
        }
        return nil
    }

    private func rank(_ candidate: (AmountHypothesis, Int, BalanceChain)) -> (Int, Int, Int) {
        let balanceNamed = columns.first { $0.index == candidate.1 }?.strength(of: .balance) ?? 0
        return (candidate.2.matches, candidate.0.plausibility + 10 * balanceNamed, -candidate.1)
    }

    // MARK: - Hypotheses

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
    private func complementary(_ first: ColumnEvidence, _ second: ColumnEvidence) -> Bool {
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

    // MARK: - Messages

    private func name(_ hypothesis: AmountHypothesis) -> String {
        switch hypothesis.kind {
        case .signed(let column, _), .plusMarked(let column): return describe(column)
        case .debitCredit(let debit, let credit): return "\(describe(debit)) and \(describe(credit))"
        case .indicator(let amount, let indicator, _, _): return "\(describe(amount)) with \(describe(indicator))"
        }
    }

    /// The `sign` line that settles a signed column without a minus, shown with its first amount.
    private func signDecision(_ best: AmountHypothesis) -> AccountDecision? {
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
    private func signMessage(_ best: AmountHypothesis, _ all: [AmountHypothesis]) -> String {
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

extension ColumnEvidence {
    /// Per row, true for a debit value, false for another non-empty value; for an empty cell,
    /// `emptyIsDebit` (a marker column's unmarked rows), nil when an empty cell says nothing.
    fileprivate func values(debit: Set<String>, emptyIsDebit: Bool?) -> [Bool?] {
        cells.map { $0.isEmpty ? emptyIsDebit : debit.contains($0.lowercased()) }
    }
}
