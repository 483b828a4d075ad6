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
    ///
    /// On two cores (`cores`) the months are cut in two runs (`split`), each on a core, and joined
    /// in month order: the same guesses, numbered the same, as one run makes.
    ///
    /// With a `seed` (`GuessDigests.seed`), each month's guesses are also kept with its digest for
    /// the next run (`made`); the leading months whose digests `cache` has are taken from it, not
    /// guessed again: the same guesses, as a month's depend on nothing its digest does not cover.
    func learn(
        _ rows: inout LedgerRows, texts: inout DistinctTexts, facts: RowFacts, report: inout CategorizeReport,
        cores: Int = Cores.available, cache: GuessCache? = nil, seed: [UInt8]? = nil
    ) -> (rows: [UncategorizedRow], guesses: [NaiveBayesClassifier.Prediction?], made: GuessCache?) {
        // The same features `FeatureExtractor.features` gives, as ids, in the same order.
        let amountFeatures = (0...30).map { texts.vocabulary.id(FeatureExtractor.amountFeature($0)) }
        let debitFeature = texts.vocabulary.id("s:-")
        let creditFeature = texts.vocabulary.id("s:+")
        let accountFeatures = rows.accounts.map { texts.vocabulary.id(FeatureExtractor.accountFeature($0)) }
        let scales = rows.currencies.map(\.scale)
        let trains = rows.sources.map { source -> Bool in
            switch source {
            case .rule, .profileRule, .override: true
            default: false
            }
        }
        // Categories in path order, numbered once for every month.
        let numbers: [Int32]
        let guessed: [[MonthGuesses]]
        var digests: [[UInt8]] = []
        do {
            // Read on both cores; `rows` changes only once the guesses are joined, after this scope.
            let view = rows
            let vocabulary = texts.vocabulary
            let keyFeatures = texts.keyFeatures
            let memoFeatures = texts.memoFeatures
            let payeeKeys = texts.payees.map(\.key)
            func isExample(_ index: Int) -> Bool {
                !view.isTransfer[index] && view.category[index] >= 0 && trains[Int(view.source[index])]
            }
            var isUsed = [Bool](repeating: false, count: view.categories.count)
            for index in 0..<view.count where isExample(index) { isUsed[Int(view.category[index])] = true }
            numbers = view.categories.indices.filter { isUsed[$0] }.map(Int32.init).sorted {
                view.categories[Int($0)] < view.categories[Int($1)]
            }
            var position = [Int](repeating: 0, count: view.categories.count)
            for (sorted, number) in numbers.enumerated() { position[Int(number)] = sorted }
            let months = Self.months(view.date)
            func bucket(_ index: Int) -> Int32 {
                Int32(
                    FeatureExtractor.bucket(
                        magnitude: view.minorUnits[index].magnitude, scale: scales[Int(view.currency[index])]))
            }
            func featureKey(_ index: Int) -> FeatureKey {
                FeatureKey(
                    payeeKey: payeeKeys[Int(facts.payee[index])], memo: facts.memo[index], bucket: bucket(index),
                    debit: view.minorUnits[index] < 0, account: view.account[index])
            }
            func features(_ key: FeatureKey, into features: inout [Int32]) {
                features.removeAll(keepingCapacity: true)
                keyFeatures.appendList(Int(key.payeeKey), to: &features)
                memoFeatures.appendList(Int(key.memo), to: &features)
                features.append(amountFeatures[Int(key.bucket)])
                features.append(key.debit ? debitFeature : creditFeature)
                features.append(accountFeatures[Int(key.account)])
            }
            /// Counts the examples of `month` into `guesser`.
            func train(_ guesser: inout Guesser, _ month: ArraySlice<Int>) {
                guesser.train(month, isExample: isExample, featureKey: featureKey, features: features) {
                    position[Int(view.category[$0])]
                }
            }
            /// The guesses of the months `guessing`: the first `reused.count` months as they were,
            /// the others guessed, after counting every month before them (less the first
            /// `trained.through`, which `trained.guesser` counted already).
            func run(
                _ guessing: Range<Int>, reused: [MonthGuesses], trained: (guesser: Guesser, through: Int)? = nil
            ) -> [MonthGuesses] {
                // Only what the months to guess need is counted: nothing when every month is reused.
                guard guessing.upperBound > reused.count else { return Array(reused[guessing]) }
                var guesser =
                    trained?.guesser ?? Guesser(categoryCount: numbers.count, learnedThreshold: learnedThreshold)
                var made: [MonthGuesses] = []
                // The months before `guessing` are counted without guessing: what they taught.
                for (number, month) in months[..<guessing.upperBound].enumerated() {
                    if number >= trained?.through ?? 0 { train(&guesser, month) }
                    guard number >= guessing.lowerBound else { continue }
                    if number < reused.count {
                        made.append(reused[number])
                        continue
                    }
                    made.append(
                        guesser.guess(
                            month.filter { Self.isGuessed(view, $0) }, vocabulary: vocabulary, featureKey: featureKey,
                            features: features
                        ) { view.categories[Int(numbers[$0])] })
                }
                return made
            }
            // With a cache, the months it has (`reused`) are found on one core while the other counts
            // every month but the last: at a month end only the last month is new, and it is then
            // guessed at once. When more months are new, the count is not used.
            var reused: [MonthGuesses] = []
            var ahead: Guesser?
            if let seed {
                let last = months.count - 1
                Cores.both(
                    cores: cores,
                    {
                        guard cache != nil, cores > 1, last >= 0 else { return }
                        var guesser = Guesser(categoryCount: numbers.count, learnedThreshold: learnedThreshold)
                        for month in months[..<last] { train(&guesser, month) }
                        ahead = guesser
                    },
                    {
                        digests = GuessDigests.make(
                            seed: seed, months: months, rows: view, texts: texts, facts: facts,
                            role: { isExample($0) ? .example : Self.isGuessed(view, $0) ? .guessed : nil },
                            bucket: bucket)
                        guard let cache else { return }
                        reused = self.reused(
                            cache, digests: digests, months: months, isGuessed: { Self.isGuessed(view, $0) },
                            position: { category in
                                numbers.firstIndex { view.categories[Int($0)] == category }.map(Int32.init)
                            })
                    })
            }
            if let ahead, reused.count >= months.count - 1 {
                guessed = [run(0..<months.count, reused: reused, trained: (ahead, months.count - 1))]
            } else {
                // The months are guessed in two runs on two cores (`split`): the later run counts the
                // earlier run's examples first, then trains and guesses its own months as one run would.
                let split =
                    cores > 1
                    ? Self.split(
                        months, isExample: isExample, isGuessed: { Self.isGuessed(view, $0) },
                        guessedFrom: reused.count)
                    : months.count
                if split < months.count {
                    var first: [MonthGuesses] = []
                    var second: [MonthGuesses] = []
                    Cores.both(
                        cores: cores, { first = run(0..<split, reused: reused) },
                        { second = run(split..<months.count, reused: reused) })
                    guessed = [first, second]
                } else {
                    guessed = [run(0..<months.count, reused: reused)]
                }
            }
        }
        // Joined in month order, as one run makes them: the predictions numbered in order, each
        // confident guess applied to its row, the others listed as uncategorised.
        var predictions: [NaiveBayesClassifier.Prediction?] = []
        var uncategorized: [UncategorizedRow] = []
        // At most one per row; reserved rather than grown, as `known` in `RulesAndOverrides`.
        uncategorized.reserveCapacity(rows.count)
        for month in guessed.joined() {
            let offset = Int32(predictions.count)
            predictions += month.predictions
            for row in month.rows {
                let index = row.index
                if let confidence = row.applied {
                    rows.category[index] = numbers[Int(row.category)]
                    rows.source[index] = rows.sourceNumber(.learned(confidence: confidence))
                    report.learnedApplied += 1
                    continue
                }
                uncategorized.append(
                    UncategorizedRow(
                        index: index, guess: offset + row.prediction, minorUnits: rows.minorUnits[index],
                        currency: rows.currency[index], date: rows.date[index], account: rows.account[index],
                        payee: rows.payee[index], memo: rows.memo[index]))
            }
        }
        report.learnedTrainedOn = guessed.last?.last?.trainedOn ?? 0
        if zip(uncategorized, uncategorized.dropFirst()).contains(where: { $0.index > $1.index }) {
            uncategorized.sort { $0.index < $1.index }
        }
        var made: GuessCache?
        if seed != nil {
            made = GuessCache(
                months: zip(digests, guessed.joined()).map { digest, month in
                    GuessCache.Month(
                        digest: digest, trainedOn: month.trainedOn, predictions: month.predictions,
                        rows: month.rows.map(\.prediction))
                })
        }
        return (uncategorized, predictions, made)
    }

    /// The leading months of `months` whose digests `cache` has, as `MonthGuesses` of this run's
    /// rows; `position` gives a category's number in path order (nil when no example has it, and
    /// then the month is not taken).
    private func reused(
        _ cache: GuessCache, digests: [[UInt8]], months: [ArraySlice<Int>], isGuessed: (Int) -> Bool,
        position: (CategoryPath) -> Int32?
    ) -> [MonthGuesses] {
        var reused: [MonthGuesses] = []
        for (number, month) in months.enumerated() {
            guard number < cache.months.count, cache.months[number].digest == digests[number] else { break }
            let kept = cache.months[number]
            let guessedRows = month.filter(isGuessed)
            guard guessedRows.count == kept.rows.count else { break }
            var made = MonthGuesses(trainedOn: kept.trainedOn)
            made.predictions = kept.predictions
            made.rows.reserveCapacity(guessedRows.count)
            var taken = true
            for (index, prediction) in zip(guessedRows, kept.rows) {
                var row = MonthGuesses.Row(index: index, prediction: prediction, category: -1)
                if let guess = kept.predictions[Int(prediction)], guess.confidence >= learnedThreshold {
                    guard let category = position(guess.category) else {
                        taken = false
                        break
                    }
                    row.category = category
                    row.applied = guess.confidence
                }
                made.rows.append(row)
            }
            guard taken else { break }
            reused.append(made)
        }
        return reused
    }

    /// Whether row `index` is one the classifier guesses: no category yet, not a transfer, not ignored.
    private static func isGuessed(_ rows: LedgerRows, _ index: Int) -> Bool {
        rows.category[index] < 0 && !rows.isTransfer[index] && !rows.isIgnored[index]
    }

    /// Where the months are cut into two runs, so that both take about as long: the first run
    /// trains and guesses its months; the second also counts the first run's examples before its
    /// own. A guess is taken to cost about what `guessCost` examples do (3: at 1M rows, 2 and 4
    /// were slower). `months.count` (one run) when there are fewer than `smallest` rows to
    /// count or guess.
    ///
    /// The months before `guessedFrom` are not guessed (`reused`): only counted.
    static func split(
        _ months: [ArraySlice<Int>], isExample: (Int) -> Bool, isGuessed: (Int) -> Bool, guessedFrom: Int = 0,
        guessCost: Int = 3, smallest: Int = smallestSplit
    ) -> Int {
        let examples = months.map { $0.lazy.filter(isExample).count }
        let guesses = months.indices.map { $0 < guessedFrom ? 0 : months[$0].lazy.filter(isGuessed).count }
        guard examples.reduce(0, +) + guesses.reduce(0, +) >= smallest else { return months.count }
        // First run: its guesses and examples; second: every example and its own guesses. They
        // differ by the first run's guesses less the second run's.
        var firstGuesses = 0
        var laterGuesses = guesses.reduce(0, +)
        var laterExamples = examples.reduce(0, +)
        for cut in months.indices {
            if guessCost * firstGuesses >= laterExamples + guessCost * laterGuesses { return cut }
            firstGuesses += guesses[cut]
            laterGuesses -= guesses[cut]
            laterExamples -= examples[cut]
        }
        return months.count
    }

    /// Fewer rows (examples and guesses) than this are guessed in one run.
    static let smallestSplit = 20_000

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
