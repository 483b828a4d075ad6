import Foundation
import Ledger

/// Multinomial naive Bayes over text features, with Laplace smoothing: the learned fallback for
/// transactions no rule or override covers.
///
/// Trained on the transactions rules and overrides already categorised in this run, so it follows
/// the user's own categories and needs no stored model. Deterministic: categories are kept in
/// path order, sums run in a fixed order, and ties go to the earlier category.
public struct NaiveBayesClassifier: Sendable {
    /// A proposed category and how sure the classifier is (posterior probability, 0...1).
    public struct Prediction: Sendable, Equatable {
        public var category: CategoryPath
        public var confidence: Double
        /// Every category with its posterior, most likely first.
        public var ranking: [(category: CategoryPath, probability: Double)]

        public static func == (lhs: Prediction, rhs: Prediction) -> Bool {
            lhs.category == rhs.category && lhs.confidence == rhs.confidence
        }
    }

    public let categories: [CategoryPath]
    private let logPriors: [Double]
    /// For each feature, the categories it was seen with and how often.
    private let counts: [String: [(category: Int, count: Double)]]
    /// log(total features of the category + smoothing × vocabulary size).
    private let logDenominators: [Double]
    private let smoothing: Double
    public let exampleCount: Int

    /// Trains on `examples`; features are strings such as `p:tesco` (see `FeatureExtractor`).
    public init(examples: [(features: [String], category: CategoryPath)], smoothing: Double = 1) {
        let categories = Array(Set(examples.map(\.category))).sorted()
        var index: [CategoryPath: Int] = [:]
        for (position, category) in categories.enumerated() { index[category] = position }
        var documents = [Double](repeating: 0, count: categories.count)
        var totals = [Double](repeating: 0, count: categories.count)
        var table: [String: [Int: Double]] = [:]
        for example in examples {
            let category = index[example.category]!
            documents[category] += 1
            for feature in example.features {
                table[feature, default: [:]][category, default: 0] += 1
                totals[category] += 1
            }
        }
        let vocabulary = Double(table.count)
        self.categories = categories
        self.logPriors = documents.map { log($0 / Double(max(examples.count, 1))) }
        self.logDenominators = totals.map { log($0 + smoothing * vocabulary) }
        self.counts = table.mapValues { entries in
            entries.sorted { $0.key < $1.key }.map { (category: $0.key, count: $0.value) }
        }
        self.smoothing = smoothing
        self.exampleCount = examples.count
    }

    /// The most likely category, or nil when there is nothing to go on (fewer than two categories
    /// learned, or no feature in `evidence` the classifier has seen).
    ///
    /// - Parameter evidence: features that must include at least one known one for a prediction
    ///   (the payee's); defaults to all of `features`.
    public func predict(_ features: [String], evidence: ((String) -> Bool)? = nil) -> Prediction? {
        // With one category there is nothing to tell apart: every posterior would be 1.
        guard categories.count >= 2 else { return nil }
        let known = features.filter { counts[$0] != nil }
        guard known.contains(where: { evidence?($0) ?? true }) else { return nil }
        let logSmoothing = log(smoothing)
        var scores = logPriors
        for category in scores.indices {
            scores[category] += Double(known.count) * (logSmoothing - logDenominators[category])
        }
        for feature in known {
            for entry in counts[feature]! {
                scores[entry.category] += log(entry.count + smoothing) - logSmoothing
            }
        }
        let best = scores.max()!
        let weights = scores.map { exp($0 - best) }
        let total = weights.reduce(0, +)
        var ranking = categories.indices.map { (category: categories[$0], probability: weights[$0] / total) }
        ranking.sort { lhs, rhs in
            lhs.probability != rhs.probability ? lhs.probability > rhs.probability : lhs.category < rhs.category
        }
        return Prediction(category: ranking[0].category, confidence: ranking[0].probability, ranking: ranking)
    }
}
