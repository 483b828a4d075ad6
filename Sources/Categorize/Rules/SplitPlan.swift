import Ledger

/// How a `split` divides a transaction's amount: fixed amounts first, then shares of what is left.
///
/// `split Food:Groceries 60%, Home 40%` has two shares; `split Bills:Phone 15.00, Shopping rest`
/// a fixed part and a share taking the rest. Shares are in basis points (hundredths of a percent)
/// and always total 100% once `rest` is counted.
public struct SplitPlan: Hashable, Sendable, CustomStringConvertible {
    public enum Share: Hashable, Sendable {
        /// Basis points: 6000 is 60%.
        case percent(Int64)
        /// Ten-thousandths of the major unit, unsigned; takes the transaction's sign.
        case fixed(Int64)
        /// Whatever percentage the other shares leave.
        case rest
    }

    public struct Part: Hashable, Sendable {
        public var category: CategoryPath
        public var share: Share

        public init(category: CategoryPath, share: Share) {
            self.category = category
            self.share = share
        }
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }

    public var description: String {
        parts.map { part in
            let share: String
            switch part.share {
            case .percent(let points): share = NumericTest.amountText(points * 100, 0) + "%"
            case .fixed(let value): share = NumericTest.amountText(value, 0)
            case .rest: share = "rest"
            }
            return "\(part.category) \(share)"
        }.joined(separator: ", ")
    }

    /// Why a plan cannot divide a particular amount.
    public struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Divides `amount` into parts that add up to it exactly, in minor units.
    ///
    /// Shares are rounded down and the minor units left over go one each to the parts with the
    /// largest remainders, earlier parts first on a tie (the largest remainder method), so the
    /// result is the same on every run and never off by a cent.
    public func allocate(_ amount: Money) -> Result<[Split], Mismatch> {
        let currency = amount.currency
        let magnitude = amount.minorUnits == .min ? Int64.max : abs(amount.minorUnits)
        let sign: Int64 = amount.minorUnits < 0 ? -1 : 1
        var values = [Int64](repeating: 0, count: parts.count)
        var fixedTotal: Int64 = 0
        var weights: [(index: Int, points: Int64)] = []
        var percentTotal: Int64 = 0
        var restIndex: Int?
        for (index, part) in parts.enumerated() {
            switch part.share {
            case .fixed(let tenThousandths):
                guard let minor = SplitPlan.minorUnits(tenThousandths, exponent: currency.exponent) else {
                    return .failure(
                        Mismatch(
                            message:
                                "the fixed part \(NumericTest.amountText(tenThousandths, 0)) has more decimals than \(currency.code) allows"
                        ))
                }
                values[index] = minor
                fixedTotal += minor
            case .percent(let points):
                weights.append((index, points))
                percentTotal += points
            case .rest:
                restIndex = index
            }
        }
        if let restIndex { weights.append((restIndex, 10_000 - percentTotal)) }
        weights.sort { $0.index < $1.index }
        let total = Money(minorUnits: magnitude, currency: currency)
        guard fixedTotal <= magnitude else {
            return .failure(
                Mismatch(
                    message:
                        "the fixed parts add up to \(Money(minorUnits: fixedTotal, currency: currency).decimalString), more than the amount \(total.decimalString)"
                ))
        }
        let remaining = magnitude - fixedTotal
        if weights.isEmpty {
            guard remaining == 0 else {
                return .failure(
                    Mismatch(
                        message:
                            "the parts add up to \(Money(minorUnits: fixedTotal, currency: currency).decimalString) but the amount is \(total.decimalString)"
                    ))
            }
        } else {
            var remainders: [(index: Int, remainder: Int64)] = []
            var allocated: Int64 = 0
            for (index, points) in weights {
                let (product, overflow) = remaining.multipliedReportingOverflow(by: points)
                guard !overflow else { return .failure(Mismatch(message: "the amount is too large to split")) }
                values[index] = product / 10_000
                allocated += values[index]
                remainders.append((index, product % 10_000))
            }
            var leftover = remaining - allocated
            remainders.sort { $0.remainder != $1.remainder ? $0.remainder > $1.remainder : $0.index < $1.index }
            var position = 0
            while leftover > 0 {
                values[remainders[position % remainders.count].index] += 1
                leftover -= 1
                position += 1
            }
        }
        return .success(
            parts.indices.map {
                Split(category: parts[$0].category, amount: Money(minorUnits: sign * values[$0], currency: currency))
            })
    }

    /// Ten-thousandths of the major unit to minor units, when exact.
    static func minorUnits(_ tenThousandths: Int64, exponent: Int) -> Int64? {
        if exponent >= 4 {
            var value = tenThousandths
            for _ in 4..<exponent { value *= 10 }
            return value
        }
        var divisor: Int64 = 1
        for _ in exponent..<4 { divisor *= 10 }
        return tenThousandths % divisor == 0 ? tenThousandths / divisor : nil
    }
}
