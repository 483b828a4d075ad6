import Categorize
import Ledger
import Testing

@Suite struct RuleMatcherTests {
    /// The category each transaction gets from `rules` (not from the learned fallback), by id.
    func categories(_ rules: String, _ transactions: [Transaction]) -> [String: String] {
        Fixture.categorize(rules, transactions).ledger.mapValues { transaction in
            guard case .rule = transaction.categorySource else { return "-" }
            return transaction.category?.description ?? "-"
        }
    }

    @Test func substringIsCaseInsensitiveAndSeesRawAndCleanPayee() {
        let result = categories(
            """
            if payee ~ "tesco stores 3297"
                category Raw
            if payee ~ /^tesco$/
                category Clean
            """,
            [
                Fixture.transaction("a", amount: "-1.00", payee: "CARD PAYMENT TO Tesco Stores 3297 LONDON GB"),
                Fixture.transaction("b", amount: "-1.00", payee: "TESCO STORE 1123"),
                Fixture.transaction("c", amount: "-1.00", payee: "ASDA"),
            ])
        #expect(result == ["a": "Raw", "b": "Clean", "c": "-"])
    }

    @Test func wholeWordMatches() {
        let result = categories(
            """
            if payee ~ word:bp
                category Fuel
            """,
            [
                Fixture.transaction("a", amount: "-1.00", payee: "BP EXPRESS 123"),
                Fixture.transaction("b", amount: "-1.00", payee: "SHELL/BP"),
                Fixture.transaction("c", amount: "-1.00", payee: "BPX SUPPLIES"),
                Fixture.transaction("d", amount: "-1.00", payee: "HOBPIT"),
            ])
        #expect(result == ["a": "Fuel", "b": "Fuel", "c": "-", "d": "-"])
    }

    @Test func memoTextBankTypeAndBankCategory() {
        let result = categories(
            """
            if memo ~ refund
                category Memo
            if text ~ "ref 99"
                category Text
            if bankType = dd
                category Type
            if bankCategory ~ util
                category Bank
            """,
            [
                Fixture.transaction("a", amount: "1.00", payee: "SHOP", memo: "REFUND OF ORDER"),
                Fixture.transaction("b", amount: "1.00", payee: "SHOP", memo: "REF  99"),
                Fixture.transaction("c", amount: "1.00", payee: "SHOP", bankType: "DD"),
                Fixture.transaction("d", amount: "1.00", payee: "SHOP", bankType: "DDR"),
                Fixture.transaction("e", amount: "1.00", payee: "SHOP", bankCategory: "Utilities"),
            ])
        #expect(result == ["a": "Memo", "b": "Text", "c": "Type", "d": "-", "e": "Bank"])
    }

    @Test func amountSignExactAndRange() {
        let transactions = ["-150.00", "-100.00", "-99.99", "-10.00", "0.00", "25.00"].enumerated().map {
            Fixture.transaction("t\($0.offset)", amount: $0.element, payee: "X")
        }
        #expect(
            categories("if amount < -100\n    category Lt\n", transactions).filter { $0.value != "-" }.keys.sorted()
                == [
                    "t0"
                ])
        #expect(
            categories("if amount <= -100\n    category Le\n", transactions).filter { $0.value != "-" }.keys.sorted()
                == [
                    "t0", "t1",
                ])
        #expect(
            categories("if amount = -99.99\n    category Eq\n", transactions).filter { $0.value != "-" }.keys.sorted()
                == [
                    "t2"
                ])
        #expect(
            categories("if amount in -100..-10\n    category In\n", transactions).filter { $0.value != "-" }.keys
                .sorted()
                == ["t1", "t2", "t3"])
        #expect(
            categories("if credit\n    category C\n", transactions).filter { $0.value != "-" }.keys.sorted() == ["t5"])
        #expect(
            categories("if debit\n    category D\n", transactions).filter { $0.value != "-" }.keys.sorted() == [
                "t0", "t1", "t2", "t3",
            ])
        #expect(
            categories("if amount != 0 and amount > -10\n    category N\n", transactions).filter { $0.value != "-" }
                .keys
                .sorted() == ["t5"])
    }

    @Test func amountsCompareInTheTransactionsOwnCurrency() {
        let result = categories(
            "if amount < -1000\n    category Big\n",
            [
                Fixture.transaction("yen", amount: "-1500", payee: "X", currency: Currency(code: "JPY")!),
                Fixture.transaction("kwd", amount: "-999.999", payee: "X", currency: Currency(code: "KWD")!),
            ])
        #expect(result == ["yen": "Big", "kwd": "-"])
    }

    @Test func accountCurrencyDateAndDayOfMonth() {
        let transactions = [
            Fixture.transaction("a", account: "current", date: "2025-01-31", amount: "-1.00", payee: "X"),
            Fixture.transaction("b", account: "card", date: "2025-02-01", amount: "-1.00", payee: "X"),
            Fixture.transaction(
                "c", account: "savings", date: "2025-03-15", amount: "-1.00", payee: "X", currency: .eur),
        ]
        func hits(_ condition: String) -> [String] {
            categories("if \(condition)\n    category Hit\n", transactions).filter { $0.value != "-" }.keys.sorted()
        }
        #expect(hits("account = current | card") == ["a", "b"])
        #expect(hits("account != card") == ["a", "c"])
        #expect(hits("currency = eur") == ["c"])
        #expect(hits("date < 2025-02") == ["a"])
        #expect(hits("date <= 2025-02") == ["a", "b"])
        #expect(hits("date = 2025-02-01") == ["b"])
        #expect(hits("date in 2025-02..2025-03-15") == ["b", "c"])
        #expect(hits("day >= 15") == ["a", "c"])
        #expect(hits("day in 1..14") == ["b"])
    }

    @Test func andOrNotParentheses() {
        let transactions = [
            Fixture.transaction("a", amount: "-5.00", payee: "COSTA COFFEE"),
            Fixture.transaction("b", amount: "-50.00", payee: "COSTA COFFEE"),
            Fixture.transaction("c", amount: "-5.00", payee: "PRET A MANGER"),
            Fixture.transaction("d", amount: "5.00", payee: "PRET A MANGER"),
        ]
        let result = categories(
            """
            if (payee ~ costa or payee ~ pret) and not amount < -20 and not credit
                category Coffee
            """, transactions)
        #expect(result == ["a": "Coffee", "b": "-", "c": "Coffee", "d": "-"])
    }

    @Test func firstMatchWinsAcrossFilesInOrder() {
        let rules =
            Fixture.rules("if payee ~ tesco\n    category First\n", path: "rules/10-a.rules")
            + Fixture.rules("if payee ~ tesco\n    category Second\n", path: "rules/20-b.rules")
        let outcome = Categorizer(rules: rules).run(
            Fixture.journal([Fixture.transaction("a", amount: "-1.00", payee: "TESCO")]))
        #expect(outcome.ledger.transactions[0].category == CategoryPath("First"))
        #expect(outcome.ledger.transactions[0].categorySource == .rule(file: "rules/10-a.rules", line: 1))
        #expect(outcome.report.rules.map(\.matched) == [1, 0])
    }

    @Test func actionsRenameTagNoteIgnoreTransfer() {
        let (ledger, _) = Fixture.categorize(
            """
            if payee ~ netflix
                category Fun:Streaming
                rename Netflix
                tag subscription monthly
                note family plan
            if payee ~ "internal adjustment"
                ignore
            if payee ~ "to savings"
                transfer
            """,
            [
                Fixture.transaction("a", amount: "-10.99", payee: "NETFLIX.COM 866-579-7172"),
                Fixture.transaction("b", amount: "-3.00", payee: "INTERNAL ADJUSTMENT"),
                Fixture.transaction("c", amount: "-70.00", payee: "TO SAVINGS"),
            ])
        let a = ledger["a"]!
        #expect(a.payee == "Netflix")
        #expect(a.tags == ["subscription", "monthly"])
        #expect(a.note == "family plan")
        #expect(ledger["b"]!.isIgnored && !ledger["b"]!.countsInFigures)
        #expect(ledger["c"]!.isTransfer && ledger["c"]!.transferPeer == nil)
    }

    @Test func continueLetsLaterRulesFillWhatIsUnset() {
        let (ledger, _) = Fixture.categorize(
            """
            if amount < -500
                tag large
                continue
            if payee ~ ikea
                category Home:Furniture
                tag furniture
            if payee ~ ikea
                category Never
            """,
            [Fixture.transaction("a", amount: "-800.00", payee: "IKEA LTD")])
        #expect(ledger["a"]!.category == CategoryPath("Home:Furniture"))
        #expect(ledger["a"]!.categorySource == .rule(file: "rules/test.rules", line: 4))
        #expect(ledger["a"]!.tags == ["large", "furniture"])
    }

    @Test func splitActionDividesTheAmount() {
        let (ledger, _) = Fixture.categorize(
            """
            if payee ~ costco
                split Food:Groceries 60%, Home 40%
            """,
            [Fixture.transaction("a", amount: "-100.01", payee: "COSTCO")])
        let a = ledger["a"]!
        #expect(a.category == CategoryPath("Food:Groceries"))
        #expect(
            a.splits == [
                Split(category: CategoryPath("Food:Groceries")!, amount: (try? Money.parse("-60.01", currency: .gbp))!),
                Split(category: CategoryPath("Home")!, amount: (try? Money.parse("-40.00", currency: .gbp))!),
            ])
    }

    @Test func precedenceOverrideThenUserRuleThenProfileRuleThenLearned() {
        let transactions = [
            Fixture.transaction("o", amount: "-5.00", payee: "TESCO"),
            Fixture.transaction("u", amount: "-5.00", payee: "TESCO"),
            Fixture.transaction("p", amount: "-5.00", payee: "SHELL"),
            Fixture.transaction("p2", amount: "-6.00", payee: "SHELL"),
            Fixture.transaction("l", amount: "-5.00", payee: "SHELL GARAGE", bankType: "POS"),
        ]
        var overrides = OverrideTable()
        overrides.overrides[TransactionID("o")] = Override(id: TransactionID("o"), category: CategoryPath("Gifts"))
        let (ledger, _) = Fixture.categorize(
            "if payee ~ tesco\n    category Food\nif payee = shell\n    category Fuel:User\n",
            transactions, overrides: overrides,
            profile: "if payee ~ tesco | shell\n    category Profile\n",
            settings: CategorizeSettings(learnedThreshold: 0.5))
        #expect(ledger["o"]!.category == CategoryPath("Gifts"))
        #expect(ledger["o"]!.categorySource == .override(file: "overrides.csv", line: 0))
        #expect(ledger["u"]!.category == CategoryPath("Food"))
        #expect(ledger["u"]!.categorySource == .rule(file: "rules/test.rules", line: 1))
        #expect(ledger["p"]!.category == CategoryPath("Fuel:User"))
        // "SHELL GARAGE" is not `= shell` for the user rule, but the profile rule has it.
        #expect(ledger["l"]!.category == CategoryPath("Profile"))
        #expect(ledger["l"]!.categorySource == .profileRule(file: "Importers/bank.rules", line: 1))
    }

    @Test func learnedFallbackAppliesAboveThresholdOnly() {
        var transactions: [Transaction] = []
        for index in 0..<6 {
            transactions.append(Fixture.transaction("g\(index)", amount: "-12.00", payee: "GREGGS \(1000 + index)"))
        }
        for index in 0..<3 {
            transactions.append(Fixture.transaction("s\(index)", amount: "-40.00", payee: "SHELL \(2000 + index)"))
        }
        transactions.append(Fixture.transaction("new", amount: "-3.20", payee: "GREGGS PLC 4471 LEEDS GB"))
        transactions.append(Fixture.transaction("odd", amount: "-3.20", payee: "UNKNOWN THING"))
        let (ledger, outcome) = Fixture.categorize(
            "if payee ~ \"greggs 100\"\n    category Food:Bakery\nif payee ~ shell\n    category Transport:Fuel\n",
            transactions,
            settings: CategorizeSettings(learnedThreshold: 0.8))
        #expect(ledger["new"]!.category == CategoryPath("Food:Bakery"))
        guard case .learned(let confidence) = ledger["new"]!.categorySource else {
            Issue.record("expected a learned category")
            return
        }
        #expect(confidence > 0.9)
        #expect(ledger["odd"]!.category == nil)
        #expect(outcome.uncategorized.map(\.transaction.id.rawValue) == ["odd"])
    }

    /// A regular expression that begins with `^` runs only on texts that begin with its first run
    /// and contain its longest one (`RegexLiteral.prefilter`): on each payee, the rule gives what
    /// `Regex` itself gives on the payee or its clean key, including case partners beyond ASCII
    /// (the Kelvin sign, the long s), leading spaces and a leading byte order mark.
    @Test func anchoredRegexPrefilterAgreesWithRegex() throws {
        let patterns = ["^south [a-z]+ stores", "^amzn", "^ab.*xyz", "^k[a-z]c", "^\\.com", "^tfl( |$)", "^s"]
        let payees = [
            "SOUTH ROW STORES 1234", "NORTH SOUTH ROW STORES", "South Lane Stores", "  SOUTH ROW STORES",
            "SOUTH ROW CAFE", "\u{17F}outh row stores", "\u{FEFF}SOUTH ROW STORES", "AMZN MKTP UK", "XYZ AMZN",
            "\u{212A}FC LONDON", "KFC", "ABC XYZ", "XABC XYZ", ".COM SHOP", "TFL TRAVEL", "TFL", "XTFL",
        ]
        let transactions = payees.enumerated().map {
            Fixture.transaction("t\($0.offset)", amount: "-1.00", payee: $0.element)
        }
        for pattern in patterns {
            let regex = try Regex(pattern).ignoresCase()
            let result = categories("if payee ~ /\(pattern)/\n    category Hit\n", transactions)
            var hits = 0
            for (index, payee) in payees.enumerated() {
                let clean = PayeeNormaliser().normalise(payee).key
                let expected = (try? regex.firstMatch(in: payee)) != nil || (try? regex.firstMatch(in: clean)) != nil
                if expected { hits += 1 }
                #expect(result["t\(index)"] == (expected ? "Hit" : "-"), "/\(pattern)/ on \(payee)")
            }
            #expect(hits > 0, "/\(pattern)/ matches none of the payees")
        }
    }

    /// A thousand rules and the prefilter still give exactly "first match wins".
    @Test func prefilterAgreesWithPlainEvaluationOnManyRules() {
        var text = ""
        for index in 0..<300 {
            text += "if payee ~ merchant\(index) | \"shop \(index)\"\n    category C\(index)\n"
        }
        text += "if amount < -1000\n    category Big\n"
        text += "if payee ~ /^mer.*7$/\n    category Regex\n"
        let transactions = [
            Fixture.transaction("a", amount: "-1.00", payee: "MERCHANT17 X"),
            Fixture.transaction("b", amount: "-2000.00", payee: "SHOP 299"),
            Fixture.transaction("c", amount: "-2000.00", payee: "NOBODY"),
            Fixture.transaction("d", amount: "-1.00", payee: "mer 7"),
            Fixture.transaction("e", amount: "-1.00", payee: "SHOP 3000"),
        ]
        // "shop 2" occurs in "shop 299" and comes first.
        #expect(categories(text, transactions) == ["a": "C1", "b": "C2", "c": "Big", "d": "Regex", "e": "C3"])
    }
}
