import Ledger

/// What decides a row's features: equal keys, equal features.
struct FeatureKey: Hashable {
    var payeeKey: Int32
    var memo: Int32
    var bucket: Int32
    var debit: Bool
    var account: Int32

    /// Two words rather than five fields: hashed for every row.
    func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(UInt32(bitPattern: payeeKey)) << 32 | UInt64(UInt32(bitPattern: memo)))
        hasher.combine(
            UInt64(UInt32(bitPattern: account)) << 32 | UInt64(UInt32(bitPattern: bucket)) << 1 | (debit ? 1 : 0))
    }
}

/// What one month's guessing made: its predictions, numbered from 0 in the order first made, and
/// each guessed row's prediction and, when confident enough, the category applied.
struct MonthGuesses {
    struct Row {
        var index: Int
        /// Index into `predictions`.
        var prediction: Int32
        /// The category's number in path order, when applied.
        var category: Int32
        /// The confidence when the category is applied, else nil.
        var applied: Double?
    }

    var predictions: [NaiveBayesClassifier.Prediction?] = []
    var rows: [Row] = []
    /// Examples counted through this month.
    var trainedOn = 0
}

/// One run of months: a `GrowingClassifier` trained month by month, guessing each month's rows
/// from what was counted through its end.
struct Guesser {
    /// Examples with the same features and category are counted together.
    private struct ExampleKey: Hashable {
        var features: FeatureKey
        var category: Int32
    }

    private var classifier: GrowingClassifier
    private let learnedThreshold: Double
    private var exampleCounts: [ExampleKey: Int] = [:]
    private var guesses: [FeatureKey: MonthGuesses.Row] = [:]
    private var buffer: [Int32] = []
    private var known: [Int32] = []
    private var scores: [Double] = []

    init(categoryCount: Int, learnedThreshold: Double) {
        classifier = GrowingClassifier(categoryCount: categoryCount)
        self.learnedThreshold = learnedThreshold
    }

    /// Counts the examples of `month` (`position` gives an example's category in path order).
    mutating func train(
        _ month: ArraySlice<Int>, isExample: (Int) -> Bool, featureKey: (Int) -> FeatureKey,
        features: (FeatureKey, inout [Int32]) -> Void, position: (Int) -> Int
    ) {
        exampleCounts.removeAll(keepingCapacity: true)
        for index in month where isExample(index) {
            exampleCounts[ExampleKey(features: featureKey(index), category: Int32(position(index))), default: 0] += 1
        }
        for (example, count) in exampleCounts {
            features(example.features, &buffer)
            classifier.add(buffer, category: Int(example.category), examples: count)
        }
    }

    /// Guesses `rows` (one month's, in row order) from what was counted so far; `category` names a
    /// category by its number in path order.
    mutating func guess(
        _ rows: [Int], vocabulary: FeatureVocabulary, featureKey: (Int) -> FeatureKey,
        features: (FeatureKey, inout [Int32]) -> Void, category: (Int) -> CategoryPath
    ) -> MonthGuesses {
        classifier.prepare()
        guesses.removeAll(keepingCapacity: true)
        var made = MonthGuesses(trainedOn: classifier.exampleCount)
        made.rows.reserveCapacity(rows.count)
        for index in rows {
            let key = featureKey(index)
            if var cached = guesses[key] {
                cached.index = index
                made.rows.append(cached)
                continue
            }
            features(key, &buffer)
            known.removeAll(keepingCapacity: true)
            var hasEvidence = false
            var words = 0
            var knownWords = 0
            for feature in buffer {
                let isWord = vocabulary.isPayeeWord[Int(feature)]
                if isWord { words += 1 }
                guard classifier.knows(feature) else { continue }
                known.append(feature)
                if isWord { knownWords += 1 }
                if vocabulary.isPayee[Int(feature)] { hasEvidence = true }
            }
            let coverage = NaiveBayesClassifier.evidenceCoverage(knownWords: knownWords, words: words)
            let best = classifier.best(known: known, hasEvidence: hasEvidence, coverage: coverage, scores: &scores)
            made.predictions.append(best.map { .init(category: category($0.category), confidence: $0.confidence) })
            var row = MonthGuesses.Row(index: index, prediction: Int32(made.predictions.count - 1), category: -1)
            if let best, best.confidence >= learnedThreshold {
                row.category = Int32(best.category)
                row.applied = best.confidence
            }
            guesses[key] = row
            made.rows.append(row)
        }
        return made
    }
}
