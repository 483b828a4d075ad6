import TOMLKit

/// Reading `[plan]`, `[plan.buckets]` and `[[goals]]`.
extension TOMLConfigReader {
    func readPlan(_ table: TOMLTable, base: Currency?) throws(ConfigError) -> PlanConfig {
        var plan = PlanConfig()
        let currency = base ?? .eur
        func amount(_ key: String) throws(ConfigError) -> Money {
            guard let text = table[key]?.string else {
                throw fail("plan", key, "'\(key)' must be a quoted amount such as \"600.00\"")
            }
            let money: Money
            do {
                money = try Money.parse(text, currency: currency)
            } catch {
                throw fail("plan", key, "\(key) '\(text)': \(error)")
            }
            guard !money.isNegative else { throw fail("plan", key, "\(key) '\(text)' must not be negative") }
            return money
        }
        for key in table.keys.sorted() {
            switch key {
            case "emergency_months":
                guard let value = table[key]?.int, (0...60).contains(value) else {
                    throw fail("plan", key, "'emergency_months' must be a whole number from 0 to 60")
                }
                plan.emergencyMonths = value
            case "monthly_income":
                plan.monthlyIncome = try amount(key)
            case "goals_budget":
                plan.goalsBudget = try amount(key)
            case "flex":
                let value = table[key]?.double ?? table[key]?.int.map(Double.init)
                let percent = value.map { ($0 * 100).rounded() }
                guard let value, let percent, (50...150).contains(percent), abs(value * 100 - percent) < 1e-6 else {
                    throw fail("plan", key, "'flex' must be a number from 0.5 to 1.5 with at most 2 decimals")
                }
                plan.flexPercent = Int(percent)
            case "buckets":
                guard let buckets = table[key]?.table else {
                    throw fail("plan", key, "'buckets' must be a [plan.buckets] table")
                }
                for category in buckets.keys.sorted() {
                    guard let path = CategoryPath(category) else {
                        throw fail("plan.buckets", category, "'\(category)' is not a category such as \"Food:Dining\"")
                    }
                    guard let name = buckets[category]?.string, let bucket = SpendingBucket(rawValue: name) else {
                        throw fail(
                            "plan.buckets", category,
                            "the bucket of '\(category)' must be \"essential\" or \"discretionary\"")
                    }
                    plan.buckets[path] = bucket
                }
            default:
                throw fail(
                    "plan", key,
                    "unknown plan key '\(key)' (expected buckets, emergency_months, flex, goals_budget or monthly_income)"
                )
            }
        }
        return plan
    }

    func readGoals(_ array: TOMLArray, base: Currency?) throws(ConfigError) -> [GoalConfig] {
        var goals: [GoalConfig] = []
        for index in 0..<array.count {
            guard let table = array[index].table else {
                throw fail("goals#\(index)", nil, "each [[goals]] entry must be a table")
            }
            let goal = try readGoal(table, index: index, base: base)
            // Goals are told apart by name on the page and in report.json: a second one of a name
            // would be shown as the first, with the first's progress.
            if let earlier = goals.first(where: { $0.name == goal.name }) {
                throw fail(
                    "goals#\(index)", "name",
                    "a second goal is named '\(goal.name)' (the first is at line \(earlier.line)); give each goal its own name"
                )
            }
            goals.append(goal)
        }
        try checkAllocations(goals)
        return goals
    }

    func readGoal(_ table: TOMLTable, index: Int, base: Currency?) throws(ConfigError) -> GoalConfig {
        let name = "goals#\(index)"
        let known: Set = ["name", "target", "currency", "deadline", "flex", "accounts", "monthly"]
        for key in table.keys.sorted() where !known.contains(key) {
            throw fail(
                name, key, "unknown goal key '\(key)' (expected one of \(known.sorted().joined(separator: ", ")))")
        }
        func string(_ key: String) throws(ConfigError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else { throw fail(name, key, "'\(key)' must be a quoted string") }
            return text
        }
        guard let title = try string("name"), !title.isEmpty else {
            throw fail(name, "name", "every [[goals]] entry needs a 'name'")
        }
        var currency: Currency?
        if let code = try string("currency") {
            guard let value = Currency(isoCode: code) else {
                throw fail(name, "currency", "'\(code)' is not an ISO 4217 currency code (such as \"EUR\" or \"GBP\")")
            }
            currency = value
        }
        guard let targetText = try string("target") else {
            throw fail(name, "target", "goal '\(title)' needs a 'target' amount such as \"20000.00\"")
        }
        let target: Money
        do {
            target = try Money.parse(targetText, currency: currency ?? base ?? .eur)
        } catch {
            throw fail(name, "target", "target '\(targetText)' of goal '\(title)': \(error)")
        }
        guard target.isPositive else { throw fail(name, "target", "the target of goal '\(title)' must be above 0") }
        guard let deadlineText = try string("deadline") else {
            throw fail(name, "deadline", "goal '\(title)' needs a 'deadline' in YYYY-MM-DD form")
        }
        guard let deadline = CivilDate(iso: deadlineText) else {
            throw fail(
                name, "deadline", "deadline '\(deadlineText)' of goal '\(title)' is not a date in YYYY-MM-DD form")
        }
        var flex = GoalConfig.Flex.flexible
        if let text = try string("flex") {
            guard let value = GoalConfig.Flex(rawValue: text) else {
                throw fail(
                    name, "flex", "flex '\(text)' of goal '\(title)' must be \"protected\", \"flexible\" or \"skipped\""
                )
            }
            flex = value
        }
        var monthly: Money?
        if let text = try string("monthly") {
            do {
                monthly = try Money.parse(text, currency: currency ?? base ?? .eur)
            } catch {
                throw fail(name, "monthly", "monthly '\(text)' of goal '\(title)': \(error)")
            }
            guard monthly?.isPositive == true else {
                throw fail(
                    name, "monthly",
                    "the monthly standing order of goal '\(title)' must be above 0 (leave 'monthly' out for none)")
            }
            // A standing order pays every month; a skipped goal gets nothing this month.
            guard flex != .skipped else {
                throw fail(
                    name, "monthly",
                    "goal '\(title)' is skipped, so it gets nothing this month, but has a monthly standing order of \(text); remove 'monthly' or the skip"
                )
            }
        }
        var holdings: [GoalConfig.Holding] = []
        if let value = table["accounts"] {
            guard let accounts = value.table else {
                throw fail(name, "accounts", "'accounts' must be an inline table such as { savings = 60 }")
            }
            for id in accounts.keys.sorted() {
                guard let percent = accounts[id]?.int, (1...100).contains(percent) else {
                    throw fail(
                        name, "accounts",
                        "the share of account '\(id)' in goal '\(title)' must be a whole percent from 1 to 100")
                }
                holdings.append(GoalConfig.Holding(account: AccountID(id), percent: percent))
            }
        }
        return GoalConfig(
            name: title, target: target, currency: currency, deadline: deadline, flex: flex, holdings: holdings,
            monthly: monthly, line: locator.line(table: name, key: nil),
            accountsLine: locator.line(table: name, key: "accounts"))
    }

    /// More than 100% of one account across goals would count the same money twice: an error at the
    /// `accounts` key of the last goal holding it, naming every goal and the total.
    func checkAllocations(_ goals: [GoalConfig]) throws(ConfigError) {
        var order: [AccountID] = []
        var shares: [AccountID: [(goal: Int, percent: Int)]] = [:]
        for (index, goal) in goals.enumerated() {
            for holding in goal.holdings {
                if shares[holding.account] == nil { order.append(holding.account) }
                shares[holding.account, default: []].append((index, holding.percent))
            }
        }
        for account in order {
            let list = shares[account]!
            let total = list.reduce(0) { $0 + $1.percent }
            guard total > 100 else { continue }
            let names = list.map { "'\(goals[$0.goal].name)' (\($0.percent)%)" }.joined(separator: ", ")
            throw fail(
                "goals#\(list.last!.goal)", "accounts",
                "account '\(account)' is allocated \(total)% across goals \(names); at most 100% of an account can be held for goals"
            )
        }
    }
}
