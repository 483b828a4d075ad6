import Foundation

/// The learned fallback's naive Bayes, trained a month at a time: each month's rows are guessed
/// from what rules and overrides decided through the end of that month, never from later months.
///
/// So a month's learned categories are settled once its rows are: the next month's statements
/// leave them as they were, a closed month is not restated by rows that arrived after it, and a
/// month-end run equals a rebuild from scratch without guessing again for years of old rows.
///
/// The arithmetic is `NaiveBayesClassifier`'s over the counts so far: the same priors, smoothing,
/// vocabulary size and per-feature weights, summed in the same order, so the newest month's
/// guesses are exactly what one classifier trained on the whole ledger gives. Categories are
/// numbered once for the whole run in path order; a month scores only those seen so far.
struct GrowingClassifier {
    private var trainer: NaiveBayesClassifier.Trainer
    private let smoothing = 1.0
    private let logSmoothing = log(1.0)
    /// Set by `prepare()`: the categories with examples so far (in path order), where each
    /// category's score is kept in `scores`, and their log priors and unseen-feature costs.
    private var used: [Int] = []
    private var scoreIndex: [Int]
    private var logPriors: [Double] = []
    private var logUnseen: [Double] = []

    init(categoryCount: Int) {
        trainer = NaiveBayesClassifier.Trainer(categoryCount: categoryCount)
        scoreIndex = [Int](repeating: -1, count: categoryCount)
    }

    /// Examples counted so far.
    var exampleCount: Int { trainer.exampleCount }

    /// Counts `examples` identical examples of `category` (its number in path order).
    mutating func add(_ features: [Int32], category: Int, examples: Int) {
        trainer.add(features, category: category, examples: examples)
    }

    /// Readies the counts so far for guessing; call after a month's examples, before its guesses.
    mutating func prepare() {
        used = trainer.documents.indices.filter { trainer.documents[$0] > 0 }
        for (index, category) in used.enumerated() { scoreIndex[category] = index }
        let total = Double(max(trainer.exampleCount, 1))
        logPriors = used.map { log(trainer.documents[$0] / total) }
        let vocabularySize = Double(trainer.seenFeatures)
        logUnseen = used.map { logSmoothing - log(trainer.totals[$0] + smoothing * vocabularySize) }
    }

    /// True when feature `id` has been seen in training.
    func knows(_ id: Int32) -> Bool {
        Int(id) < trainer.counts.count && !trainer.counts[Int(id)].isEmpty
    }

    /// The most likely category (its number in path order) and the confidence, as
    /// `NaiveBayesClassifier.best` gives it; nil with fewer than two categories or no evidence.
    func best(
        known: [Int32], hasEvidence: Bool, coverage: Double, scores: inout [Double]
    ) -> (category: Int, confidence: Double)? {
        guard used.count >= 2, hasEvidence else { return nil }
        scores.removeAll(keepingCapacity: true)
        scores.append(contentsOf: logPriors)
        let featureCount = Double(known.count)
        for index in scores.indices { scores[index] += featureCount * logUnseen[index] }
        for feature in known {
            for entry in trainer.counts[Int(feature)] {
                scores[scoreIndex[entry.category]] += log(entry.count + smoothing) - logSmoothing
            }
        }
        let best = NaiveBayesClassifier.posterior(scores: &scores, coverage: coverage)
        return (used[best.category], best.confidence)
    }
}
