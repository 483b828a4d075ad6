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
    /// Per feature id, -1, or for a feature seen with more than `denseAfter` categories, its table
    /// in `dense`: by category, the category's place in the feature's list (-1 for none).
    ///
    /// Why: a feature every row has (the amount's size, its sign, the account) is seen with nearly
    /// every category, and finding the category in its list, one entry after another, was most of
    /// counting an example; a payee's words are seen with one or two, and their lists stay short.
    private var denseOf: [Int32] = []
    private var dense: [[Int32]] = []
    private static let denseAfter = 8
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
            denseOf += repeatElement(-1, count: entries.count - denseOf.count)
        }
        var newlySeen = 0
        var grown: [Int] = []
        // Taken out while the lists are written (and put back after), so that the closure below
        // reaches nothing else of `self`.
        var denseOf: [Int32] = []
        var dense: [[Int32]] = []
        swap(&denseOf, &self.denseOf)
        swap(&dense, &self.dense)
        // Each feature's list is reached through the table's buffer: one check that the storage
        // is unshared per feature rather than one per field written.
        entries.withUnsafeMutableBufferPointer { entries in
            for feature in features {
                let id = Int(feature)
                let table = denseOf[id]
                let place =
                    table >= 0
                    ? Int(dense[Int(table)][category])
                    : entries[id].withUnsafeBufferPointer { list in
                        list.firstIndex { $0.category == category } ?? -1
                    }
                if place >= 0 {
                    entries[id].withUnsafeMutableBufferPointer { list in
                        list[place].count += weight
                        list[place].weight = GrowingClassifier.weight(count: list[place].count)
                    }
                    continue
                }
                if entries[id].isEmpty { newlySeen += 1 }
                entries[id].append(
                    Entry(category: category, count: weight, weight: GrowingClassifier.weight(count: weight)))
                if table >= 0 {
                    dense[Int(table)][category] = Int32(entries[id].count - 1)
                } else if entries[id].count > GrowingClassifier.denseAfter {
                    grown.append(id)
                }
            }
        }
        swap(&denseOf, &self.denseOf)
        swap(&dense, &self.dense)
        for id in grown { makeDense(id) }
        seenFeatures += newlySeen
    }

    /// Gives feature `id` its table of places by category (`denseOf`).
    private mutating func makeDense(_ id: Int) {
        var table = [Int32](repeating: -1, count: documents.count)
        for (place, entry) in entries[id].enumerated() { table[entry.category] = Int32(place) }
        denseOf[id] = Int32(dense.count)
        dense.append(table)
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
        Int(id) < entries.count && entries.withUnsafeBufferPointer { !$0[Int(id)].isEmpty }
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
        // Through the buffers: a feature's list read in place, not retained, and the scores
        // checked once for a unique owner rather than at every entry added.
        scores.withUnsafeMutableBufferPointer { scores in
            logUnseen.withUnsafeBufferPointer { logUnseen in
                for index in scores.indices { scores[index] += featureCount * logUnseen[index] }
            }
            scoreIndex.withUnsafeBufferPointer { scoreIndex in
                entries.withUnsafeBufferPointer { entries in
                    for feature in known {
                        entries[Int(feature)].withUnsafeBufferPointer { list in
                            for entry in list { scores[scoreIndex[entry.category]] += entry.weight }
                        }
                    }
                }
            }
        }
        let best = NaiveBayesClassifier.posterior(scores: &scores, coverage: coverage)
        return (used[best.category], best.confidence)
    }
}
