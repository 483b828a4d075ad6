import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

/// The starter rule pack: where it sits in the order of precedence, how it is switched off, named
/// and counted, how its categories take the workspace's names, and what the shipped pack makes of
/// descriptions whose answers were decided by hand.
@Suite struct StarterRulesTests {
    static let shippedPack = RepositoryPaths.root.appendingPathComponent("Importers/starter").path

    /// A workspace with `rules`, optional `overrides` and `config`, and a starter folder holding
    /// `starter` as `10-test.rules`; the journal holds `transactions`.
    func workspace(
        rules: String?, starter: String, overrides: String? = nil, config: String? = nil,
        transactions: [Transaction]
    ) throws -> (folder: String, starter: String) {
        let folder = try TemporaryFolder.make("starter").path
        if let rules { try FileOutput.write(rules, to: folder + "/rules/10-main.rules") }
        if let overrides { try FileOutput.write(overrides, to: folder + "/overrides.csv") }
        if let config { try FileOutput.write(config, to: folder + "/closebook.toml") }
        try FileOutput.write(starter, to: folder + "/pack/starter/10-test.rules")
        try FileOutput.write(JournalCodec.encode(Fixture.journal(transactions)), to: folder + "/build/journal.jsonl")
        return (folder, folder + "/pack/starter")
    }

    func write(
        _ folder: String, starter: String?
    ) throws -> (ledger: [String: Transaction], result: CategorizeRun.Result) {
        let result = CategorizeRun(
            workspace: folder, journalPath: folder + "/build/journal.jsonl", starterFolder: starter,
            mode: .write(
                ledger: folder + "/build/ledger.jsonl", uncategorized: folder + "/build/uncategorized.csv",
                report: folder + "/build/categorize-report.json")
        ).execute()
        var byID: [String: Transaction] = [:]
        if result.exitCode == 0 {
            let ledger = try JournalCodec.decode(FileOutput.read(folder + "/build/ledger.jsonl"), path: "ledger")
            for t in ledger.transactions { byID[t.id.rawValue] = t }
        }
        return (byID, result)
    }

    static let threeRows = [
        Fixture.transaction("current/t1", date: "2026-10-01", amount: "-42.10", payee: "TESCO STORES 3297"),
        Fixture.transaction("current/t2", date: "2026-10-02", amount: "-9.99", payee: "SPOTIFY USA 2877"),
        Fixture.transaction("current/t3", date: "2026-10-03", amount: "-3.20", payee: "COSTA COFFEE 41"),
    ]
    static let starterPack = """
        if payee ~ word:tesco
            category Food:Groceries
        if payee ~ word:spotify
            category Entertainment:Streaming
        if payee ~ word:"costa coffee"
            category Food:Coffee

        """

    @Test func theStarterPackFillsInOnlyWhatUserRulesAndOverridesLeft() throws {
        let (folder, starter) = try workspace(
            rules: "if payee ~ tesco\n    category Shopping:Weekly\n", starter: Self.starterPack,
            overrides: "id,category,payee,note,split\ncurrent/t2,Fun:Music,,,\n", transactions: Self.threeRows)
        let (ledger, result) = try write(folder, starter: starter)
        #expect(result.exitCode == 0)
        #expect(ledger["current/t1"]?.category == CategoryPath("Shopping:Weekly"))
        #expect(ledger["current/t1"]?.categorySource == .rule(file: "rules/10-main.rules", line: 1))
        #expect(ledger["current/t2"]?.category == CategoryPath("Fun:Music"))
        #expect(ledger["current/t2"]?.categorySource == .override(file: "overrides.csv", line: 2))
        #expect(ledger["current/t3"]?.category == CategoryPath("Food:Coffee"))
        #expect(ledger["current/t3"]?.categorySource == .starterRule(file: "starter/10-test.rules", line: 5))
        let report = try JSONDecoder().decode(
            CategorizeReport.self, from: Data(FileOutput.read(folder + "/build/categorize-report.json")))
        #expect(report.bySource.rule == 1)
        #expect(report.bySource.override == 1)
        #expect(report.bySource.starterRule == 1)
        #expect(report.bySource.none == 0)
        #expect(result.standardError.contains("\n  1  by starter rules\n"))
    }

    @Test func profileRulesComeBeforeTheStarterPack() {
        let starter = Fixture.rules(
            "if payee ~ tesco\n    category Food:Groceries\n", path: "starter/a.rules", origin: .starter)
        let profile = Fixture.rules(
            "if payee ~ tesco\n    category Bank:Shop\n", path: "Importers/bank.rules", origin: .profile)
        let outcome = Categorizer(rules: profile + starter).run(Fixture.journal([Self.threeRows[0]]))
        #expect(outcome.ledger.transactions[0].category == CategoryPath("Bank:Shop"))
        #expect(outcome.report.bySource.profileRule == 1)
        #expect(outcome.report.bySource.starterRule == 0)
    }

    @Test func starterFalseTurnsThePackOff() throws {
        let (folder, starter) = try workspace(
            rules: nil, starter: Self.starterPack, config: "[categorize]\nstarter = false\n",
            transactions: Self.threeRows)
        let (ledger, result) = try write(folder, starter: starter)
        #expect(result.exitCode == 0)
        #expect(ledger.values.allSatisfy { $0.category == nil })
        #expect(result.standardError.contains("\n  0  by starter rules\n"))
    }

    @Test func starterMustBeTrueOrFalse() throws {
        let (folder, starter) = try workspace(
            rules: nil, starter: Self.starterPack, config: "[categorize]\nstarter = \"no\"\n",
            transactions: Self.threeRows)
        let (_, result) = try write(folder, starter: starter)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("'starter' must be true or false"))
    }

    @Test func aStarterFolderWithoutRuleFilesIsAnError() throws {
        let (folder, _) = try workspace(rules: nil, starter: Self.starterPack, transactions: Self.threeRows)
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        let (_, result) = try write(folder, starter: folder + "/empty")
        #expect(result.exitCode == 2)
        #expect(
            result.standardError
                == "\(folder)/empty: error: no starter rule files (*.rules) here; check --starter-rules\n"
                + "1 error; nothing was written\n")
    }

    @Test func theUsersCategoryNamesWin() throws {
        // The user files coffee under "Eating Out:Coffee" and budgets "Fun:Streaming": the starter
        // pack's Food:Coffee and Entertainment:Streaming land there. Groceries stay as shipped.
        let (folder, starter) = try workspace(
            rules: "if payee ~ pret\n    category Eating Out:Coffee\n", starter: Self.starterPack,
            config: "[budgets]\n\"Fun:Streaming\" = \"10.00\"\n", transactions: Self.threeRows)
        let (ledger, result) = try write(folder, starter: starter)
        #expect(result.exitCode == 0)
        #expect(ledger["current/t1"]?.category == CategoryPath("Food:Groceries"))
        #expect(ledger["current/t2"]?.category == CategoryPath("Fun:Streaming"))
        #expect(ledger["current/t3"]?.category == CategoryPath("Eating Out:Coffee"))
        #expect(ledger["current/t3"]?.categorySource == .starterRule(file: "starter/10-test.rules", line: 5))
    }

    @Test func theMappingComparesLastPartsLoosely() {
        let user = Fixture.rules(
            "if payee ~ a\n    category Home:CouncilTax\nif payee ~ b\n    category Food:Treats\nif payee ~ c\n    category Fun:Treats\nif payee ~ d\n    category Going Out:Dining\nif payee ~ e\n    category Meals:Dining\n"
        )
        let map = StarterCategoryMap(rules: user, overrides: OverrideTable(), budgets: [])
        // "Council Tax" and "CouncilTax" are one name.
        #expect(map.map(CategoryPath("Bills:Council Tax")!) == CategoryPath("Home:CouncilTax"))
        // Two "Treats": the one in the starter's own group wins.
        #expect(map.map(CategoryPath("Food:Treats")!) == CategoryPath("Food:Treats"))
        // Two "Dining", neither in Food: too unsure, the starter's path stays.
        #expect(map.map(CategoryPath("Food:Dining")!) == CategoryPath("Food:Dining"))
        #expect(map.map(CategoryPath("Cash")!) == CategoryPath("Cash"))
    }

    @Test func explainNamesTheStarterRule() throws {
        let (folder, starter) = try workspace(
            rules: "if payee ~ sainsbury\n    category Food:Groceries\n", starter: Self.starterPack,
            transactions: Self.threeRows)
        let matched = CategorizeRun(
            workspace: folder, journalPath: folder + "/build/journal.jsonl", starterFolder: starter,
            mode: .explain("current/t3")
        ).execute()
        #expect(
            matched.standardOutput == """
                transaction current/t3
                  date     2026-10-03
                  account  current
                  amount   -3.20 GBP
                  payee    COSTA COFFEE 41
                  cleaned  Costa Coffee 41 (matched as "costa coffee 41")
                rules, in order (the first match wins):
                  rules/10-main.rules:1  no  payee ~ sainsbury: not found in the payee "costa coffee 41" or the cleaned payee "costa coffee 41"
                  starter/10-test.rules:5 [starter]  MATCH  payee ~ word:"costa coffee": word:"costa coffee" found in the payee "costa coffee 41"
                      actions: category Food:Coffee
                override: none
                result:
                  category Food:Coffee  [starter starter/10-test.rules:5]
                  payee    Costa Coffee 41

                """)
        let unmatched = CategorizeRun(
            workspace: folder, journalPath: folder + "/build/journal.jsonl", starterFolder: starter,
            mode: .explain("NOWHERE LTD")
        ).execute()
        #expect(unmatched.standardOutput.contains("\n  (3 starter rules tried: none matched)\n  no rule matched\n"))
    }

    /// Descriptions as banks write them, with the group each belongs in decided by hand, including
    /// the traps the pack's order is there for; and look-alikes that must stay uncategorised.
    @Test(arguments: [
        ("CARD PAYMENT TO TESCO STORES 3297 LONDON GB", "-42.10", "Food:Groceries"),
        ("TESCO PFS 2231 LEEDS", "-55.00", "Transport:Fuel"),
        ("TESCO MOBILE", "-12.00", "Bills:Phone"),
        ("SHELL ENERGY RETAIL LTD", "-80.00", "Bills:Utilities"),
        ("SHELL BARNET 1234", "-60.00", "Transport:Fuel"),
        ("UBER *EATS HELP.UBER.COM", "-23.48", "Food:Takeaway"),
        ("UBER *TRIP HELP.UBER.COM", "-14.20", "Transport:Taxi"),
        ("ATM MILANO BIGLIETTI", "-2.20", "Transport:Public"),
        ("GELDAUTOMAT SPARKASSE KOELN", "-100.00", "Cash"),
        ("AMAZON PRIME*2K4TR5", "-8.99", "Entertainment:Streaming"),
        ("AMZN MKTP UK*RT5TY", "-19.99", "Shopping:Online"),
        ("APOTHEKE AM MARKT", "-7.45", "Health:Pharmacy"),
        ("PHARMACIE DU CENTRE PARIS", "-11.30", "Health:Pharmacy"),
        ("ALBERT HEIJN 1403 AMSTERDAM", "-31.75", "Food:Groceries"),
        ("ALLIANZ VERSICHERUNGS-AG", "-45.00", "Bills:Insurance"),
        ("LONDON BOROUGH OF HACKNEY COUNCIL TAX", "-143.00", "Bills:Council Tax"),
        ("NCP CAR PARK MANCHESTER", "-9.50", "Transport:Parking"),
        ("THE KINGS ARMS LONDON", "-24.00", "Food:Dining"),
        ("ZARA 1234 LONDON GB", "-39.99", "Shopping:Clothes"),
        ("HOTEL ADLON BERLIN", "-240.00", "Travel:Lodging"),
    ])
    func theShippedPackCategorises(payee: String, amount: String, expected: String) throws {
        let outcome = try Self.runShippedPack([
            Fixture.transaction("current/x", amount: amount, payee: payee)
        ])
        #expect(outcome.ledger.transactions[0].category == CategoryPath(expected), "\(payee)")
        guard case .starterRule = outcome.ledger.transactions[0].categorySource else {
            Issue.record("\(payee): source \(outcome.ledger.transactions[0].categorySource)")
            return
        }
    }

    /// The export's own category, where no merchant rule knows the payee; a merchant rule wins
    /// over it; a vague one is left alone.
    @Test(arguments: [
        ("CHASE PAYEE 1", "Gas", "Transport:Fuel"),
        ("MONZO PAYEE 2", "Eating out", "Food:Dining"),
        ("AMEX PAYEE 3", "Travel-Airline", "Travel:Flights"),
        ("TESCO STORES 2211", "Shopping", "Food:Groceries"),
        ("MONZO PAYEE 4", "General", nil),
        ("CORNER SHOP 12", "SIC 5411", "Food:Groceries"),
        ("NOODLE PLACE", "MCC 5812", "Food:Dining"),
        ("SOMEWHERE", "MCC 5999", nil),
    ])
    func theExportsOwnCategoryIsMapped(payee: String, bankCategory: String, expected: String?) throws {
        let outcome = try Self.runShippedPack([
            Fixture.transaction("current/x", amount: "-10.00", payee: payee, bankCategory: bankCategory)
        ])
        #expect(outcome.ledger.transactions[0].category == expected.flatMap { CategoryPath($0) }, "\(payee)")
    }

    /// A category the export named is the export's, counted apart from the pack's merchant rules:
    /// TESCO (a merchant rule) and the Gas row (the mapping) are decided by the same pack, but only
    /// the second is `export`. A rule that also reads the payee is a merchant rule.
    @Test func theExportsOwnCategoryIsItsOwnSource() {
        let starter = Fixture.rules(
            """
            if payee ~ word:tesco
                category Food:Groceries
            if bankCategory = gas | "gas & fuel"
                category Transport:Fuel
            if bankCategory = "cash & atm" and debit
                category Cash
            if payee ~ word:shell and bankCategory = fuel
                category Transport:Fuel

            """, path: "starter/90-bank-categories.rules", origin: .starter)
        let outcome = Categorizer(rules: starter).run(
            Fixture.journal([
                Fixture.transaction("current/t1", amount: "-42.10", payee: "TESCO STORES 3297", bankCategory: "Gas"),
                Fixture.transaction("current/t2", amount: "-30.00", payee: "PUMP 7", bankCategory: "Gas & Fuel"),
                Fixture.transaction("current/t3", amount: "-20.00", payee: "ATM 4411", bankCategory: "Cash & ATM"),
                Fixture.transaction("current/t4", amount: "-50.00", payee: "SHELL 12", bankCategory: "Fuel"),
            ]))
        let sources = outcome.ledger.transactions.map(\.categorySource)
        #expect(
            sources == [
                .starterRule(file: "starter/90-bank-categories.rules", line: 1),
                .exportCategory(file: "starter/90-bank-categories.rules", line: 3),
                .exportCategory(file: "starter/90-bank-categories.rules", line: 5),
                .starterRule(file: "starter/90-bank-categories.rules", line: 7),
            ])
        #expect(outcome.report.bySource.starterRule == 2)
        #expect(outcome.report.bySource.exportCategory == 2)
        #expect(sources[1].description == "export starter/90-bank-categories.rules:3")
        #expect(CategorySource("export starter/90-bank-categories.rules:3") == sources[1])
    }

    /// In the shipped pack, the rules of `90-bank-categories.rules` map the export's category and
    /// no other file's rule does.
    @Test func theShippedMappingIsTheOnlyExportCategorySource() throws {
        let set = try RuleSet.load(workspace: "/nonexistent", starterFolder: Self.shippedPack)
        let starter = set.rules.filter { $0.origin == .starter }
        #expect(starter.count > 80)
        for rule in starter {
            #expect(rule.mapsExportCategory == rule.id.file.hasSuffix("90-bank-categories.rules"), "\(rule.id)")
        }
    }

    @Test(arguments: [
        ("BPX SERVICES LTD", "-20.00"),
        ("PENNY SMITH", "-50.00"),
        ("ORANGE COUNTY CLERK", "-15.00"),
        ("SPARKASSE KOELN BONN", "-30.00"),
        ("CASH DEPOSIT ATM 4411", "200.00"),
        ("GYMSHARK LTD", "-45.00"),
        ("OYSTER BAY TRADING", "-12.00"),
        ("TRANSFER TO ZARA SMITH", "-50.00"),
        ("MARIA HOFER", "-80.00"),
        ("HOTEL CHOCOLAT", "-12.00"),
        ("J MARRIOTT", "-20.00"),
    ])
    func theShippedPackLeavesLookAlikesAlone(payee: String, amount: String) throws {
        let outcome = try Self.runShippedPack([
            Fixture.transaction("current/x", amount: amount, payee: payee)
        ])
        #expect(outcome.ledger.transactions[0].category == nil, "\(payee)")
    }

    /// Every rule of the shipped pack is found through the literal automaton, so its cost per row
    /// does not grow with the pack: none is checked for every row.
    @Test func theShippedPackIsPrefilteredByLiterals() throws {
        let set = try RuleSet.load(workspace: "/nonexistent", starterFolder: Self.shippedPack)
        #expect(set.rules.count > 50)
        #expect(set.rules.allSatisfy { $0.origin == .starter })
        #expect(RuleMatcher(rules: set.rules).unfilteredRuleCount == 0)
    }

    static func runShippedPack(_ transactions: [Transaction]) throws -> CategorizeOutcome {
        let set = try RuleSet.load(workspace: "/nonexistent", starterFolder: shippedPack)
        return Categorizer(rules: set.rules).run(Fixture.journal(transactions))
    }
}
