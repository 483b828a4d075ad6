import Categorize
import Ledger
import Testing

@Suite struct OverrideTableTests {
    @Test func parsesColumnsInAnyOrderWithQuotedSplits() throws {
        let table = try OverrideTable.parse(
            """
            id,category,payee,note,split
            current/a-0,Gifts:Birthday,Mum,"for Sam, 40th",
            card/XYZ,,,,"Food:Groceries 60%; Home 40%"

            """, path: "overrides.csv")
        #expect(table.overrides.count == 2)
        let first = table[TransactionID("current/a-0")]!
        #expect(first.category == CategoryPath("Gifts:Birthday"))
        #expect(first.payee == "Mum")
        #expect(first.note == "for Sam, 40th")
        #expect(first.split == nil)
        #expect(first.line == 2)
        let second = table[TransactionID("card/XYZ")]!
        #expect(second.category == nil)
        #expect(second.split?.description == "Food:Groceries 60%, Home 40%")
        let reordered = try OverrideTable.parse("note,id\nhello,x\n", path: "overrides.csv")
        #expect(reordered[TransactionID("x")]?.note == "hello")
    }

    @Test func errorsNameLineAndColumn() {
        func messages(_ text: String) -> [String] {
            do {
                _ = try OverrideTable.parse(text, path: "overrides.csv")
                return []
            } catch {
                return error.errors.map(\.description)
            }
        }
        #expect(
            messages("id,catgory\n") == [
                "overrides.csv:1:4: error: unknown column 'catgory' (did you mean 'category'?); the columns are id,category,payee,note,split\nid,catgory\n   ^~~~~~~"
            ])
        #expect(
            messages("ID number,category\n") == [
                "overrides.csv:1:1: error: unknown column 'ID number'; the columns are id,category,payee,note,split\nID number,category\n^~~~~~~~~",
                "overrides.csv:1:1: error: the header must name an 'id' column (id,category,payee,note,split)\nID number,category\n^",
            ])
        #expect(
            messages("id,category\na,Food:\n") == [
                "overrides.csv:2:3: error: 'Food:' is not a category (write parts separated by colons, e.g. Food:Groceries)\na,Food:\n  ^~~~~"
            ])
        #expect(
            messages("id,category\na,Food\na,Home\n") == [
                "overrides.csv:3:1: error: transaction 'a' already has an override on line 2\na,Home\n^"
            ])
        #expect(
            messages("id,split\na,\"Food 60%; Home 30%\"\n") == [
                "overrides.csv:2:4: error: the percentages add up to 90%, not 100% (give one part 'rest' to take what is left)\na,\"Food 60%; Home 30%\"\n   ^~~~~~~~~~~~~~~~~~"
            ])
        // An unclosed quote would swallow the later overrides into one note.
        #expect(
            messages("id,category,note\na,Food,\"dinner with \nb,Home,\nc,Fun,\n") == [
                "overrides.csv:2:8: error: the quote opened here is never closed, so every line after it is read as part of this field; close it (a quote inside a field is written twice)\na,Food,\"dinner with \n       ^"
            ])
    }

    @Test func overrideBeatsRulesFieldByField() throws {
        let overrides = try OverrideTable.parse(
            "id,category,payee,note,split\na,,Corner Shop,weekly,\nb,,,,Food 30.00; Home rest\n", path: "overrides.csv")
        let (ledger, outcome) = Fixture.categorize(
            "if payee ~ shop\n    category Food\n    rename Shop\n",
            [
                Fixture.transaction("a", amount: "-12.00", payee: "SHOP 123"),
                Fixture.transaction("b", amount: "-50.00", payee: "SHOP 124"),
            ], overrides: overrides)
        #expect(ledger["a"]!.payee == "Corner Shop")
        #expect(ledger["a"]!.note == "weekly")
        #expect(ledger["a"]!.category == CategoryPath("Food"))
        #expect(ledger["a"]!.categorySource == .rule(file: "rules/test.rules", line: 1))
        // b's correction is on line 3 of overrides.csv (after the header and a's).
        #expect(ledger["b"]!.categorySource == .override(file: "overrides.csv", line: 3))
        #expect(ledger["b"]!.splits.map(\.amount.decimalString) == ["-30.00", "-20.00"])
        #expect(outcome.report.overridesApplied == 2)
    }

    @Test func overrideSplitThatDoesNotFitIsAnError() throws {
        let overrides = try OverrideTable.parse("id,split\nb,Food 30.00; Home 10.00\n", path: "overrides.csv")
        let (_, outcome) = Fixture.categorize(
            "if payee ~ shop\n    category Food\n", [Fixture.transaction("b", amount: "-50.00", payee: "SHOP")],
            overrides: overrides)
        #expect(
            outcome.errors.map(\.description) == [
                "overrides.csv:2:3: error: split of transaction 'b' does not fit its amount -50.00: the parts add up to 40.00 but the amount is 50.00\nb,Food 30.00; Home 10.00\n  ^"
            ])
    }
}
