import Ledger
import Testing

@testable import Analyze

@Suite("Budget suggestions")
struct BudgetSuggestionsTests {
    @Test func medians() {
        #expect(BudgetSuggestions.median([5, 1, 3]) == 3)
        // (2 + 3) ÷ 2 = 2.5 → 2 (half to even); (3 + 4) ÷ 2 = 3.5 → 4.
        #expect(BudgetSuggestions.median([1, 2, 3, 9]) == 2)
        #expect(BudgetSuggestions.median([1, 3, 4, 9]) == 4)
    }

    /// Rent's median 300.00 and groceries' 200.00 add to 500.00 against an essential bucket of 400.00:
    /// scaled by 400 ÷ 500 to 240.00 and 160.00. Dining (median 50.00) fits the discretionary 100.00
    /// and stays. Books, with spending in only 2 months, gets no suggestion.
    @Test func suggestionsAreScaledToFitTheirBucket() {
        let categories = ["Housing:Rent", "Food:Groceries", "Food:Dining", "Shopping:Books"].map {
            LedgerHistory.Category(name: $0, isIncome: false, top: String($0.split(separator: ":")[0]))
        }
        let buckets = CategoryBuckets(categories: categories, overrides: [:])
        let (suggestions, scales) = BudgetSuggestions.suggest(
            spending: [
                0: [30_000, 30_000, 30_000, 30_000, 30_000, 30_000], 1: [0, 25_000, 20_000, 15_000, 20_000, 30_000],
                2: [5_000, 4_000, 6_000, 5_000, 0, 5_000], 3: [0, 0, 0, 0, 1_000, 2_000],
            ], buckets: buckets, bucketAmounts: [.essential: 40_000, .discretionary: 10_000])
        let byCategory = Dictionary(uniqueKeysWithValues: suggestions.map { ($0.category, $0) })
        // Groceries: sorted 0, 150, 200, 200, 250, 300 → median (200 + 200) ÷ 2 = 200.00.
        #expect(byCategory[1]?.median == 20_000)
        #expect(byCategory[0]?.suggested == 24_000)
        #expect(byCategory[1]?.suggested == 16_000)
        #expect(byCategory[2]?.suggested == 5_000)
        #expect(byCategory[3] == nil)
        #expect(scales[.essential]?.medians == 50_000)
        #expect(scales[.discretionary] == nil)
    }

    /// The default lists match any component, deepest first; [plan.buckets] prefixes override them.
    @Test func categoriesMapToBuckets() {
        let overrides = [CategoryPath("Health")!: SpendingBucket.discretionary]
        #expect(CategoryBuckets.bucket(of: "Food:Groceries", overrides: [:]) == .essential)
        #expect(CategoryBuckets.bucket(of: "Food:Dining", overrides: [:]) == .discretionary)
        #expect(CategoryBuckets.bucket(of: "Loans:Debt Payments", overrides: [:]) == .essential)
        #expect(CategoryBuckets.bucket(of: "Food:Coffee", overrides: [:]) == nil)
        #expect(CategoryBuckets.bucket(of: "Health:Gym", overrides: [:]) == .essential)
        #expect(CategoryBuckets.bucket(of: "Health:Gym", overrides: overrides) == .discretionary)
    }
}
