import Ledger

/// Shares a month's goals budget between goals (seed 002's flex states).
///
/// A goal with a standing order (`monthly` in `closebook.toml`) gets that fixed amount first, never
/// more than it still lacks of its target, whatever its flex state: the bank pays it. The standing
/// orders come out of the budget, and what is left is shared among the other goals. Protected goals are funded first, in deadline order, each up to what it needs; skipped goals get
/// nothing; flexible goals share what is left in proportion to what they need, up to their needs
/// scaled by `flex` (0.5 gives them at most half, 1.5 lets them get ahead). Shares are rounded down
/// to the minor unit and the minor units left over go one each to the largest remainders (ties to
/// the earlier deadline, then the order written), so the allotments never exceed the budget and are
/// the same on every machine. All amounts are in one currency.
public enum FlexRedistribution {
    public struct Claim: Sendable, Equatable {
        public var required: Int64
        public var flex: GoalConfig.Flex
        public var deadline: CivilDate
        /// A standing order's amount this month (already capped at what the goal lacks), nil for none.
        public var fixed: Int64?

        public init(required: Int64, flex: GoalConfig.Flex, deadline: CivilDate, fixed: Int64? = nil) {
            self.required = required
            self.flex = flex
            self.deadline = deadline
            self.fixed = fixed
        }
    }

    /// The flex values seed 002's preview shows side by side, in percent.
    public static let previewPercents = [50, 100, 150]

    /// Per claim, what it gets out of `budget` at `flexPercent` (50...150).
    public static func allot(_ claims: [Claim], budget: Int64, flexPercent: Int) -> [Int64] {
        var allotted = [Int64](repeating: 0, count: claims.count)
        var left = max(budget, 0)
        for (index, claim) in claims.enumerated() {
            guard let fixed = claim.fixed else { continue }
            allotted[index] = max(fixed, 0)
            left = max(left - allotted[index], 0)
        }
        let order = claims.indices.filter { claims[$0].fixed == nil }.sorted {
            (claims[$0].deadline, $0) < (claims[$1].deadline, $1)
        }
        for index in order where claims[index].flex == .protected {
            let amount = min(max(claims[index].required, 0), left)
            allotted[index] = amount
            left -= amount
        }
        let flexible = order.filter { claims[$0].flex == .flexible && claims[$0].required > 0 }
        let needed = flexible.reduce(Int128(0)) { $0 + Int128(claims[$1].required) }
        guard needed > 0 else { return allotted }
        let pool = min(Int128(left), needed * Int128(flexPercent) / 100)
        var given: Int128 = 0
        var remainders: [(remainder: Int128, index: Int)] = []
        for index in flexible {
            let exact = pool * Int128(claims[index].required)
            allotted[index] = Int64(exact / needed)
            given += exact / needed
            remainders.append((exact % needed, index))
        }
        // Stable: among equal remainders the deadline order of `flexible` stands.
        let ranked = remainders.enumerated().sorted {
            ($0.element.remainder, -$0.offset) > ($1.element.remainder, -$1.offset)
        }
        for entry in ranked.prefix(Int(pool - given)) { allotted[entry.element.index] += 1 }
        return allotted
    }
}
