import Ledger

extension InsightFacts {
    /// The categories under `group` (a top-level name, the group itself included when money went
    /// to it directly) with money out in `flows`, largest first, ties by name.
    func spendingUnder(group: String, in flows: MonthFlows) -> [(name: String, amount: Int64)] {
        spending(flows).compactMap { index, amount in
            let category = history.categories[index]
            return category.top == group && amount > 0 ? (category.name, amount) : nil
        }.sorted { $0.amount != $1.amount ? $0.amount > $1.amount : $0.name < $1.name }
    }

    /// `part ÷ whole` as a ratio; the caller makes sure `whole` is not 0.
    static func ratio(_ part: Int128, _ whole: Int128) -> Double { Double(part) / Double(whole) }

    /// `amount × numerator ÷ denominator` (denominator > 0), rounded half to even to the minor unit.
    static func scaled(_ amount: Int128, by numerator: Int, over denominator: Int) -> Int64 {
        Int64(clamping: ExchangeRate.dividedRoundingHalfToEven(amount * Int128(numerator), Int128(denominator)))
    }
}

extension InsightFacts {
    /// A ratio as a sentence shows it, always with two decimals: `1.00×`, `1.25×`, `0.90×`.
    static func ratioTimes(_ ratio: Double) -> String {
        var text = number(ratio, places: 2)
        if let dot = text.firstIndex(of: ".") {
            if text.distance(from: dot, to: text.endIndex) == 2 { text += "0" }
        } else {
            text += ".00"
        }
        return text + "×"
    }
}
