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
    /// A category a feature was seen with: how often, and what that adds to the category's score
    /// (log(count + smoothing) − log(smoothing)), worked out when the count changes rather than
    /// once per guess: the months guess again for keys they share.
    private struct Entry {
        var category: Int
        var count: Double
        var weight: Double
    }

    private static let smoothing = 1.0
    private static let logSmoothing = log(smoothing)
    /// Per feature id, the categories it was seen with (unordered); empty for a feature not seen.
    private var entries: [[Entry]] = []
    /// Per category: the examples counted, and the features they had.
    private(set) var documents: [Double]
    private(set) var totals: [Double]
    /// Examples counted so far.
    private(set) var exampleCount = 0
    /// How many feature ids have been seen with some category: the vocabulary's size.
    private(set) var seenFeatures = 0
    /// Set by `prepare()`: the categories with examples so far (in path order), where each
    /// category's score is kept in `scores`, and their log priors and unseen-feature costs.
    private var used: [Int] = []
    private var scoreIndex: [Int]
    private var logPriors: [Double] = []
    private var logUnseen: [Double] = []

    init(categoryCount: Int) {
        documents = [Double](repeating: 0, count: categoryCount)
        totals = [Double](repeating: 0, count: categoryCount)
        scoreIndex = [Int](repeating: -1, count: categoryCount)
    }

    /// Counts `examples` identical examples of `category` (its number in path order); whole
    /// numbers add exactly, so the order examples come in does not change the counts.
    mutating func add(_ features: [Int32], category: Int, examples: Int) {
        let weight = Double(examples)
        exampleCount += examples
        documents[category] += weight
        // Whole numbers: `weight` added once per feature comes to this product exactly.
        totals[category] += weight * Double(features.count)
        if let largest = features.max(), Int(largest) >= entries.count {
            entries += repeatElement([], count: Int(largest) + 1 - entries.count)
        }
        var newlySeen = 0
        // Each feature's list is reached through the table's buffer: one check that the storage
        // is unshared per feature rather than one per field written.
        entries.withUnsafeMutableBufferPointer { entries in
            for feature in features {
                let id = Int(feature)
                let counted = entries[id].withUnsafeMutableBufferPointer { list in
                    for index in list.indices where list[index].category == category {
                        list[index].count += weight
                        list[index].weight = GrowingClassifier.weight(count: list[index].count)
                        return true
                    }
                    return false
                }
                if !counted {
                    if entries[id].isEmpty { newlySeen += 1 }
                    entries[id].append(
                        Entry(category: category, count: weight, weight: GrowingClassifier.weight(count: weight)))
                }
            }
        }
        seenFeatures += newlySeen
    }

    /// What a feature seen `count` times with a category adds to its score: log(count + smoothing)
    /// − log(smoothing). Counts are whole numbers, and the small ones (nearly all) are looked up
    /// in a table of the very same values.
    static func weight(count: Double) -> Double {
        if count >= 0, count < Double(weights.count), let whole = Int(exactly: count) { return weights[whole] }
        return log(count + smoothing) - logSmoothing
    }

    /// `weight(count:)` of the counts 0 to 4,095, worked out as it works them out.
    private static let weights = (0..<4_096).map { log(Double($0) + smoothing) - logSmoothing }

    /// Readies the counts so far for guessing; call after a month's examples, before its guesses.
    mutating func prepare() {
        used = documents.indices.filter { documents[$0] > 0 }
        for (index, category) in used.enumerated() { scoreIndex[category] = index }
        let total = Double(max(exampleCount, 1))
        logPriors = used.map { log(documents[$0] / total) }
        let vocabularySize = Double(seenFeatures)
        logUnseen = used.map { Self.logSmoothing - log(totals[$0] + Self.smoothing * vocabularySize) }
    }

    /// One more than the largest feature id counted.
    var featureCount: Int { entries.count }

    /// The categories feature `id` was seen with and how often (in the order first seen).
    func counts(of id: Int) -> [(category: Int, count: Double)] {
        entries[id].map { ($0.category, $0.count) }
    }

    /// True when feature `id` has been seen in training.
    func knows(_ id: Int32) -> Bool {
        Int(id) < entries.count && !entries[Int(id)].isEmpty
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
            for entry in entries[Int(feature)] { scores[scoreIndex[entry.category]] += entry.weight }
        }
        let best = NaiveBayesClassifier.posterior(scores: &scores, coverage: coverage)
        return (used[best.category], best.confidence)
    }
}
