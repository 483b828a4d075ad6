import Ledger
import Testing

@testable import Categorize

@Suite("uncategorized.csv")
struct UncategorizedCSVTests {
    func line(payee: String, memo: String = "") -> String {
        let transaction = Fixture.transaction("current/t1", amount: "-12.50", payee: payee, memo: memo)
        let bytes = UncategorizedCSV.encode([
            UncategorizedEntry(transaction: transaction, prediction: nil, rawPayee: payee)
        ])
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().joined(separator: "\n")
    }

    @Test("cells a spreadsheet would run as a formula get a leading quote inside double quotes (OWASP)")
    func formulaInjection() {
        #expect(
            line(payee: "=HYPERLINK(\"http://x\",\"y\")")
                == "current/t1,2026-10-01,current,-12.50,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",,,")
        #expect(line(payee: "+1 SHOP") == "current/t1,2026-10-01,current,-12.50,\"'+1 SHOP\",,,")
        #expect(line(payee: "-2+3") == "current/t1,2026-10-01,current,-12.50,\"'-2+3\",,,")
        #expect(
            line(payee: "@SUM(A1)", memo: "\tnote")
                == "current/t1,2026-10-01,current,-12.50,\"'@SUM(A1)\",\"'\tnote\",,")
        #expect(line(payee: "\rCR") == "current/t1,2026-10-01,current,-12.50,\"'\rCR\",,,")
        // Ordinary text and the amount's minus sign are left alone.
        #expect(line(payee: "TESCO = FOOD") == "current/t1,2026-10-01,current,-12.50,TESCO = FOOD,,,")
    }

    /// Confidences written without a string for the whole part: the same text as `twoDecimals`.
    @Test(
        "a confidence's two decimals", arguments: [0, 0.004, 0.005, 0.5, 0.93, 0.999, 1, 9.995, 12.345, 123.456, 1000])
    func twoDecimals(_ value: Double) {
        var bytes: [UInt8] = [0x41]
        UncategorizedCSV.appendTwoDecimals(value, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "A" + CategorizeFormat.twoDecimals(value))
    }

    /// A category's cell is made once and kept; a category that needs quotes is quoted each time.
    @Test("suggestions share their category's cell")
    func suggestionCells() throws {
        let groceries = try #require(CategoryPath("Food:Groceries"))
        let drink = try #require(CategoryPath("Food, Drink:Bar"))
        var cells: [CategoryPath: [UInt8]] = [:]
        var bytes: [UInt8] = []
        for (category, confidence) in [(groceries, 0.5), (drink, 0.25), (groceries, 0.125)] {
            UncategorizedCSV.appendSuggestion(
                NaiveBayesClassifier.Prediction(category: category, confidence: confidence), to: &bytes,
                categoryCells: &cells)
        }
        UncategorizedCSV.appendSuggestion(nil, to: &bytes, categoryCells: &cells)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "Food:Groceries,0.50\n\"Food, Drink:Bar\",0.25\nFood:Groceries,0.13\n,\n")
        #expect(cells.count == 2)
    }
}
