import Foundation
import Ledger
import Testing

@testable import Import

/// A category column in a CSV export read with no profile (`Fixtures/csv-category/`, described in
/// its README): found by its header or by its cells, and carried as each record's `bankCategory`.
@Suite("CSV category column inference")
struct CategoryColumnInferenceTests {
    static let fixtures = CSVTestSupport.repositoryRoot + "/Tests/ImportTests/Fixtures/csv-category/"

    static func read(_ name: String, dateOrder: DateOrder) throws -> ParsedFile {
        let bytes = try FileOutput.read(fixtures + name)
        let account = AccountConfig(id: AccountID("test"), name: "Test", dateOrder: dateOrder)
        return try CSVReader(profiles: []).read(
            bytes, path: "inbox/" + name, context: ReadContext(defaultCurrency: .usd, account: account))
    }

    @Test func mintsCategoryColumnIsNamedByItsHeader() throws {
        let file = try Self.read("ledger-autosync__mint.csv", dateOrder: .monthDayYear)
        #expect(file.csvRecords.map(\.bankCategory) == ["Shopping", "Credit Card Payment"])
        #expect(file.inferredProfile?.contains("category = \"Category\"") == true)
    }

    @Test func monefysCategoriesAreTakenThoughNoneRepeats() throws {
        let file = try Self.read("hledger__monefy.csv", dateOrder: .dayMonthYear)
        #expect(
            file.csvRecords.map(\.bankCategory).sorted { ($0 ?? "") < ($1 ?? "") } == [
                "Bills", "Car", "Clothes", "From 'Cash'", "Gifts", "Salary", "Savings", "To 'Payment card'",
            ])
    }

    @Test func aColumnOfCategoryNamesIsFoundByItsCells() throws {
        let file = try Self.read("kasboek-nl-soort.csv", dateOrder: .dayMonthYear)
        #expect(
            file.csvRecords.map(\.bankCategory) == [
                "Boodschappen", "Vervoer", "Boodschappen", "Uit eten", "Boodschappen", "Salaris", "Uit eten",
                "Vervoer",
            ])
        // The payee is the description, not the category.
        #expect(file.csvRecords.first?.payee == "Albert Heijn 1403")
        #expect(file.inferredProfile?.contains("category = \"Soort\"") == true)
    }

    @Test func aRepeatedStatusIsNotACategory() throws {
        let file = try Self.read("hledger__paypal-custom.csv", dateOrder: .monthDayYear)
        #expect(!file.csvRecords.isEmpty)
        #expect(file.csvRecords.allSatisfy { $0.bankCategory == nil })
    }

    @Test(arguments: [
        ("Groceries", true), ("Merchandise & Supplies-Groceries", true), ("Travel-Airline", true),
        ("Uit eten", true), ("Lebensmittel", true), ("Completed", false), ("Umsatz gebucht", false),
        ("Moscow", false),
    ])
    func categoryNames(cell: String, isCategory: Bool) {
        #expect(CategoryVocabulary.isCategory(cell) == isCategory)
    }
}
