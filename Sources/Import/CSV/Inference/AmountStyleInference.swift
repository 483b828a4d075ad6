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
///
/// The decision is here; the hypotheses the columns allow (`AmountStyleInference+Hypotheses`) and
/// the messages that show them (`+Messages`) are files of their own.
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

    func decideAmong(_ hypotheses: [AmountHypothesis]) throws(Ambiguity) -> Decision {
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
    func writtenSignsTurned(_ hypothesis: AmountHypothesis) -> Bool {
        guard case .signed(let index, true) = hypothesis.kind,
            let column = columns.first(where: { $0.index == index })
        else { return false }
        return column.negatives > 0 && column.negatives < column.numbers
    }

    func decideWithoutBalance(_ hypotheses: [AmountHypothesis]) throws(Ambiguity) -> Decision {
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
    func settleCardSign(_ decision: Decision) -> Decision {
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
    func uncheckedBalance(for hypothesis: AmountHypothesis) -> String? {
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
    func namedBalance(for hypothesis: AmountHypothesis) -> (column: Int, chain: BalanceChain?)? {
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

    func rank(_ candidate: (AmountHypothesis, Int, BalanceChain)) -> (Int, Int, Int) {
        let balanceNamed = columns.first { $0.index == candidate.1 }?.strength(of: .balance) ?? 0
        return (candidate.2.matches, candidate.0.plausibility + 10 * balanceNamed, -candidate.1)
    }
}
