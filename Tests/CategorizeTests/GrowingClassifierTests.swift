import Ledger
import Testing

@testable import Categorize

/// The learned fallback guesses a row from what was decided through the end of its own month.
@Suite struct GrowingClassifierTests {
    /// Month one: A: [x], B: [y]. Vocabulary {x, y}, smoothing 1. P(A) = 1/2, P(x|A) = (1+1)/(1+2) = 2/3;
    /// P(B) = 1/2, P(x|B) = (0+1)/(1+2) = 1/3; posterior A = (1/3)/(1/3 + 1/6) = 2/3.
    /// Month two adds A: [x]: the counts of `NaiveBayesClassifierTests.posteriorWorkedOutByHand`,
    /// so 9/11, and bit for bit what one classifier trained on both months gives.
    @Test func eachMonthGuessesFromTheCountsSoFar() {
        // Categories numbered in path order: A is 0, B is 1. Features: x is 0, y is 1.
        var classifier = GrowingClassifier(categoryCount: 2)
        var scores: [Double] = []
        classifier.add([0], category: 0, examples: 1)
        classifier.prepare()
        // One category so far: nothing to tell apart.
        #expect(classifier.best(known: [0], hasEvidence: true, coverage: 1, scores: &scores) == nil)
        #expect(!classifier.knows(1))
        classifier.add([1], category: 1, examples: 1)
        classifier.prepare()
        let first = classifier.best(known: [0], hasEvidence: true, coverage: 1, scores: &scores)
        #expect(first?.category == 0)
        #expect(abs((first?.confidence ?? 0) - 2.0 / 3.0) < 1e-12)
        classifier.add([0], category: 0, examples: 1)
        classifier.prepare()
        let second = classifier.best(known: [0], hasEvidence: true, coverage: 1, scores: &scores)
        #expect(second?.category == 0)
        #expect(abs((second?.confidence ?? 0) - 9.0 / 11.0) < 1e-12)
        let whole = NaiveBayesClassifier(examples: [
            (["x"], CategoryPath("A")!), (["y"], CategoryPath("B")!), (["x"], CategoryPath("A")!),
        ])
        #expect(
            second?.confidence == whole.best(known: [0], hasEvidence: true, coverage: 1, scores: &scores)?.confidence)
        #expect(classifier.best(known: [0], hasEvidence: false, coverage: 1, scores: &scores) == nil)
    }

    /// A category first seen in a later month scores from that month on, in its path-order place:
    /// the counts of `tiesGoToTheEarlierCategory` (B then A), each with one example, tie at 1/2
    /// and the tie goes to A, the earlier path, though B was counted first.
    @Test func aCategoryJoinsInItsPathOrderPlace() {
        var classifier = GrowingClassifier(categoryCount: 3)
        var scores: [Double] = []
        classifier.add([0], category: 2, examples: 1)
        classifier.prepare()
        classifier.add([0], category: 0, examples: 1)
        classifier.prepare()
        let tie = classifier.best(known: [0], hasEvidence: true, coverage: 1, scores: &scores)
        #expect(tie?.category == 0)
        #expect(tie?.confidence == 0.5)
    }

    /// A feature seen with many categories (here every one of twelve, as an amount's size is) has
    /// its places looked up by category once its list is long: the counts and guesses are still
    /// those of one classifier trained on the same examples. Sixty examples, `i` in 0..<60: features
    /// f0 and f(1 + i % 5), category (7i) % 12, counted twice when i % 4 is 0 else once. As 7 and 12
    /// share no factor, each category comes 5 times, from the i with i = 7c (mod 12); i % 4 is then
    /// 7c % 4, 0 exactly when c % 4 is 0. So f0 has 10 of categories 0, 4 and 8 and 5 of the others.
    @Test func aFeatureOfManyCategoriesCountsAsOneClassifierDoes() {
        var classifier = GrowingClassifier(categoryCount: 12)
        var examples: [(features: [String], category: CategoryPath)] = []
        for i in 0..<60 {
            let category = (7 * i) % 12
            let times = i % 4 == 0 ? 2 : 1
            classifier.add([0, Int32(1 + i % 5)], category: category, examples: times)
            let path = CategoryPath("C" + (category < 10 ? "0" : "") + "\(category)")!
            for _ in 0..<times { examples.append((["f0", "f\(1 + i % 5)"], path)) }
        }
        let counts = classifier.counts(of: 0).sorted { $0.category < $1.category }
        #expect(counts.map(\.category) == Array(0..<12))
        #expect(counts.map(\.count) == (0..<12).map { $0 % 4 == 0 ? 10.0 : 5.0 })
        classifier.prepare()
        let whole = NaiveBayesClassifier(examples: examples)
        var scores: [Double] = []
        var wholeScores: [Double] = []
        for known: [Int32] in [[0], [0, 1], [0, 3], [2], [0, 4, 5]] {
            let grown = classifier.best(known: known, hasEvidence: true, coverage: 1, scores: &scores)
            let one = whole.best(known: known, hasEvidence: true, coverage: 1, scores: &wholeScores)
            #expect(grown != nil)
            #expect(grown?.category == one?.category)
            #expect(grown?.confidence == one?.confidence)
        }
    }

    @Test func monthsAreRunsOfRowsInMonthOrder() {
        let dates = ["2026-09-30", "2026-10-01", "2026-10-31", "2026-11-01"].map { CivilDate(iso: $0)! }
        #expect(LearnedFallback.months(dates).map(Array.init) == [[0], [1, 2], [3]])
        // Rows out of date order still go month by month, each month's rows in row order.
        let shuffled = ["2026-11-02", "2026-10-05", "2026-11-01", "2025-11-01"].map { CivilDate(iso: $0)! }
        #expect(LearnedFallback.months(shuffled).map(Array.init) == [[3], [1], [0, 2]])
        #expect(LearnedFallback.months([]).isEmpty)
    }

    /// September: six Greggs rows the rules call Food:Bakery, three Shell rows Transport:Fuel, and
    /// one Greggs row no rule matches, which the fallback files under Food:Bakery. October brings
    /// twenty Greggs rows a rule calls Food:Cafe at the same price: trained on the whole ledger, the
    /// September row would move; guessed from September alone it stays exactly as it was, while
    /// October's own unmatched Greggs row goes to Food:Cafe, twenty examples against six.
    @Test func laterMonthsLeaveAnEarlierMonthsGuessAlone() {
        var september: [Transaction] = []
        for index in 0..<6 {
            september.append(
                Fixture.transaction(
                    "g\(index)", date: "2026-09-0\(index + 1)", amount: "-3.20", payee: "GREGGS \(1000 + index)"))
        }
        for index in 0..<3 {
            september.append(
                Fixture.transaction(
                    "s\(index)", date: "2026-09-1\(index)", amount: "-40.00", payee: "SHELL \(2000 + index)"))
        }
        september.append(
            Fixture.transaction("new", date: "2026-09-20", amount: "-3.20", payee: "GREGGS PLC 4471 LEEDS GB"))
        var october: [Transaction] = []
        for index in 0..<20 {
            october.append(
                Fixture.transaction(
                    "c\(index)", date: "2026-10-\(10 + index)", amount: "-3.20", payee: "GREGGS \(2000 + index)"))
        }
        october.append(
            Fixture.transaction("later", date: "2026-10-30", amount: "-3.20", payee: "GREGGS PLC 4471 LEEDS GB"))
        let rules = """
            if payee ~ "greggs 10"
                category Food:Bakery
            if payee ~ "greggs 20"
                category Food:Cafe
            if payee ~ shell
                category Transport:Fuel

            """
        let settings = CategorizeSettings(learnedThreshold: 0.5)
        let (alone, _) = Fixture.categorize(rules, september, settings: settings)
        let (grown, outcome) = Fixture.categorize(rules, september + october, settings: settings)
        #expect(alone["new"]?.category == CategoryPath("Food:Bakery"))
        guard case .learned = alone["new"]?.categorySource else {
            Issue.record("expected a learned category")
            return
        }
        #expect(grown["new"]?.category == alone["new"]?.category)
        #expect(grown["new"]?.categorySource == alone["new"]?.categorySource)
        #expect(grown["later"]?.category == CategoryPath("Food:Cafe"))
        // Trained on every rule-decided row: six, three and twenty.
        #expect(outcome.report.learnedTrainedOn == 29)
    }
}
