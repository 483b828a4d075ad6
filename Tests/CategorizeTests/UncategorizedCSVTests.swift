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
}
