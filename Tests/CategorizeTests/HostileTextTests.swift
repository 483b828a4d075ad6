import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

/// Rules and texts as careless users and hostile files write them (issue 20, items 15 and 19):
/// each case once failed, hung or matched wrongly.
@Suite struct HostileTextTests {
    /// The category each transaction gets from `rules`, by id ("-" for none).
    func categories(_ rules: String, _ transactions: [Transaction]) -> [String: String] {
        Fixture.categorize(rules, transactions).ledger.mapValues { transaction in
            guard case .rule = transaction.categorySource else { return "-" }
            return transaction.category?.description ?? "-"
        }
    }

    /// `/\w+\w+\w+$/` on a 300-character payee ran past 30 s in a backtracking matcher.
    @Test func polynomialRegexOnALongPayeeAnswers() {
        let letters = String(repeating: "A", count: 300)
        let result = categories(
            "if payee ~ /\\w+\\w+\\w+$/\n    category Words\n",
            [
                Fixture.transaction("a", amount: "-1.00", payee: letters + "!"),
                Fixture.transaction("b", amount: "-1.00", payee: letters),
                Fixture.transaction("c", amount: "-1.00", payee: String(repeating: "É", count: 300) + "!"),
                Fixture.transaction("d", amount: "-1.00", payee: "AB"),
            ])
        #expect(result == ["a": "-", "b": "Words", "c": "-", "d": "-"])
    }

    /// `--lint` runs every rule over the journal: it answers for the same pattern and payee.
    @Test func lintOfAPolynomialRegexAnswers() throws {
        let folder = try TemporaryFolder.make("hostile").path
        try FileOutput.write("if payee ~ /\\w+\\w+\\w+$/\n    category Words\n", to: folder + "/rules/10-main.rules")
        let journal = Fixture.journal([
            Fixture.transaction("current/t1", amount: "-1.00", payee: String(repeating: "A", count: 300) + "!")
        ])
        try FileOutput.write(JournalCodec.encode(journal), to: folder + "/build/journal.jsonl")
        let result = CategorizeRun(workspace: folder, journalPath: folder + "/build/journal.jsonl", mode: .lint)
            .execute()
        #expect(
            result.standardOutput
                == "rules/10-main.rules:1: warning: this rule matched no transaction in the journal\n1 rule, 1 warning\n"
        )
    }

    /// Issue 20, item 19: `café` typed in a rule matches the bank's capitals and its decomposed
    /// form (E and U+0301); `É` is a letter for whole words; a no-break space is a space.
    @Test func textIsComparedAsPeopleTypeIt() {
        let rules = """
            if payee ~ café
                category Coffee
            if payee ~ word:caf
                category Caf
            if payee = "crème brûlée"
                category Dessert
            if memo ~ "tesco stores"
                category Groceries
            if payee ~ STRASSE | ÉCOLE
                category Other
            """
        let result = categories(
            rules,
            [
                Fixture.transaction("upper", amount: "-1.00", payee: "CAFÉ NERO 1234"),
                Fixture.transaction("decomposed", amount: "-1.00", payee: "CAFE\u{301} NERO"),
                Fixture.transaction("plain", amount: "-1.00", payee: "CAFE NERO"),
                Fixture.transaction("word", amount: "-1.00", payee: "CAF É"),
                Fixture.transaction("whole", amount: "-1.00", payee: "CRE\u{300}ME BRÛLÉE"),
                Fixture.transaction("nbsp", amount: "-1.00", payee: "X", memo: "TESCO\u{A0}STORES"),
                Fixture.transaction("school", amount: "-1.00", payee: "école du parc"),
            ])
        #expect(
            result == [
                "upper": "Coffee", "decomposed": "Coffee", "plain": "-", "word": "Caf", "whole": "Dessert",
                "nbsp": "Groceries", "school": "Other",
            ])
    }

    /// The payee cleaner title-cases letters beyond ASCII too, and gives both spellings one key.
    @Test func payeeCleanerKeepsAccentedLettersInTitleCase() {
        let cleaner = PayeeNormaliser()
        #expect(cleaner.normalise("CAFÉ NERO 1234 LONDON").display == "Café Nero")
        #expect(cleaner.normalise("CAFÉ NERO 1234 LONDON").key == "café nero")
        #expect(cleaner.normalise("CAFE\u{301} NERO 1234").key == "café nero")
        #expect(cleaner.normalise("ÉCOLE SAINT-ÉLOI").display == "École Saint-Éloi")
        #expect(cleaner.normalise("Café Nero 1234").display == "Café Nero")
        // A short word without a vowel stays in capitals, as `BP` does.
        #expect(cleaner.normalise("MÜNCHEN HBF").display == "München HBF")
    }
}
