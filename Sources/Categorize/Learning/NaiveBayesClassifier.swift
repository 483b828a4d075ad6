import Foundation
import Ledger

/// Multinomial naive Bayes over text features, with Laplace smoothing: the learned fallback for
/// transactions no rule or override covers.
///
/// Trained on the transactions rules and overrides already categorised in this run, so it follows
/// the user's own categories and needs no stored model. Deterministic: categories are kept in
/// path order, sums run in a fixed order, and ties go to the earlier category.
///
/// Features are small integer ids (see `FeatureVocabulary`): a journal of a million rows trains on
/// most of them, and counting by id into arrays is what keeps that to a fraction of a second. The
/// `String` interface interns its features into ids and shares the same arithmetic.
public struct NaiveBayesClassifier: Sendable {
    /// A proposed category and how sure the classifier is (posterior probability, 0...1).
    ///
    /// The best category alone, not every category's posterior: the stage keeps one guess per
    /// distinct row, hundreds of thousands at 1M rows, and a ranking of every category for each
    /// was most of its memory (about a kilobyte a guess) while nothing read past the first entry.
    public struct Prediction: Sendable, Equatable {
        public var category: CategoryPath
        public var confidence: Double
    }

    public let categories: [CategoryPath]
    private let logPriors: [Double]
    /// Per category: log(smoothing) − log(total features of the category + smoothing × vocabulary
    /// size), what each known feature costs the category before its own count is added.
    private let logUnseen: [Double]
    /// The training counts, flat: feature id `f` was seen with the categories
    /// `entryCategory[entryStart[f]..<entryStart[f + 1]]`, in category order (none for a feature
    /// never seen). One array for all features rather than an array per feature.
    private let entryStart: [Int32]
    private let entryCategory: [Int32]
    /// log(count + smoothing) − log(smoothing) for each entry: what the feature adds to its
    /// category's score, worked out once rather than once per prediction.
    private let entryWeight: [Double]
    private let smoothing: Double
    public let exampleCount: Int
    /// Feature text to id, for the `String` interface.
    private let vocabulary: [String: Int32]

    /// Trains on `examples`; features are strings such as `p:tesco` (see `FeatureExtractor`).
    public init(examples: [(features: [String], category: CategoryPath)], smoothing: Double = 1) {
        let categories = Array(Set(examples.map(\.category))).sorted()
        var index: [CategoryPath: Int] = [:]
        for (position, category) in categories.enumerated() { index[category] = position }
        var vocabulary: [String: Int32] = [:]
        var counts = GrowingClassifier(categoryCount: categories.count)
        for example in examples {
            let ids = example.features.map { feature -> Int32 in
                if let id = vocabulary[feature] { return id }
                let id = Int32(vocabulary.count)
                vocabulary[feature] = id
                return id
            }
            counts.add(ids, category: index[example.category]!, examples: 1)
        }
        self.init(counts: counts, categories: categories, smoothing: smoothing, vocabulary: vocabulary)
    }

    /// A classifier from counted examples (`GrowingClassifier` counts them); `categories[i]` is
    /// the category counted as `i`, in path order.
    init(
        counts: GrowingClassifier, categories: [CategoryPath], smoothing: Double = 1,
        vocabulary: [String: Int32] = [:]
    ) {
        let vocabularySize = Double(counts.seenFeatures)
        let logSmoothing = log(smoothing)
        self.categories = categories
        self.logPriors = counts.documents.map { log($0 / Double(max(counts.exampleCount, 1))) }
        self.logUnseen = counts.totals.map { logSmoothing - log($0 + smoothing * vocabularySize) }
        var entryStart: [Int32] = [0]
        var entryCategory: [Int32] = []
        var entryWeight: [Double] = []
        entryStart.reserveCapacity(counts.featureCount + 1)
        for feature in 0..<counts.featureCount {
            for entry in counts.counts(of: feature).sorted(by: { $0.category < $1.category }) {
                entryCategory.append(Int32(entry.category))
                entryWeight.append(log(entry.count + smoothing) - logSmoothing)
            }
            entryStart.append(Int32(entryCategory.count))
        }
        self.entryStart = entryStart
        self.entryCategory = entryCategory
        self.entryWeight = entryWeight
        self.smoothing = smoothing
        self.exampleCount = counts.exampleCount
        self.vocabulary = vocabulary
    }

    /// True when feature `id` was seen in training.
    func knows(_ id: Int32) -> Bool {
        Int(id) + 1 < entryStart.count && entryStart[Int(id)] != entryStart[Int(id) + 1]
    }

    /// The most likely category, or nil when there is nothing to go on (fewer than two categories
    /// learned, or no feature in `evidence` the classifier has seen).
    ///
    /// - Parameter evidence: features that must include at least one known one for a prediction
    ///   (the payee's); defaults to all of `features`.
    public func predict(_ features: [String], evidence: ((String) -> Bool)? = nil) -> Prediction? {
        guard categories.count >= 2 else { return nil }
        var known: [Int32] = []
        var hasEvidence = false
        var words = 0
        var knownWords = 0
        for feature in features {
            let isWord = FeatureExtractor.isPayeeWordFeature(feature)
            if isWord { words += 1 }
            guard let id = vocabulary[feature], knows(id) else { continue }
            known.append(id)
            if isWord { knownWords += 1 }
            if evidence?(feature) ?? true { hasEvidence = true }
        }
        let coverage = NaiveBayesClassifier.evidenceCoverage(knownWords: knownWords, words: words)
        return predict(known: known, hasEvidence: hasEvidence, coverage: coverage)
    }

    /// The share of a payee's words the classifier has seen in training (1 when the payee has no words).
    static func evidenceCoverage(knownWords: Int, words: Int) -> Double {
        words == 0 ? 1 : Double(knownWords) / Double(words)
    }

    /// The prediction from the known features of a transaction, in feature order.
    ///
    /// The posterior alone is over-confident for a merchant the classifier has never seen: with
    /// `LITTLE BAKEHOUSE HACKNEY` only the town is known, and a town shared with bus fares gave
    /// 0.89 for transport. Scaling by `coverage` (the share of the payee's words seen in training)
    /// keeps a guess resting on one word of three below any sensible threshold, while a known
    /// merchant at a new branch (`TESCO STORES 9999`, every word known) keeps its confidence.
    func predict(known: [Int32], hasEvidence: Bool, coverage: Double = 1) -> Prediction? {
        var scores: [Double] = []
        guard let best = best(known: known, hasEvidence: hasEvidence, coverage: coverage, scores: &scores) else {
            return nil
        }
        return Prediction(category: categories[best.category], confidence: best.confidence)
    }

    /// `predict(known:hasEvidence:coverage:)` as the category's index, working in `scores` (any
    /// contents; reused from one call to the next, so a prediction allocates nothing).
    func best(
        known: [Int32], hasEvidence: Bool, coverage: Double, scores: inout [Double]
    ) -> (category: Int, confidence: Double)? {
        // With one category there is nothing to tell apart: every posterior would be 1.
        guard categories.count >= 2, hasEvidence else { return nil }
        scores.removeAll(keepingCapacity: true)
        scores.append(contentsOf: logPriors)
        let featureCount = Double(known.count)
        for category in scores.indices { scores[category] += featureCount * logUnseen[category] }
        for feature in known {
            for entry in Int(entryStart[Int(feature)])..<Int(entryStart[Int(feature) + 1]) {
                scores[Int(entryCategory[entry])] += entryWeight[entry]
            }
        }
        return NaiveBayesClassifier.posterior(scores: &scores, coverage: coverage)
    }

    /// The best category of `scores` (log scores, one per category in path order) and its
    /// posterior scaled by `coverage`; `scores` is left holding the unnormalised posteriors.
    static func posterior(scores: inout [Double], coverage: Double) -> (category: Int, confidence: Double) {
        let top = scores.max()!
        var total = 0.0
        for category in scores.indices {
            scores[category] = exp(scores[category] - top)
            total += scores[category]
        }
        // The highest posterior; of equal ones the earlier category (categories are in path order).
        var best = 0
        var bestProbability = scores[0] / total
        for category in scores.indices.dropFirst() where scores[category] / total > bestProbability {
            best = category
            bestProbability = scores[category] / total
        }
        return (best, bestProbability * coverage)
    }
}
