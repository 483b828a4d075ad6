import Ledger

/// Says, in words, why each rule did or did not match one transaction (for `--explain`).
///
/// It evaluates the condition tree directly, without the prefilter, so it also cross-checks the
/// compiled matcher: both must agree.
struct RuleExplainer {
    let input: MatchInput

    /// Whether the condition holds, and the reason: for a failed `and` its first failing part, for
    /// a successful `or` its first successful part.
    func explain(_ condition: Condition) -> (holds: Bool, reason: String) {
        switch condition {
        case .text(let test): return explainText(test)
        case .amount(let test):
            let holds = test.holds(amount: input.amount)
            return (holds, "\(condition): the amount is \(input.amount.decimalString)")
        case .date(let test):
            let holds = test.holds(Int64(input.date.dayNumber))
            return (holds, "\(condition): the date is \(input.date.isoString)")
        case .day(let test):
            let holds = test.holds(Int64(input.date.day))
            return (holds, "\(condition): the day of the month is \(input.date.day)")
        case .account(let test):
            let holds = test.values.contains(input.account.rawValue) != test.negated
            return (
                holds,
                "\(condition): the account is \(input.account.rawValue.isEmpty ? "not known" : input.account.rawValue)"
            )
        case .currency(let test):
            let holds = test.values.contains(input.amount.currency.code) != test.negated
            return (holds, "\(condition): the currency is \(input.amount.currency.code)")
        case .sign(let credit):
            let holds = credit ? input.amount.minorUnits > 0 : input.amount.minorUnits < 0
            return (holds, "\(condition): the amount is \(input.amount.decimalString)")
        case .not(let inner):
            let (holds, reason) = explain(inner)
            return (!holds, "not (\(reason))")
        case .and:
            var reasons: [String] = []
            for part in condition.conjuncts {
                let (holds, reason) = explain(part)
                if !holds { return (false, reason) }
                reasons.append(reason)
            }
            return (true, reasons.joined(separator: "; "))
        case .or(let lhs, let rhs):
            let left = explain(lhs)
            if left.holds { return left }
            let right = explain(rhs)
            if right.holds { return right }
            return (false, left.reason + "; " + right.reason)
        }
    }

    static let slotNames = ["payee", "cleaned payee", "memo", "bank type", "bank category"]

    func explainText(_ test: TextTest) -> (holds: Bool, reason: String) {
        let slots = MatchInput.slots(test.field)
        for pattern in test.patterns {
            for slot in slots {
                let text = input.folded(slot)
                var found = false
                switch pattern {
                case .substring(let value):
                    found =
                        test.wholeField
                        ? text == Array(value.utf8) : TextFold.find(Array(value.utf8), in: text, wholeWord: false)
                case .word(let value):
                    found =
                        test.wholeField
                        ? text == Array(value.utf8) : TextFold.find(Array(value.utf8), in: text, wholeWord: true)
                case .regex(let source):
                    if input.string(slot).isEmpty {
                        found = false
                    } else if let linear = LinearRegex(source) {
                        found = linear.matches(input.string(slot))
                    } else if let regex = try? Regex(source).ignoresCase() {
                        found = (try? regex.firstMatch(in: input.string(slot))) != nil
                    }
                }
                if found {
                    let shown = String(decoding: text, as: UTF8.self)
                    let verb = test.wholeField ? "equals" : "found in"
                    let reason = "\(test): \(pattern) \(verb) the \(RuleExplainer.slotNames[slot]) \"\(shown)\""
                    return (!test.negated, reason)
                }
            }
        }
        let texts = slots.map {
            "the \(RuleExplainer.slotNames[$0]) \"\(String(decoding: input.folded($0), as: UTF8.self))\""
        }
        let verb = test.wholeField ? "equal to" : "found in"
        return (test.negated, "\(test): not \(verb) \(texts.joined(separator: " or "))")
    }
}
