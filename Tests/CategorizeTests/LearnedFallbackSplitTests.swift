import Ledger
import Testing

@testable import Categorize

/// The learned fallback's months cut into two runs on two cores: the same guesses as one run.
@Suite struct LearnedFallbackSplitTests {
    /// Four months of 100 rows, three in four examples and one in four guessed, a guess costing
    /// three examples. Before month 3 the first run has 75 guesses (225) against the second run's
    /// 75 examples and 25 guesses (150); before month 2 it had 50 guesses (150) against 150
    /// examples and 50 guesses (300). So the cut is at month 3: the first run guesses months 0-2,
    /// the second counts their 225 examples, then trains and guesses month 3.
    @Test func theCutEvensTheTwoRuns() {
        let rows = Array(0..<400)
        let months = (0..<4).map { rows[($0 * 100)..<($0 * 100 + 100)] }
        let split = LearnedFallback.split(
            months, isExample: { $0 % 4 != 0 }, isGuessed: { $0 % 4 == 0 }, guessCost: 3, smallest: 400)
        #expect(split == 3)
        // Too few rows to split: one run.
        #expect(
            LearnedFallback.split(
                months, isExample: { $0 % 4 != 0 }, isGuessed: { $0 % 4 == 0 }, guessCost: 3, smallest: 401) == 4)
        // Nothing to guess: a second run would only count again, so there is one run.
        #expect(LearnedFallback.split(months, isExample: { _ in true }, isGuessed: { _ in false }, smallest: 1) == 4)
    }

    /// Twelve months of 2,000 rows: rule-decided bakery, fuel and grocery rows, bakery and fuel
    /// rows no rule matches (guessed, most confidently enough to be applied) and rows of a payee
    /// never seen (left uncategorised). On two cores the ledger, `uncategorized.csv`'s rows with
    /// their predictions and the report are those of one core.
    @Test func twoCoresGuessAsOneDoes() throws {
        var transactions: [Transaction] = []
        for month in 1...12 {
            for index in 0..<2_000 {
                let day = 1 + index % 28
                let date = "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
                let (payee, cents): (String, Int)
                switch index % 8 {
                case 0, 1: (payee, cents) = ("GREGGS 10\(index % 97)", 300 + index % 50)
                case 2, 3: (payee, cents) = ("SHELL 20\(index % 89)", 4_000 + index % 700)
                case 4: (payee, cents) = ("TESCO STORES 30\(index % 83)", 2_500 + index % 900)
                case 5: (payee, cents) = ("GREGGS PLC \(index % 113) LEEDS", 310 + index % 40)
                case 6: (payee, cents) = ("SHELL STATION \(index % 71) M6", 4_200 + index % 500)
                default: (payee, cents) = ("MYSTERY \(month)-\(index)", 1_000 + index % 3_000)
                }
                transactions.append(
                    Fixture.transaction(
                        "t\(month)-\(index)", date: date,
                        amount: "-\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)",
                        payee: payee))
            }
        }
        let rules = Fixture.rules(
            """
            if payee ~ "greggs 10"
                category Food:Bakery
            if payee ~ "shell 20"
                category Transport:Fuel
            if payee ~ tesco
                category Food:Groceries

            """)
        func run(cores: Int) -> CategorizeOutcome {
            var categorizer = Categorizer(rules: rules, settings: CategorizeSettings(learnedThreshold: 0.6))
            categorizer.cores = cores
            return categorizer.run(Fixture.journal(transactions))
        }
        let one = run(cores: 1)
        let two = run(cores: 2)
        #expect(one.report.learnedApplied > 0)
        #expect(one.report.uncategorized > 0)
        #expect(JournalCodec.encode(two.ledger) == JournalCodec.encode(one.ledger))
        // Counted rather than compared whole: a difference would print thousands of rows.
        #expect(two.uncategorized.count == one.uncategorized.count)
        let differing = zip(one.uncategorized, two.uncategorized).filter {
            $0.transaction.id != $1.transaction.id || $0.prediction != $1.prediction
        }
        #expect(differing.isEmpty)
        #expect(two.report.learnedApplied == one.report.learnedApplied)
        #expect(two.report.learnedTrainedOn == one.report.learnedTrainedOn)
        // Rows enough to cut: 15,000 examples and 9,000 guesses.
        #expect(transactions.count >= LearnedFallback.smallestSplit)
    }
}
