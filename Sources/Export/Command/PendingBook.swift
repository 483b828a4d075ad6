import Foundation
import Ledger

/// The books of a decoded ledger, built once, by the first lane that asks for them; the ledger and
/// the rates are there from the start.
///
/// Why not build them before the formats start: building the books walks every row on one thread
/// (about 0.1 s at a million rows) while the other core waits, and the SQLite file needs nothing of
/// them until its last table (the currencies): its rows are the ledger's. So the SQLite lane starts
/// on the ledger at once while the lane of the text files builds the books first; alone, the
/// SQLite lane builds them itself when it gets there. A caller waits while another builds them.
final class PendingBook: @unchecked Sendable {
    /// The decoded ledger the books are built from.
    let journal: Journal
    /// The rates of `rates.csv`, as the books have them.
    let prices: [PriceLine]
    private let lock = NSLock()
    private var book: ExportBook?
    private let build: @Sendable () -> ExportBook

    /// Books to build from `journal` and the workspace's other inputs, when first asked for.
    init(journal: Journal, prices: [PriceLine], statedBalances: [StatedBalance], valuations: [Valuation]) {
        self.journal = journal
        self.prices = prices
        build = {
            ExportBook(journal: journal, prices: prices, statedBalances: statedBalances, valuations: valuations)
        }
    }

    /// Books already in hand.
    init(_ book: ExportBook) {
        journal = book.journal
        prices = book.prices
        self.book = book
        build = { book }
    }

    /// The books; the first caller builds them.
    func get() -> ExportBook {
        lock.lock()
        defer { lock.unlock() }
        if let book { return book }
        let built = build()
        book = built
        return built
    }
}
