import Export
import Foundation
import Ledger

/// A small ledger with one of each thing the books must carry: a category, income, a split, a
/// paired transfer on two days, a transfer between two currencies, an unpaired transfer, rows
/// without a category both ways, a pending row, an ignored row, an opening balance, a price.
enum HandBuiltLedger {
    static func row(
        _ id: String, _ account: String, _ date: String, _ amount: String, _ payee: String,
        category: String? = nil, currency: Currency = .gbp, memo: String = "", status: TransactionStatus = .posted,
        splits: [(String, String)] = [], transferPeer: String? = nil, isTransfer: Bool = false,
        isIgnored: Bool = false, line: Int = 1
    ) -> Transaction {
        Transaction(
            id: TransactionID(id), account: AccountID(account), date: CivilDate(iso: date)!,
            amount: (try? Money.parse(amount, currency: currency))!, payee: payee, memo: memo, status: status,
            category: category.flatMap(CategoryPath.init),
            splits: splits.map {
                Split(category: CategoryPath($0.0)!, amount: (try? Money.parse($0.1, currency: currency))!)
            },
            isTransfer: isTransfer || transferPeer != nil, transferPeer: transferPeer.map(TransactionID.init),
            isIgnored: isIgnored, source: SourceLocation(file: "inbox/\(account).csv", line: line))
    }

    static let eur = Currency(code: "EUR")!

    static var journal: Journal {
        var journal = Journal(
            stage: "ledger", baseCurrency: .gbp,
            accounts: [
                Account(
                    id: "current", name: "Current", kind: .checking, currency: .gbp,
                    openingBalance: Money(minorUnits: 100_000, currency: .gbp),
                    openingDate: CivilDate(iso: "2026-01-01")),
                Account(id: "card", name: "Card", kind: .creditCard, currency: .gbp),
                Account(id: "euro", name: "Euro", kind: .checking, currency: eur),
            ],
            transactions: [
                row(
                    "current/1", "current", "2026-01-02", "-54.20", "Tesco", category: "Food:Groceries",
                    memo: "CARD 3297"),
                row("current/2", "current", "2026-01-05", "2500.00", "ACME Ltd", category: "Income:Salary", line: 2),
                row(
                    "card/1", "card", "2026-01-10", "-30.00", "Odeon",
                    splits: [("Food:Dining", "-20.00"), ("Entertainment:Cinema", "-10.00")]),
                row("current/3", "current", "2026-01-15", "-100.00", "Card payment", transferPeer: "card/2", line: 3),
                row("card/2", "card", "2026-01-16", "100.00", "Payment thank you", transferPeer: "current/3", line: 2),
                row("current/4", "current", "2026-01-20", "-12.00", "Unknown shop", line: 4),
                row("current/5", "current", "2026-01-21", "5.00", "Refund?", line: 5),
                row("current/6", "current", "2026-01-22", "-40.00", "To a friend's account", isTransfer: true, line: 6),
                row("euro/1", "euro", "2026-01-25", "-10.00", "Pingo Doce", category: "Food:Groceries", currency: eur),
                row(
                    "current/7", "current", "2026-01-26", "-7.50", "Café; Crème | Bar", category: "Food:Coffee",
                    status: .pending, line: 7),
                row("current/8", "current", "2026-01-28", "-3.00", "Test charge", isIgnored: true, line: 8),
                row("current/9", "current", "2026-01-30", "-200.00", "To euro", transferPeer: "euro/2", line: 9),
                row(
                    "euro/2", "euro", "2026-01-30", "230.00", "From pounds", currency: eur, transferPeer: "current/9",
                    line: 2),
            ])
        journal.sortCanonically()
        return journal
    }

    static let prices = [PriceLine(date: CivilDate(iso: "2026-01-01")!, currency: eur, rate: "0.87", base: .gbp)]
}
