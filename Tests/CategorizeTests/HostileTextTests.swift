import Categorize
import Foundation
import Ledger
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
        try FileOutput.write("if payee ~ /\\w+\\w+\\w+$/\n    category Words\n", to: folder + "/rules/10-main.rules")
        let journal = Fixture.journal([
            Fixture.transaction("current/t1", amount: "-1.00", payee: String(repeating: "A", count: 300) + "!")
        ])
        try FileOutput.write(JournalCodec.encode(journal), to: folder + "/build/journal.jsonl")
        let result = CategorizeRun(workspace: folder, journalPath: folder + "/build/journal.jsonl", mode: .lint)
            .execute()
        #expect(
            result.standardOutput
                == "rules/10-main.rules:1: warning: this rule matched no transaction in the journal\n1 rules, 1 warning\n"
        )
    }
}
