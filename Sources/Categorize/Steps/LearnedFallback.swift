import Ledger

/// The last step that categorises: a classifier trained on what rules and overrides decided
/// guesses a category for the rows still without one, and applies it when confident enough.
///
/// A row is guessed from what was decided through the end of its own month (`GrowingClassifier`),
/// so the months after it never change its guess: a month end adds its own month's guesses and
/// leaves every older month's categories, and so their analysis and close, as they were.
struct LearnedFallback {
    /// `[categorize] learned_threshold`: the confidence a guess needs to be applied.
    var learnedThreshold: Double

    /// The learned fallback, trained month by month on what rules and overrides decided; returns
    /// the rows it could not categorise either, in row order.
    func learn(
        _ rows: inout LedgerRows, texts: inout DistinctTexts, facts: RowFacts, report: inout CategorizeReport
    ) -> (rows: [UncategorizedRow], guesses: [NaiveBayesClassifier.Prediction?]) {
        // The same features `FeatureExtractor.features` gives, as ids, in the same order.
        let amountFeatures = (0...30).map { texts.vocabulary.id(FeatureExtractor.amountFeature($0)) }
        let debitFeature = texts.vocabulary.id("s:-")
        let creditFeature = texts.vocabulary.id("s:+")
        let accountFeatures = rows.accounts.map { texts.vocabulary.id(FeatureExtractor.accountFeature($0)) }
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
                    UInt64(UInt32(bitPattern: account)) << 32 | UInt64(UInt32(bitPattern: bucket)) << 1
                        | (debit ? 1 : 0))
            }
        }
        let scales = rows.currencies.map(\.scale)
        func featureKey(_ index: Int) -> FeatureKey {
            FeatureKey(
                payeeKey: texts.payees[Int(facts.payee[index])].key, memo: facts.memo[index],
                bucket: Int32(
                    FeatureExtractor.bucket(
                        magnitude: rows.minorUnits[index].magnitude, scale: scales[Int(rows.currency[index])])),
                debit: rows.minorUnits[index] < 0,
                account: rows.account[index])
        }
        func features(_ key: FeatureKey, into features: inout [Int32]) {
            features.removeAll(keepingCapacity: true)
            features += texts.keyFeatures[Int(key.payeeKey)]
            features += texts.memoFeatures[Int(key.memo)]
            features.append(amountFeatures[Int(key.bucket)])
            features.append(key.debit ? debitFeature : creditFeature)
            features.append(accountFeatures[Int(key.account)])
        }
        // Examples with the same features and category are counted together.
        struct ExampleKey: Hashable {
            var features: FeatureKey
            var category: Int32
        }
        let trains = rows.sources.map { source -> Bool in
            switch source {
            case .rule, .profileRule, .override: true
            default: false
            }
        }
        func isExample(_ index: Int) -> Bool {
            !rows.isTransfer[index] && rows.category[index] >= 0 && trains[Int(rows.source[index])]
        }
        // Categories in path order, numbered once for every month.
        var usedCategories = Set<Int32>()
        for index in 0..<rows.count where isExample(index) { usedCategories.insert(rows.category[index]) }
        let numbers = usedCategories.sorted { rows.categories[Int($0)] < rows.categories[Int($1)] }
        var position = [Int](repeating: 0, count: rows.categories.count)
        for (sorted, number) in numbers.enumerated() { position[Int(number)] = sorted }

        /// A prediction (index into `predictions`), with the category and source numbers it gives a
        /// row when confident enough.
        struct Guess {
            var prediction: Int32
            var category: Int32
            var source: Int32
        }
        var classifier = GrowingClassifier(categoryCount: numbers.count)
        var predictions: [NaiveBayesClassifier.Prediction?] = []
        var uncategorized: [UncategorizedRow] = []
        // At most one per row; reserved rather than grown, as `known` in `RulesAndOverrides`.
        uncategorized.reserveCapacity(rows.count)
        var exampleCounts: [ExampleKey: Int] = [:]
        var guesses: [FeatureKey: Guess] = [:]
        var buffer: [Int32] = []
        var known: [Int32] = []
        var scores: [Double] = []
        for month in Self.months(rows.date) {
            // What rules and overrides decided in this month joins what the months before taught.
            exampleCounts.removeAll(keepingCapacity: true)
            for index in month where isExample(index) {
                exampleCounts[ExampleKey(features: featureKey(index), category: rows.category[index]), default: 0] += 1
            }
            for (example, count) in exampleCounts {
                features(example.features, into: &buffer)
                classifier.add(buffer, category: position[Int(example.category)], examples: count)
            }
            classifier.prepare()
            guesses.removeAll(keepingCapacity: true)
            for index in month
            where rows.category[index] < 0 && !rows.isTransfer[index] && !rows.isIgnored[index] {
                let key = featureKey(index)
                let guess: Guess
                if let cached = guesses[key] {
                    guess = cached
                } else {
                    features(key, into: &buffer)
                    known.removeAll(keepingCapacity: true)
                    var hasEvidence = false
                    var words = 0
                    var knownWords = 0
                    for feature in buffer {
                        let isWord = texts.vocabulary.isPayeeWord[Int(feature)]
                        if isWord { words += 1 }
                        guard classifier.knows(feature) else { continue }
                        known.append(feature)
                        if isWord { knownWords += 1 }
                        if texts.vocabulary.isPayee[Int(feature)] { hasEvidence = true }
                    }
                    let coverage = NaiveBayesClassifier.evidenceCoverage(knownWords: knownWords, words: words)
                    let best = classifier.best(
                        known: known, hasEvidence: hasEvidence, coverage: coverage, scores: &scores)
                    predictions.append(
                        best.map {
                            .init(category: rows.categories[Int(numbers[$0.category])], confidence: $0.confidence)
                        })
                    let number = Int32(predictions.count - 1)
                    if let best, best.confidence >= learnedThreshold {
                        guess = Guess(
                            prediction: number, category: numbers[best.category],
                            source: rows.sourceNumber(.learned(confidence: best.confidence)))
                    } else {
                        guess = Guess(prediction: number, category: -1, source: -1)
                    }
                    guesses[key] = guess
                }
                if guess.category >= 0 {
                    rows.category[index] = guess.category
                    rows.source[index] = guess.source
                    report.learnedApplied += 1
                    continue
                }
                uncategorized.append(
                    UncategorizedRow(
                        index: index, guess: guess.prediction, minorUnits: rows.minorUnits[index],
                        currency: rows.currency[index], date: rows.date[index], account: rows.account[index],
                        payee: rows.payee[index], memo: rows.memo[index]))
            }
        }
        report.learnedTrainedOn = classifier.exampleCount
        if zip(uncategorized, uncategorized.dropFirst()).contains(where: { $0.index > $1.index }) {
            uncategorized.sort { $0.index < $1.index }
        }
        return (uncategorized, predictions)
    }

    /// The rows of each month, months in order and rows in row order within each: runs of the
    /// row indices when the rows are in date order, as a journal's are.
    static func months(_ dates: [CivilDate]) -> [ArraySlice<Int>] {
        func month(_ date: CivilDate) -> Int { date.year * 12 + date.month - 1 }
        var order = Array(dates.indices)
        if !dates.indices.dropFirst().allSatisfy({ month(dates[$0 - 1]) <= month(dates[$0]) }) {
            order.sort { (month(dates[$0]), $0) < (month(dates[$1]), $1) }
        }
        var months: [ArraySlice<Int>] = []
        var start = 0
        for end in order.indices.dropFirst() where month(dates[order[end]]) != month(dates[order[start]]) {
            months.append(order[start..<end])
            start = end
        }
        if start < order.count { months.append(order[start...]) }
        return months
    }
}
