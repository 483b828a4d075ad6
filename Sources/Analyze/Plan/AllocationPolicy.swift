/// Divides a month's income into seed 004's four buckets, in exact minor units of the base currency.
///
/// The policy, in order:
/// 1. Essential spending gets its 3-month average (all of the income when that is less).
/// 2. Discretionary spending gets its 3-month average (what income leaves, when that is less).
/// 3. What is left is the surplus. When spending is above income there is none: the emergency fund
///    and investments get 0, and `shortfall` says by how much income falls short.
/// 4. The emergency fund gets half the surplus, rounded down to the minor unit, and never more than
///    its target still needs (0 once full). The fund and its target are `EmergencyFund`'s, the
///    figures the `emergencyFund` card and the health score read.
/// 5. The rest repays card and loan debt carried from month to month first (counted in essential spending, where seed 004 puts
///    Debt Payments), up to what is owed; investments get what remains, and goals are paid from it.
///
/// The only division is the halving in step 4; its odd minor unit goes on down the list, and
/// investments take exactly what is left, so the four amounts add up to the income exactly.
public struct AllocationPolicy: Sendable {
    public struct Inputs: Sendable, Equatable {
        /// Monthly income (negative counts as 0).
        public var income: Int64
        /// Average monthly essential and discretionary spending (together the average spending).
        public var essential: Int64
        public var discretionary: Int64
        /// The emergency fund and its target (`EmergencyFund.balance` and `.target`).
        public var emergencyFund: Int64
        public var emergencyTarget: Int64
        /// Card and loan debt carried from month to month, as a positive amount.
        public var debt: Int64

        public init(
            income: Int64, essential: Int64, discretionary: Int64, emergencyFund: Int64, emergencyTarget: Int64,
            debt: Int64
        ) {
            self.income = income
            self.essential = essential
            self.discretionary = discretionary
            self.emergencyFund = emergencyFund
            self.emergencyTarget = emergencyTarget
            self.debt = debt
        }

        public var spending: Int64 { essential + discretionary }
    }

    /// Why the emergency fund has no months to target.
    public enum NoTarget: Sendable, Equatable {
        /// Spending is above income.
        case deficit
        /// Income and spending are equal: nothing is left.
        case noSurplus
        /// The surplus is a single minor unit, which halves to 0.
        case surplusTooSmall
    }

    public struct Allocation: Sendable, Equatable {
        /// Essential spending's average plus `debtRepayment`.
        public var essential: Int64
        public var emergencyFund: Int64
        public var discretionary: Int64
        public var investments: Int64
        /// Extra repayment of card and loan debt, inside `essential`.
        public var debtRepayment: Int64
        public var surplus: Int64
        /// Spending above income; 0 when income covers it.
        public var shortfall: Int64
        public var emergencyTarget: Int64
        public var emergencyCurrent: Int64
        /// ceil((target − current) / amount); 0 when reached; nil when the amount is 0.
        public var monthsToTarget: Int?
        public var noTarget: NoTarget?

        public var total: Int64 { essential + emergencyFund + discretionary + investments }

        public func amount(_ type: AllocationBucketType) -> Int64 {
            switch type {
            case .essentialSpending: essential
            case .emergencyFund: emergencyFund
            case .discretionarySpending: discretionary
            case .investments: investments
            }
        }
    }

    public init() {}

    public func allocate(_ inputs: Inputs) -> Allocation {
        let income = max(inputs.income, 0)
        let essentialNeed = max(inputs.essential, 0)
        let discretionaryNeed = max(inputs.discretionary, 0)
        let essential = min(essentialNeed, income)
        let discretionary = min(discretionaryNeed, income - essential)
        let surplus = income - essential - discretionary
        let shortfall = max(essentialNeed + discretionaryNeed - income, 0)
        let target = max(inputs.emergencyTarget, 0)
        let current = max(inputs.emergencyFund, 0)
        let need = max(target - current, 0)
        let emergency = min(surplus / 2, need)
        let rest = surplus - emergency
        let repayment = min(rest, max(inputs.debt, 0))
        var months: Int?
        var noTarget: NoTarget?
        if need == 0 {
            months = 0
        } else if emergency > 0 {
            months = Int((need + emergency - 1) / emergency)
        } else {
            noTarget = shortfall > 0 ? .deficit : surplus == 0 ? .noSurplus : .surplusTooSmall
        }
        return Allocation(
            essential: essential + repayment, emergencyFund: emergency, discretionary: discretionary,
            investments: rest - repayment, debtRepayment: repayment, surplus: surplus, shortfall: shortfall,
            emergencyTarget: target, emergencyCurrent: current, monthsToTarget: months, noTarget: noTarget)
    }
}
