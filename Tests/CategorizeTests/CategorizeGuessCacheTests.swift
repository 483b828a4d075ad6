import Foundation
import Ledger
import TestSupport
import Testing

@testable import Categorize

/// The guess cache changes how much the learned fallback guesses, never what a run writes: a month
/// end takes every older month's guesses from it, and the ledger, `uncategorized.csv` and the report
/// are those of a run without it. A month whose rows (or any earlier month's) changed is guessed again.
@Suite struct CategorizeGuessCacheTests {
    /// Rules that categorise some of each merchant's rows; the others share their words, and are
    /// left to the classifier.
    static let rules = """
        if payee ~ hall
            category Food:Groceries
        if payee ~ depot
            category Transport:Bus
        if payee ~ cinema
            category Leisure:Films

        """

    /// Rows over five months, a fifth of them each month: examples the rules categorise, and rows
    /// of the same merchants under other names (`CORNER MARKET 12`) for the classifier.
    static func transactions(count: Int = 2_000) -> [Transaction] {
        (0..<count).map { index in
            let day = 1 + index % 28
            let month = 1 + index * 5 / count
            let payee: String
            switch index % 6 {
            case 0: payee = "CORNER MARKET HALL \(index % 13)"
            case 1: payee = "CORNER MARKET \(index % 17)"
            case 2: payee = "CITY BUS DEPOT \(index % 5)"
            case 3: payee = "CITY BUS \(index % 7) ROUTE"
            case 4: payee = "ROYAL CINEMA \(index % 3)"
            default: payee = "PAYMENT \(index) THANK YOU"
            }
            return Fixture.transaction(
                "current/g\(index)", date: "2026-0\(month)-\(day < 10 ? "0" : "")\(day)",
                amount: "-\(2 + index % 40).25", payee: payee)
        }
    }

    func workspace(transactions: [Transaction]) throws -> String {
        let folder = try TemporaryFolder.make("guess-cache-run").path
        try FileOutput.write(Self.rules, to: folder + "/rules/10-main.rules")
        try write(transactions, to: folder)
        return folder
    }

    func write(_ transactions: [Transaction], to folder: String) throws {
        try Fixture.writeJournal(transactions, to: folder)
    }

    /// Runs the stage, with the guess cache at `cache` when given; returns the three outputs' bytes.
    func run(_ folder: String, cache: String?) throws -> [[UInt8]] {
        try Fixture.runStage(folder, guessCache: cache)
    }

    /// The learned rows of a ledger, by month (`2026-01`).
    func learnedByMonth(_ ledger: [UInt8]) throws -> [String: Int] {
        let journal = try JournalCodec.decode(ledger, path: "ledger")
        var counts: [String: Int] = [:]
        for t in journal.transactions {
            guard case .learned = t.categorySource else { continue }
            counts[String(t.date.description.prefix(7)), default: 0] += 1
        }
        return counts
    }

    @Test func theClassifierGuessesInEveryMonth() throws {
        let folder = try workspace(transactions: Self.transactions())
        let learned = try learnedByMonth(run(folder, cache: nil)[0])
        #expect(learned.keys.sorted() == ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05"])
    }

    /// A month end: the cache of the first four months, then all five.
    @Test func aMonthEndTakesTheOlderMonthsFromTheCache() throws {
        let all = Self.transactions()
        let folder = try workspace(transactions: Array(all.prefix(1_600)))
        let cache = folder + "/build/guess-cache.bin"
        _ = try run(folder, cache: cache)
        let before = try #require(GuessCache(path: cache))
        #expect(before.months.count == 4)
        try write(all, to: folder)
        let warm = try run(folder, cache: cache)
        #expect(try run(folder, cache: nil) == warm)
        let after = try #require(GuessCache(path: cache))
        #expect(after.months.count == 5)
        #expect(Array(after.months.prefix(4)) == before.months)
        // The same journal again: every month from the cache, the same file.
        #expect(try run(folder, cache: cache) == warm)
        #expect(try #require(GuessCache(path: cache)) == after)
    }

    /// A cache whose months say no guess was confident (here, made so by hand): a month whose
    /// digest it has is taken from it as it is, so its rows are no longer learned.
    @Test func aMonthWhoseDigestIsTheSameIsTakenAsItIs() throws {
        let folder = try workspace(transactions: Self.transactions())
        let cache = folder + "/build/guess-cache.bin"
        let fresh = try run(folder, cache: cache)
        var made = try #require(GuessCache(path: cache))
        for index in made.months.indices.prefix(2) {
            made.months[index].predictions = made.months[index].predictions.map {
                $0.map { .init(category: $0.category, confidence: 0.5) }
            }
        }
        made.write(to: cache)
        let taken = try learnedByMonth(run(folder, cache: cache)[0])
        #expect(taken["2026-01"] == nil)
        #expect(taken["2026-02"] == nil)
        #expect(taken["2026-03"] == (try learnedByMonth(fresh[0]))["2026-03"])
    }

    /// What changes in one row of the second month.
    enum Change: String, CaseIterable, Sendable {
        /// An example now categorised otherwise (another rule matches it).
        case exampleCategory
        /// A guessed row's amount, into another bucket.
        case guessedAmount
        /// A guessed row's payee, to another clean key.
        case guessedPayee
        /// A guessed row's memo.
        case guessedMemo
        /// A guessed row becomes an example.
        case guessedBecomesExample
    }

    /// One row of the second month changed: that month and every later one are guessed again
    /// (the hand-made cache says no guess of any month was confident; a month taken from it would
    /// show no learned row); the first month is taken from it as it is.
    @Test(arguments: Change.allCases)
    func aChangedMonthAndTheMonthsAfterItAreGuessedAgain(_ change: Change) throws {
        var all = Self.transactions()
        let folder = try workspace(transactions: all)
        let cache = folder + "/build/guess-cache.bin"
        _ = try run(folder, cache: cache)
        var made = try #require(GuessCache(path: cache))
        for index in made.months.indices {
            made.months[index].predictions = made.months[index].predictions.map {
                $0.map { .init(category: $0.category, confidence: 0.5) }
            }
        }
        made.write(to: cache)
        let example = try #require(all.firstIndex { $0.date.month == 2 && $0.payee.hasPrefix("CITY BUS DEPOT") })
        let guessed = try #require(all.firstIndex { $0.date.month == 2 && $0.payee.hasPrefix("CORNER MARKET 1") })
        switch change {
        case .exampleCategory: all[example].payee = "CITY BUS DEPOT HALL"
        case .guessedAmount:
            all[guessed].amount = try Money.parse("-4000.25", currency: all[guessed].amount.currency)
        case .guessedPayee: all[guessed].payee = "CORNER SHOP 1"
        case .guessedMemo: all[guessed].memo = "card 4471"
        case .guessedBecomesExample: all[guessed].payee = "CORNER MARKET HALL 1"
        }
        try write(all, to: folder)
        let warm = try run(folder, cache: cache)
        let fresh = try run(folder, cache: nil)
        let learned = try learnedByMonth(warm[0])
        #expect(learned["2026-01"] == nil)
        #expect(learned.keys.sorted() == ["2026-02", "2026-03", "2026-04", "2026-05"])
        let rebuilt = try learnedByMonth(fresh[0])
        for month in ["2026-02", "2026-03", "2026-04", "2026-05"] { #expect(learned[month] == rebuilt[month]) }
    }

    /// Another threshold: no month's digest is the same, and the run is a fresh one.
    @Test func anotherThresholdGuessesEveryMonthAgain() throws {
        let seed = try #require(GuessDigests.seed(learnedThreshold: 0.8))
        #expect(GuessDigests.seed(learnedThreshold: 0.8) == seed)
        #expect(GuessDigests.seed(learnedThreshold: 0.81) != seed)
        #expect(GuessDigests.seed(learnedThreshold: 0.8, executable: "/no/such/program") == nil)
    }

    @Test func aCacheIsReadBackAsWritten() throws {
        let category = try #require(CategoryPath("Food:Groceries"))
        let cache = GuessCache(months: [
            .init(
                digest: Array(repeating: 7, count: 32), trainedOn: 12,
                predictions: [.init(category: category, confidence: 0.9), nil], rows: [0, 1, 0]),
            .init(digest: Array(repeating: 9, count: 32), trainedOn: 15, predictions: [], rows: []),
        ])
        let bytes = cache.encoded()
        #expect(bytes.withUnsafeBufferPointer { GuessCache(bytes: $0) } == cache)
        // Any byte changed, or the file cut short: no cache.
        for index in stride(from: 0, to: bytes.count, by: 5) {
            var damaged = bytes
            damaged[index] ^= 0x20
            #expect(damaged.withUnsafeBufferPointer { GuessCache(bytes: $0) } == nil)
        }
        #expect(Array(bytes.dropLast()).withUnsafeBufferPointer { GuessCache(bytes: $0) } == nil)
        #expect([UInt8]().withUnsafeBufferPointer { GuessCache(bytes: $0) } == nil)
    }
}
