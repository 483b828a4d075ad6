import Categorize
import Ledger
import Testing

@Suite struct RuleParserTests {
    @Test func baseSyntaxFromTheBrief() {
        let rules = Fixture.rules(
            """
            # a comment
            if payee ~ tesco | sainsbury | aldi | lidl
                category Food:Groceries
                rename Supermarket
            if payee ~ /^amzn mktp/ and amount < -100
                category Shopping:Large
                tag review
            if payee ~ "bramble bs" and account = current
                transfer
            """)
        #expect(rules.count == 3)
        #expect(rules[0].id == RuleID(file: "rules/test.rules", line: 2))
        #expect(
            rules[0].condition
                == .text(
                    TextTest(
                        field: .payee,
                        patterns: [
                            .substring("tesco"), .substring("sainsbury"), .substring("aldi"), .substring("lidl"),
                        ])))
        #expect(rules[0].actions == [.category(CategoryPath("Food:Groceries")!), .rename("Supermarket")])
        #expect(rules[1].condition.description == "payee ~ /^amzn mktp/ and amount < -100")
        #expect(rules[1].actions == [.category(CategoryPath("Shopping:Large")!), .tag(["review"])])
        #expect(rules[2].condition.description == "payee ~ \"bramble bs\" and account = current")
        #expect(rules[2].actions == [.transfer])
    }

    @Test func precedenceOfNotAndOr() {
        let rules = Fixture.rules(
            """
            if not memo ~ refund and payee ~ a or payee ~ b
                ignore
            if not (payee ~ a or payee ~ b) and (amount in -50..-10 or credit)
                ignore
            """)
        // `not` binds tightest, then `and`, then `or`.
        #expect(
            rules[0].condition
                == .or(
                    .and(
                        .not(.text(TextTest(field: .memo, patterns: [.substring("refund")]))),
                        .text(TextTest(field: .payee, patterns: [.substring("a")]))),
                    .text(TextTest(field: .payee, patterns: [.substring("b")]))))
        #expect(rules[1].condition.description == "not (payee ~ a or payee ~ b) and (amount in -50..-10 or credit)")
    }

    @Test func everyConditionKind() {
        let rules = Fixture.rules(
            """
            if payee ~ word:bp | word:"bp express" and memo !~ refund and text ~ "card 1234"
                category Transport:Fuel
            if bankType = DD | SO and bankCategory ~ utilities and payee != "x"
                category Bills
            if amount >= -20.5 and amount != 0 and amount in -100..-10.25 and debit
                category A
            if account = current | card and account != savings and currency = gbp | EUR and currency != usd
                category B
            if date >= 2025-01-01 and date <= 2025-10 and date in 2025-01..2025-03-15 and day in 25..31 and day = 1
                category C
            """)
        #expect(
            rules[0].condition.description
                == "payee ~ word:bp | word:\"bp express\" and memo !~ refund and text ~ \"card 1234\"")
        #expect(rules[1].condition.description == "bankType = dd | so and bankCategory ~ utilities and payee != x")
        #expect(
            rules[2].condition.description == "amount >= -20.5 and amount != 0 and amount in -100..-10.25 and debit")
        #expect(
            rules[3].condition.description
                == "account = current | card and account != savings and currency = GBP | EUR and currency != USD")
        #expect(
            rules[4].condition.description
                == "date >= 2025-01-01 and date <= 2025-10 and date in 2025-01..2025-03-15 and day in 25..31 and day = 1"
        )
        guard case .and(_, .day(let day)) = rules[4].condition else {
            Issue.record("expected a day test last")
            return
        }
        #expect(day == NumericTest(op: .equal, low: 1, high: 1))
    }

    @Test func continuationLinesAndComments() {
        let rules = Fixture.rules(
            """
            if payee ~ tesco
                and amount < -100
                # a comment between actions
                category Food:Big

                tag big
                tag review big
            """)
        #expect(rules.count == 1)
        #expect(rules[0].condition.description == "payee ~ tesco and amount < -100")
        #expect(rules[0].actions == [.category(CategoryPath("Food:Big")!), .tag(["big", "review"])])
    }

    @Test func everyAction() {
        let rules = Fixture.rules(
            """
            if payee ~ x
                category Home:Garden
                rename "Garden Centre"
                tag a b, c
                transfer
                ignore
                note shared with Sam
                split Home:Garden 60%, Food 25.5%, Fun rest
                continue
            """)
        #expect(
            rules[0].actions == [
                .category(CategoryPath("Home:Garden")!), .rename("Garden Centre"), .tag(["a", "b", "c"]), .transfer,
                .ignore, .note("shared with Sam"),
                .split(
                    SplitPlan(parts: [
                        .init(category: CategoryPath("Home:Garden")!, share: .percent(6000)),
                        .init(category: CategoryPath("Food")!, share: .percent(2550)),
                        .init(category: CategoryPath("Fun")!, share: .rest),
                    ])), .continue,
            ])
        #expect(rules[0].continues)
    }

    @Test func unknownActionIsReportedWithCaret() {
        let text = """
            # Groceries.
            #
            # Supermarkets first, then the rest.
            #
            #
            #
            #
            #
            #
            #
            if payee ~ tesco
                    categry Food:Groceries
            """
        #expect(
            Fixture.errors(text) == [
                """
                rules/food.rules:12:9: error: unknown action 'categry' (did you mean 'category'?)
                        categry Food:Groceries
                        ^~~~~~~
                """
            ])
    }

    @Test func invalidRegularExpressionIsReportedWithCaret() {
        #expect(
            Fixture.errors("if payee ~ tesco | /[abc/\n    category Food\n") == [
                """
                rules/food.rules:1:20: error: invalid regular expression: expected ']'
                if payee ~ tesco | /[abc/
                                   ^~~~~~
                """
            ])
    }

    @Test func otherErrors() {
        #expect(
            Fixture.errors("if paye ~ tesco\n    category Food\n") == [
                "rules/food.rules:1:4: error: unknown field 'paye' (did you mean 'payee'?)\nif paye ~ tesco\n   ^~~~"
            ])
        #expect(
            Fixture.errors("if payee ~ tesco express\n    category Food\n") == [
                """
                rules/food.rules:1:18: error: expected 'and', 'or' or the end of the condition, found 'express' (put text with spaces in quotes: "tesco express")
                if payee ~ tesco express
                                 ^~~~~~~
                """
            ])
        #expect(
            Fixture.errors("if amount < 12,50\n    category Food\n") == [
                "rules/food.rules:1:15: error: expected 'and', 'or' or the end of the condition, found ','\nif amount < 12,50\n              ^"
            ])
        #expect(
            Fixture.errors("if amount in -10..-20\n    category Food\n") == [
                "rules/food.rules:1:14: error: the range -10..-20 is empty (write the smaller bound first)\nif amount in -10..-20\n             ^~~~~~~~"
            ])
        #expect(
            Fixture.errors("if payee ~ \"tesco\n    category Food\n") == [
                "rules/food.rules:1:12: error: missing '\"' at the end of the text\nif payee ~ \"tesco\n           ^~~~~~"
            ])
        #expect(
            Fixture.errors("if payee ~ x\n    category Food:\n") == [
                "rules/food.rules:2:14: error: 'Food:' is not a category (write parts separated by colons, e.g. Food:Groceries)\n    category Food:\n             ^~~~~"
            ])
        #expect(
            Fixture.errors("if payee ~ x\n    split Food 60%, Home 30%\n") == [
                "rules/food.rules:2:11: error: the percentages add up to 90%, not 100% (give one part 'rest' to take what is left)\n    split Food 60%, Home 30%\n          ^~~~~~~~~~~~~~~~~~"
            ])
        #expect(
            Fixture.errors("if payee ~ x\n") == [
                "rules/food.rules:1:1: error: the rule has no actions (indent them under the 'if' line, e.g. '    category Food:Groceries')\nif payee ~ x\n^~"
            ])
        #expect(
            Fixture.errors("category Food\n") == [
                "rules/food.rules:1:1: error: action 'category' must be indented under an 'if' line\ncategory Food\n^~~~~~~~"
            ])
        #expect(
            Fixture.errors("if payee ~ x\n    category A\n    category B\n") == [
                "rules/food.rules:3:5: error: the rule already has a 'category' action (line 2)\n    category B\n    ^~~~~~~~"
            ])
        #expect(
            Fixture.errors("if date >= 2025-13-01\n    ignore\n") == [
                "rules/food.rules:1:12: error: '2025-13-01' is not a date (write YYYY-MM-DD or YYYY-MM)\nif date >= 2025-13-01\n           ^~~~~~~~~~"
            ])
        #expect(
            Fixture.errors("if (payee ~ x\n    ignore\n") == [
                "rules/food.rules:1:14: error: expected ')' to close the '(' at column 4, found the end of the condition\nif (payee ~ x\n             ^"
            ])
    }

    @Test func everyErrorOfAFileIsReportedAndNoRuleIsKept() {
        let parsed = RuleParser.parse(
            "if payee ~ x\n    categry A\nif payee ~ y\n    ignore\nif payee ~ /(/\n    ignore\n", path: "r")
        #expect(
            parsed.errors.map(\.headline) == [
                "r:2:5: error: unknown action 'categry' (did you mean 'category'?)",
                "r:5:12: error: invalid regular expression: expected ')'",
            ])
        #expect(parsed.rules.isEmpty)
    }
}

extension RuleParserTests {
    @Test("a regular expression only a backtracking matcher runs is refused at its place when it could be slow")
    func catastrophicRegularExpression() {
        // `\b` keeps the pattern in `Regex`, which backtracks.
        #expect(
            Fixture.errors("if payee ~ /(a+)+\\b/\n    category Food\n") == [
                """
                rules/food.rules:1:12: error: regular expression refused: the group repeats a part that can itself match in many ways (as in (a+)+ or (a|a)*), which can take exponential time (at character 1 of the pattern); write it without nested repetition, e.g. /a+$/ for /(a+)+$/
                if payee ~ /(a+)+\\b/
                           ^~~~~~~~~
                """
            ])
        // Issue 20, item 15: the polynomial shapes too.
        #expect(
            Fixture.errors("if payee ~ /\\b\\w+\\w+\\w+$/\n    category Food\n") == [
                """
                rules/food.rules:1:12: error: regular expression refused: two repetitions without limit can take the same characters one after the other (as in \\w+\\w+ or .*.*), which can take polynomial time (at character 3 of the pattern); write it without the lookaround or \\b (then it runs in linear time), or so that the repetitions cannot take the same characters, e.g. /\\w+\\s+\\w+/
                if payee ~ /\\b\\w+\\w+\\w+$/
                           ^~~~~~~~~~~~~~
                """
            ])
        for pattern in [
            "(?=x)(x|x)*y", "\\b^(\\w+\\s?)*$", "\\b((ab)*c)+", "(?!b)(a{2,})*", "(.)\\1", "\\b.*x.*$",
            "\\b\\d+-?\\d+$", "\\ba+(b|a)+$", "\\b[a-z]+\\w*$",
        ] {
            #expect(Fixture.errors("if payee ~ /\(pattern)/\n    category Food\n").count == 1, "\(pattern)")
        }
        // What `LinearRegex` runs is never refused; in `Regex`, repetitions that cannot take the
        // same characters, or that something else must separate, are fine.
        for pattern in [
            "(a+)+$", "\\w+\\w+\\w+$", "(x|x)*y", "^(\\w+\\s?)*$", "(ab)+c", "^(foo|bar) ltd", "(a+)?b", "[(]+x",
            "\\(a+\\)+", "(ab){2}", "\\bsq \\*.*coffee", "\\b\\w+\\s+\\w+\\b", "\\b\\d+\\.\\d+\\b", "(?=x)x+y+",
        ] {
            #expect(Fixture.errors("if payee ~ /\(pattern)/\n    category Food\n").isEmpty, "\(pattern)")
        }
    }
}
