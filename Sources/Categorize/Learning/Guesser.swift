import Ledger

/// What decides a row's features: equal keys, equal features.
struct FeatureKey: ProbingKey {
    var payeeKey: Int32
    var memo: Int32
    var bucket: Int32
    var debit: Bool
    var account: Int32

    /// Two words rather than five fields, mixed by multiplication: looked up for every row.
    var probeHash: UInt64 {
        let high = UInt64(UInt32(bitPattern: payeeKey)) << 32 | UInt64(UInt32(bitPattern: memo))
        let low = UInt64(UInt32(bitPattern: account)) << 32 | UInt64(UInt32(bitPattern: bucket)) << 1 | (debit ? 1 : 0)
        return high &* 0x9E37_79B9_7F4A_7C15 ^ low
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
    private struct ExampleKey: ProbingKey {
        var features: FeatureKey
        var category: Int32

        var probeHash: UInt64 { features.probeHash ^ UInt64(UInt32(bitPattern: category)) &* 0xC2B2_AE3D_27D4_EB4F }
    }

    private var classifier: GrowingClassifier
    private let learnedThreshold: Double
    /// A month's examples and how many of each, in the order first met (`ProbingTable`: a
    /// `Dictionary` hashed every row's key with SipHash, more than the rest of counting it).
    private var exampleCounts = ProbingTable<ExampleKey, Int>(capacity: 1024)
    /// A month's guesses by their features, likewise.
    private var guesses = ProbingTable<FeatureKey, MonthGuesses.Row>(capacity: 1024)
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
        exampleCounts.removeAll()
        for index in month where isExample(index) {
            let place = exampleCounts.place(
                of: ExampleKey(features: featureKey(index), category: Int32(position(index))), orAdding: 0)
            exampleCounts[place: place] += 1
        }
        // In the order first met: the counts are whole numbers, the same in any order.
        for (place, example) in exampleCounts.keys.enumerated() {
            features(example.features, &buffer)
            classifier.add(buffer, category: Int(example.category), examples: exampleCounts[place: place])
        }
    }

    /// Guesses `rows` (one month's, in row order) from what was counted so far; `category` names a
    /// category by its number in path order.
    mutating func guess(
        _ rows: [Int], vocabulary: FeatureVocabulary, featureKey: (Int) -> FeatureKey,
        features: (FeatureKey, inout [Int32]) -> Void, category: (Int) -> CategoryPath
    ) -> MonthGuesses {
        classifier.prepare()
        guesses.removeAll()
        var made = MonthGuesses(trainedOn: classifier.exampleCount)
        made.rows.reserveCapacity(rows.count)
        for index in rows {
            let key = featureKey(index)
            if var cached = guesses.value(for: key) {
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
            _ = guesses.value(for: key, orAdding: row)
            made.rows.append(row)
        }
        return made
    }
}
