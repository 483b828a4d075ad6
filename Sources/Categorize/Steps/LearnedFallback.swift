import Ledger

/// The last step that categorises: a classifier trained on what rules and overrides decided
/// guesses a category for the rows still without one, and applies it when confident enough.
struct LearnedFallback {
    /// `[categorize] learned_threshold`: the confidence a guess needs to be applied.
    var learnedThreshold: Double

    /// The learned fallback, trained on what rules and overrides decided; returns the rows it could
    /// not categorise either, in row order.
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
        var exampleCounts: [ExampleKey: Int] = [:]
        var exampleCount = 0
        var usedCategories = Set<Int32>()
        for index in 0..<rows.count where !rows.isTransfer[index] {
            let category = rows.category[index]
            guard category >= 0, trains[Int(rows.source[index])] else { continue }
            usedCategories.insert(category)
            exampleCounts[ExampleKey(features: featureKey(index), category: category), default: 0] += 1
            exampleCount += 1
        }
        // Categories in path order, as the classifier numbers them.
        let numbers = usedCategories.sorted { rows.categories[Int($0)] < rows.categories[Int($1)] }
        let categories = numbers.map { rows.categories[Int($0)] }
        var position = [Int](repeating: 0, count: rows.categories.count)
        for (sorted, number) in numbers.enumerated() { position[Int(number)] = sorted }
        var trainer = NaiveBayesClassifier.Trainer(categoryCount: categories.count)
        var buffer: [Int32] = []
        for (example, count) in exampleCounts {
            features(example.features, into: &buffer)
            trainer.add(buffer, category: position[Int(example.category)], examples: count)
        }
        let classifier = NaiveBayesClassifier(trainer: trainer, categories: categories)
        report.learnedTrainedOn = exampleCount

        /// A prediction (index into `predictions`), with the category and source numbers it gives a
        /// row when confident enough.
        struct Guess {
            var prediction: Int32
            var category: Int32
            var source: Int32
        }
        var predictions: [NaiveBayesClassifier.Prediction?] = []
        var uncategorized: [UncategorizedRow] = []
        // At most one per row; reserved rather than grown, as `known` in `RulesAndOverrides`.
        uncategorized.reserveCapacity(rows.count)
        var guesses: [FeatureKey: Guess] = [:]
        var known: [Int32] = []
        var scores: [Double] = []
        for index in 0..<rows.count
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
                let best = classifier.best(known: known, hasEvidence: hasEvidence, coverage: coverage, scores: &scores)
                predictions.append(
                    best.map { .init(category: classifier.categories[$0.category], confidence: $0.confidence) })
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
        return (uncategorized, predictions)
    }
}
