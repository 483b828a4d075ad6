import Ledger

/// A condition ready to evaluate: literals replaced by their automaton ids, regular expressions compiled.
indirect enum CompiledCondition: Sendable {
    enum Alternative: Sendable {
        /// A literal id; `word` asks for a whole-word occurrence.
        case literal(Int32, word: Bool)
        /// An index into the matcher's compiled regular expressions.
        case regex(Int)
    }

    case contains(slots: [Int], negated: Bool, alternatives: [Alternative])
    case equals(slots: [Int], negated: Bool, values: [[UInt8]])
    case amount(NumericTest)
    case date(NumericTest)
    case day(NumericTest)
    case account(Set<String>, negated: Bool)
    case currency(Set<String>, negated: Bool)
    case sign(credit: Bool)
    case not(CompiledCondition)
    case and(CompiledCondition, CompiledCondition)
    case or(CompiledCondition, CompiledCondition)
    /// A part already decided: what text tests become in a plan made for one row's texts
    /// (see `RuleMatcher.residual`).
    case constant(Bool)
}

extension CompiledCondition {
    private static let holds = CompiledCondition.constant(true)
    private static let fails = CompiledCondition.constant(false)

    /// `.constant(value)`, each of the two made once.
    ///
    /// Why: the enum is `indirect`, so each `.constant` made is an allocation of its own, and a plan
    /// for a row's texts (`RuleMatcher.residual`) makes one for every text test it decides: with
    /// 1,000 rules at 1M rows, nearly every distinct text a rule reading the amount was tried on.
    @inline(__always)
    static func decided(_ value: Bool) -> CompiledCondition { value ? holds : fails }
}

extension NumericTest {
    /// The amount in ten-thousandths of its major unit, the scale rule amounts are written in.
    @inline(__always)
    static func scaled(_ money: Money) -> Int64 {
        let exponent = money.currency.exponent
        if exponent >= 4 { return money.minorUnits }
        var value = money.minorUnits
        for _ in exponent..<4 {
            let (next, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return value < 0 ? .min : .max }
            value = next
        }
        return value
    }

    /// Holds for an amount, comparing at the finer of the two scales.
    func holds(amount money: Money) -> Bool {
        let exponent = money.currency.exponent
        guard exponent > 4 else { return holds(NumericTest.scaled(money)) }
        var factor: Int64 = 1
        for _ in 4..<exponent { factor *= 10 }
        func widen(_ value: Int64) -> Int64 {
            let (product, overflow) = value.multipliedReportingOverflow(by: factor)
            return overflow ? (value < 0 ? .min : .max) : product
        }
        return NumericTest(op: op, low: widen(low), high: widen(high)).holds(money.minorUnits)
    }
}
