import Ledger
import Testing

@testable import Export

/// The rows' category ids and category-source texts, found without hashing a path or a file name
/// at each row: the same answers as looking each up by value.
@Suite("SQLite row lookups")
struct SQLiteRowLookupTests {
    /// Paths equal in value but built apart (their components kept in different storage) have the
    /// same id, and a path seen again by its storage keeps its own.
    @Test func equalPathsInOtherStorageHaveTheSameID() throws {
        let groceries = try #require(CategoryPath("Food:Groceries"))
        let rent = try #require(CategoryPath("Housing:Rent"))
        var numbers = CategoryNumbers([groceries: 4, rent: 9])
        let groceriesAgain = try #require(CategoryPath("Food:Groceries"))
        #expect(CategoryNumbers.storage(of: groceries) != CategoryNumbers.storage(of: groceriesAgain))
        #expect(numbers.id(of: groceries) == 4)
        #expect(numbers.id(of: rent) == 9)
        #expect(numbers.id(of: groceriesAgain) == 4)
        #expect(numbers.id(of: groceries) == 4)
        #expect(numbers.id(of: try #require(CategoryPath("Food:Coffee"))) == 0)
    }

    /// Sources on the same line of different files, or of different kinds, are told apart.
    @Test func sourcesOnOneLineAreToldApart() {
        var texts = CategorySourceTexts()
        let sources: [(CategorySource, String)] = [
            (.rule(file: "rules/20-food.rules", line: 12), "rule rules/20-food.rules:12"),
            (.starterRule(file: "starter/70-food.rules", line: 12), "starter starter/70-food.rules:12"),
            (.rule(file: "rules/30-home.rules", line: 12), "rule rules/30-home.rules:12"),
            (.starterRule(file: "rules/20-food.rules", line: 12), "starter rules/20-food.rules:12"),
            (.override(file: "overrides.csv", line: 7), "override overrides.csv:7"),
            (.rule(file: "rules/20-food.rules", line: 13), "rule rules/20-food.rules:13"),
            (.learned(confidence: 0.9312), "learned 0.93"),
            (.transfer, "transfer"),
            (.none, "none"),
        ]
        for _ in 1...2 {
            for (source, text) in sources { #expect(texts.text(of: source) == text) }
        }
    }
}
