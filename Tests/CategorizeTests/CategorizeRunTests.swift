import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

@Suite struct CategorizeRunTests {
    /// A workspace in a fresh temporary folder with a journal of three transactions.
    func workspace(rules: String, overrides: String? = nil) throws -> String {
        let folder = try TemporaryFolder.make("categorize").path
        try FileOutput.write(rules, to: folder + "/rules/10-main.rules")
        if let overrides { try FileOutput.write(overrides, to: folder + "/overrides.csv") }
        let journal = Fixture.journal([
            Fixture.transaction(
                "current/t1", date: "2026-10-01", amount: "-42.10", payee: "CARD PAYMENT TO TESCO STORES 3297 LONDON GB"
            ),
            Fixture.transaction("current/t2", date: "2026-10-02", amount: "-9.99", payee: "SPOTIFY USA 28770130901"),
            Fixture.transaction("current/t3", date: "2026-10-03", amount: "-120.00", payee: "UNKNOWN SHOP"),
        ])
        try FileOutput.write(JournalCodec.encode(journal), to: folder + "/build/journal.jsonl")
        return folder
    }

    func run(_ folder: String, _ mode: CategorizeRun.Mode) -> CategorizeRun.Result {
        CategorizeRun(workspace: folder, journalPath: folder + "/build/journal.jsonl", mode: mode).execute()
    }

    func writeMode(_ folder: String) -> CategorizeRun.Mode {
        .write(
            ledger: folder + "/build/ledger.jsonl", uncategorized: folder + "/build/uncategorized.csv",
            report: folder + "/build/categorize-report.json")
    }

    @Test func writesLedgerUncategorizedAndReport() throws {
        let folder = try workspace(rules: "if payee ~ tesco\n    category Food:Groceries\n")
        let result = run(folder, writeMode(folder))
        #expect(result.exitCode == 0)
        let ledger = try JournalCodec.decode(FileOutput.read(folder + "/build/ledger.jsonl"), path: "ledger")
        #expect(ledger.stage == "ledger")
        #expect(ledger.transactions.map(\.payee) == ["Tesco", "Spotify", "Unknown Shop"])
        #expect(ledger.transactions[0].categorySource == .rule(file: "rules/10-main.rules", line: 1))
        let csv = String(decoding: try FileOutput.read(folder + "/build/uncategorized.csv"), as: UTF8.self)
        #expect(
            csv == """
                id,date,account,amount,payee,memo,suggestion,confidence
                current/t3,2026-10-03,current,-120.00,UNKNOWN SHOP,,,
                current/t2,2026-10-02,current,-9.99,SPOTIFY USA 28770130901,,,

                """)
        #expect(result.standardError.contains("1  by user rules"))
    }

    @Test func aRuleErrorWritesNothingAndExitsTwo() throws {
        let folder = try workspace(rules: "if payee ~ tesco\n    categry Food\n")
        try FileOutput.write("old ledger", to: folder + "/build/ledger.jsonl")
        let result = run(folder, writeMode(folder))
        #expect(result.exitCode == 2)
        #expect(
            result.standardError == """
                rules/10-main.rules:2:5: error: unknown action 'categry' (did you mean 'category'?)
                    categry Food
                    ^~~~~~~
                1 error; nothing was written

                """)
        #expect(String(decoding: try FileOutput.read(folder + "/build/ledger.jsonl"), as: UTF8.self) == "old ledger")
        #expect(!FileManager.default.fileExists(atPath: folder + "/build/uncategorized.csv"))
    }

    @Test func explainATransaction() throws {
        let folder = try workspace(
            rules:
                "if payee ~ sainsbury\n    category Food:Groceries\nif payee ~ tesco and amount < -10\n    category Food:Big\nif payee ~ x\n    ignore\n"
        )
        let result = run(folder, .explain("current/t1"))
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutput == """
                transaction current/t1
                  date     2026-10-01
                  account  current
                  amount   -42.10 GBP
                  payee    CARD PAYMENT TO TESCO STORES 3297 LONDON GB
                  cleaned  Tesco (matched as "tesco")
                rules, in order (the first match wins):
                  rules/10-main.rules:1  no  payee ~ sainsbury: not found in the payee "card payment to tesco stores 3297 london gb" or the cleaned payee "tesco"
                  rules/10-main.rules:3  MATCH  payee ~ tesco: tesco found in the payee "card payment to tesco stores 3297 london gb"; amount < -10: the amount is -42.10
                      actions: category Food:Big
                  (1 later rule not tried)
                override: none
                result:
                  category Food:Big  [rule rules/10-main.rules:3]
                  payee    Tesco

                """)
    }

    /// A learned row says which months it was learned from: its own and those before it.
    @Test func explainALearnedTransaction() throws {
        let folder = try TemporaryFolder.make("categorize").path
        try FileOutput.write(
            "if payee ~ \"greggs 100\"\n    category Food:Bakery\nif payee ~ shell\n    category Transport:Fuel\n",
            to: folder + "/rules/10-main.rules")
        var transactions = (0..<6).map {
            Fixture.transaction(
                "current/g\($0)", date: "2026-09-0\($0 + 1)", amount: "-12.00", payee: "GREGGS 100\($0)")
        }
        transactions += (0..<3).map {
            Fixture.transaction("current/s\($0)", date: "2026-09-1\($0)", amount: "-40.00", payee: "SHELL 200\($0)")
        }
        transactions.append(
            Fixture.transaction("current/new", date: "2026-10-05", amount: "-3.20", payee: "GREGGS PLC 4471 LEEDS GB"))
        try FileOutput.write(JournalCodec.encode(Fixture.journal(transactions)), to: folder + "/build/journal.jsonl")
        let result = run(folder, .explain("current/new"))
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("[learned "))
        #expect(
            result.standardOutput.contains(
                "  (learned from what rules and overrides decided up to the end of 2026-10, never later)\n"))
    }

    @Test func explainAPayeeText() throws {
        let folder = try workspace(rules: "if payee ~ /^spotify$/\n    category Fun\n")
        let result = run(folder, .explain("DD SPOTIFY 1234"))
        #expect(
            result.standardOutput == """
                payee text "DD SPOTIFY 1234" (not a transaction id in the journal)
                  amount, account and date are not known: conditions on them are shown as not met
                  payee    DD SPOTIFY 1234
                  cleaned  Spotify (matched as "spotify")
                rules, in order (the first match wins):
                  rules/10-main.rules:1  MATCH  payee ~ /^spotify$/: /^spotify$/ found in the cleaned payee "spotify"
                      actions: category Fun
                result:
                  category Fun  [rule rules/10-main.rules:1]
                  payee    Spotify

                """)
    }

    @Test func lintListsUnusedAndShadowedRules() throws {
        let folder = try workspace(
            rules: """
                if payee ~ tesco | spotify
                    category A
                if payee ~ "tesco express" and amount < -5
                    category B
                if payee ~ nowhere
                    category C
                if payee ~ tesco | spotify
                    category D
                """)
        let result = run(folder, .lint)
        #expect(
            result.standardOutput == """
                rules/10-main.rules:3: warning: this rule can never match: rules/10-main.rules:1 matches first ('payee ~ tesco | spotify' covers 'payee ~ "tesco express"')
                rules/10-main.rules:5: warning: this rule matched no transaction in the journal
                rules/10-main.rules:7: warning: this rule can never match: rules/10-main.rules:1 matches first (the same condition)
                4 rules, 3 warnings

                """)
    }

    @Test("--lint explains why a catastrophic regular expression is refused, and nothing hangs")
    func lintRefusesCatastrophicRegex() throws {
        let folder = try workspace(rules: "if payee ~ /(a+)+\\b/\n    category A\n")
        let result = run(folder, .lint)
        #expect(result.exitCode == 2)
        #expect(result.standardError.contains("rules/10-main.rules:1:12: error: regular expression refused"))
    }
}
