import Testing

@testable import Ledger

/// The workspace's small tables (`rates.csv`, `valuations.csv`) are read by the same CSV reader as
/// `overrides.csv`: a quoted cell may hold a comma, and a quote left open is named where it opened.
@Suite("Workspace tables")
struct SimpleCSVTests {
    @Test("a quoted cell keeps its comma, and its place")
    func quotedComma() throws {
        let table = try SimpleCSV(
            text: "date,account,value\n2026-01-31,\"Savings, joint\",1200.00\n", path: "valuations.csv",
            header: ["date", "account", "value"])
        #expect(table.rows.count == 1)
        #expect(table.rows[0].line == 2)
        #expect(table.rows[0].cells == ["2026-01-31", "Savings, joint", "1200.00"])
        // "2026-01-31," is 11 characters; the quoted cell is 16, then a comma.
        #expect(table.rows[0].columns == [1, 12, 29])
    }

    @Test("a quote never closed is an error at the place it was opened")
    func unterminatedQuote() {
        #expect {
            _ = try SimpleCSV(
                text: "date,currency,rate\n2026-01-31,\"USD,1.25\n2026-02-28,USD,1.27\n", path: "rates.csv",
                header: ["date", "currency", "rate"])
        } throws: { error in
            (error as? WorkspaceTableError)?.description
                == "rates.csv:2:12: error: the quote opened here is never closed, so every line after it is read as part of this field; close it (a quote inside a field is written twice)"
        }
    }

    @Test("comments and blank lines are skipped, a quote in a comment opens nothing")
    func commentsAndBlanks() throws {
        let table = try SimpleCSV(
            text: "# rates \"by hand\nDate, Currency ,rate\r\n\r\n  # \"x\n2026-01-31, \"USD\" ,1.25\n",
            path: "rates.csv", header: ["date", "currency", "rate"])
        #expect(table.rows.count == 1)
        #expect(table.rows[0].line == 5)
        #expect(table.rows[0].cells == ["2026-01-31", "USD", "1.25"])
    }
}
