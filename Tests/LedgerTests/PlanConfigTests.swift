import Foundation
import Testing

@testable import Ledger

@Suite("closebook.toml: [plan] and [[goals]]")
struct PlanConfigTests {
    static let example = """
        base_currency = "GBP"

        [[accounts]]
        id = "savings"
        type = "savings"

        [[accounts]]
        id = "isa"
        type = "investment"

        [plan]
        emergency_months = 4
        monthly_income = "4200.00"
        goals_budget = "600.00"
        flex = 0.75

        [plan.buckets]
        "Housing" = "essential"
        "Food:Dining" = "discretionary"

        [[goals]]
        name = "House deposit"
        target = "20000.00"
        deadline = "2028-06-30"
        flex = "protected"
        accounts = { savings = 60, isa = 100 }

        [[goals]]
        name = "Lisbon"
        target = "1500.00"
        currency = "EUR"
        deadline = "2026-09-30"
        accounts = { savings = 40 }
        """

    @Test func readsPlanAndGoals() throws {
        let config = try WorkspaceConfig.parse(Self.example, path: "closebook.toml")
        #expect(config.plan.emergencyMonths == 4)
        #expect(config.plan.monthlyIncome == Money(minorUnits: 420_000, currency: .gbp))
        #expect(config.plan.goalsBudget == Money(minorUnits: 60_000, currency: .gbp))
        #expect(config.plan.flexPercent == 75)
        #expect(
            config.plan.buckets == [CategoryPath("Housing")!: .essential, CategoryPath("Food:Dining")!: .discretionary])
        #expect(config.goals.count == 2)
        let house = config.goals[0]
        #expect(house.name == "House deposit")
        #expect(house.target == Money(minorUnits: 2_000_000, currency: .gbp))
        #expect(house.currency == nil)
        #expect(house.deadline == CivilDate(year: 2028, month: 6, day: 30))
        #expect(house.flex == .protected)
        #expect(
            house.holdings == [
                GoalConfig.Holding(account: "isa", percent: 100), GoalConfig.Holding(account: "savings", percent: 60),
            ])
        #expect(house.line == 21)
        #expect(house.accountsLine == 26)
        #expect(config.goals[1].target == Money(minorUnits: 150_000, currency: .eur))
        #expect(config.goals[1].flex == .flexible)
    }

    /// `monthly` is a standing order in the goal's currency: 150.00 of a euro goal is 150.00 EUR.
    @Test func aMonthlyStandingOrder() throws {
        let config = try WorkspaceConfig.parse(
            "base_currency = \"GBP\"\n[[goals]]\nname = \"Lisbon\"\ntarget = \"1500.00\"\ncurrency = \"EUR\"\n"
                + "deadline = \"2026-12-31\"\nmonthly = \"150.00\"\n", path: "closebook.toml")
        #expect(config.goals[0].monthly == Money(minorUnits: 15_000, currency: .eur))
    }

    @Test func defaults() throws {
        let config = try WorkspaceConfig.parse("[plan]\n", path: "closebook.toml")
        #expect(config.plan == PlanConfig(emergencyMonths: 6, flexPercent: 100))
        #expect(config.goals.isEmpty)
    }

    /// 60% for the house and 50% for Lisbon: 110% of one account.
    @Test func anAccountAllocatedOver100PercentIsAnError() {
        let text = Self.example.replacingOccurrences(
            of: "accounts = { savings = 40 }", with: "accounts = { savings = 50 }")
        #expect {
            try WorkspaceConfig.parse(text, path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description
                == "closebook.toml:33:1: error: account 'savings' is allocated 110% across goals 'House deposit' (60%), 'Lisbon' (50%); at most 100% of an account can be held for goals"
        }
    }

    @Test(arguments: [
        (
            "[plan]\nemergency_month = 6\n",
            "closebook.toml:2:1: error: unknown plan key 'emergency_month' (expected buckets, emergency_months, flex, goals_budget or monthly_income)"
        ),
        (
            "[plan]\nflex = 2.0\n",
            "closebook.toml:2:1: error: 'flex' must be a number from 0.5 to 1.5 with at most 2 decimals"
        ),
        (
            "[plan.buckets]\n\"Food\" = \"luxury\"\n",
            "closebook.toml:2:1: error: the bucket of 'Food' must be \"essential\" or \"discretionary\""
        ),
        (
            "[[goals]]\nname = \"Car\"\ntarget = \"100.00\"\ndeadline = \"2026-02-30\"\n",
            "closebook.toml:4:1: error: deadline '2026-02-30' of goal 'Car' is not a date in YYYY-MM-DD form"
        ),
        (
            "[[goals]]\nname = \"Car\"\ntarget = \"100.00\"\ndeadline = \"2026-12-31\"\nflex = \"maybe\"\n",
            "closebook.toml:5:1: error: flex 'maybe' of goal 'Car' must be \"protected\", \"flexible\" or \"skipped\""
        ),
        (
            "[[goals]]\nname = \"Car\"\ntarget = \"100.00\"\ndeadline = \"2026-12-31\"\ndeadlin = \"x\"\n",
            "closebook.toml:5:1: error: unknown goal key 'deadlin' (expected one of accounts, currency, deadline, flex, monthly, name, target)"
        ),
        (
            "[[goals]]\nname = \"Car\"\ntarget = \"100.00\"\ndeadline = \"2026-12-31\"\nmonthly = \"0.00\"\n",
            "closebook.toml:5:1: error: the monthly standing order of goal 'Car' must be above 0 (leave 'monthly' out for none)"
        ),
        (
            "[[goals]]\nname = \"Car\"\ntarget = \"100.00\"\ndeadline = \"2026-12-31\"\nflex = \"skipped\"\n"
                + "monthly = \"25.00\"\n",
            "closebook.toml:6:1: error: goal 'Car' is skipped, so it gets nothing this month, but has a monthly standing order of 25.00; remove 'monthly' or the skip"
        ),
        (
            "[[goals]]\nname = \"Car\"\ntarget = \"100.00\"\ndeadline = \"2026-12-31\"\naccounts = { a = 120 }\n",
            "closebook.toml:5:1: error: the share of account 'a' in goal 'Car' must be a whole percent from 1 to 100"
        ),
        (
            "[[goals]]\nname = \"Car\"\ntarget = \"100.00\"\ndeadline = \"2026-12-31\"\n\n"
                + "[[goals]]\nname = \"Car\"\ntarget = \"50.00\"\ndeadline = \"2027-12-31\"\n",
            "closebook.toml:7:1: error: a second goal is named 'Car' (the first is at line 1); give each goal its own name"
        ),
    ])
    func errorsNameTheKeyAndLine(text: String, message: String) {
        #expect {
            try WorkspaceConfig.parse(text, path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description == message
        }
    }

    /// `checking` is neither in [[accounts]] nor in the ledger.
    @Test func anUnknownAccountIsAnError() throws {
        let text = Self.example.replacingOccurrences(
            of: "accounts = { savings = 40 }", with: "accounts = { checking = 40 }")
        let config = try WorkspaceConfig.parse(text, path: "closebook.toml")
        #expect(throws: Never.self) { try config.checkGoalAccounts(known: ["checking"], path: "closebook.toml") }
        #expect {
            try config.checkGoalAccounts(known: ["current"], path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description
                == "closebook.toml:33:1: error: goal 'Lisbon' holds part of account 'checking', which is not an account of this workspace (accounts: current, isa, savings)"
        }
    }

    @Test func aGoalHeldInACreditCardIsAnError() throws {
        let text = """
            [[accounts]]
            id = "card"
            name = "Card"
            type = "credit_card"

            [[goals]]
            name = "Holiday"
            target = "900.00"
            deadline = "2027-06-30"
            accounts = { card = 50 }
            """
        let config = try WorkspaceConfig.parse(text, path: "closebook.toml")
        #expect {
            try config.checkGoalAccounts(known: ["card"], path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description
                == "closebook.toml:10:1: error: goal 'Holiday' holds part of account 'card', a credit card whose balance is money owed, not saved; hold the goal in a savings or current account"
        }
    }
}

/// `[budgets]` with a period: `{ yearly = "600.00" }`, `{ quarterly = "150.00" }`.
@Suite("Budget periods in closebook.toml")
struct BudgetPeriodConfigTests {
    @Test func periodsAreRead() throws {
        let config = try WorkspaceConfig.parse(
            "base_currency = \"GBP\"\n[budgets]\n\"Food\" = \"400.00\"\n\"Bills:Insurance\" = { yearly = \"600.00\" }\n"
                + "\"Car\" = { quarterly = \"150.00\" }\n", path: "closebook.toml")
        #expect(config.budgets[CategoryPath("Bills:Insurance")!] == Money(minorUnits: 60_000, currency: .gbp))
        #expect(config.budgets[CategoryPath("Car")!] == Money(minorUnits: 15_000, currency: .gbp))
        #expect(
            config.budgetPeriods == [CategoryPath("Bills:Insurance")!: .yearly, CategoryPath("Car")!: .quarterly])
    }

    @Test func anUnknownPeriodIsAnErrorAtItsLine() {
        #expect {
            try WorkspaceConfig.parse(
                "[budgets]\n\"Food\" = \"400.00\"\n\"Car\" = { weekly = \"5.00\" }\n", path: "closebook.toml")
        } throws: { error in
            (error as? ConfigError)?.description
                == "closebook.toml:3:1: error: budget for 'Car' must be one period and a quoted amount, such as { yearly = \"600.00\" } (monthly, quarterly or yearly)"
        }
    }
}
