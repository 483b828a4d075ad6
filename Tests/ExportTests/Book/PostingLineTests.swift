import Ledger
import Testing

@testable import Export

/// Each row's postings as the writers take them: accounts by their place in the books' sorted
/// accounts, which must name the same account the row's postings have.
@Suite("Posting lines")
struct PostingLineTests {
    /// `Expenses:Food:Groceries 54.20 GBP`, with ` @@ 200.00 GBP` for a total price.
    static func spelled(_ line: PostingLine, in book: ExportBook) -> String {
        let account = book.accounts[line.account]
        let name = ([account.kind.root] + account.components).joined(separator: ":")
        let price = line.totalPrice.map { " @@ \($0.decimalString) \($0.currency.code)" } ?? ""
        return "\(name) \(line.amount.decimalString) \(line.amount.currency.code)\(price)"
    }

    static func lines(ofRow id: String, in book: ExportBook) -> [String]? {
        guard let index = book.journal.transactions.firstIndex(where: { $0.id.rawValue == id }) else { return nil }
        var lines: [PostingLine] = [PostingLine(account: 0, amount: .zero(.gbp))]
        let written = book.journal.transactions.withUnsafeBufferPointer {
            book.lines(of: $0, at: index, into: &lines)
        }
        return written ? lines.map { spelled($0, in: book) } : []
    }

    @Test(arguments: [
        ("current/1", ["Assets:Current -54.20 GBP", "Expenses:Food:Groceries 54.20 GBP"]),
        ("current/2", ["Assets:Current 2500.00 GBP", "Income:Salary -2500.00 GBP"]),
        (
            "card/1",
            [
                "Liabilities:Card -30.00 GBP", "Expenses:Food:Dining 20.00 GBP",
                "Expenses:Entertainment:Cinema 10.00 GBP",
            ]
        ),
        ("current/3", ["Assets:Current -100.00 GBP", "Liabilities:Card 100.00 GBP"]),
        // The second leg of a paired transfer is written with its first.
        ("card/2", []),
        ("current/4", ["Assets:Current -12.00 GBP", "Expenses:Uncategorized 12.00 GBP"]),
        ("current/5", ["Assets:Current 5.00 GBP", "Income:Uncategorized -5.00 GBP"]),
        ("current/6", ["Assets:Current -40.00 GBP", "Equity:Transfers 40.00 GBP"]),
        ("euro/1", ["Assets:Euro -10.00 EUR", "Expenses:Food:Groceries 10.00 EUR"]),
        ("current/7", ["Assets:Current -7.50 GBP", "Expenses:Food:Coffee 7.50 GBP"]),
        ("current/8", ["Assets:Current -3.00 GBP", "Equity:Ignored 3.00 GBP"]),
        ("current/9", ["Assets:Current -200.00 GBP", "Assets:Euro 230.00 EUR @@ 200.00 GBP"]),
    ])
    func eachRowsPostingsNameItsAccounts(id: String, expected: [String]) {
        let book = ExportBook(journal: HandBuiltLedger.journal, prices: HandBuiltLedger.prices)
        #expect(Self.lines(ofRow: id, in: book) == expected)
    }
}
