import Categorize
import Foundation
import Ledger
import Testing

/// How good the learned fallback is on a realistic ledger: the Samples workspace, categorised by
/// its rules, with part of it held out and predicted by a classifier trained on the rest (the
/// features `closebook-categorize` uses: clean payee key and words, memo words, amount bucket,
/// sign, account).
///
/// Two hold-outs, printed as a table (`swift test --filter LearnedAccuracyTests`):
/// - rows: every fifth rule-categorised row is held out in turn (5 folds). Merchants recur, so
///   this is the everyday case of a known merchant the rules missed.
/// - merchants: all rows of one clean payee are held out at a time. The classifier has never
///   seen the merchant; the right behaviour is mostly to abstain, and to be right when it does not.
@Suite("Learned fallback accuracy on the Samples ledger", .serialized)
struct LearnedAccuracyTests {
    struct Example {
        var key: String
        var features: [String]
        var category: CategoryPath
    }

    /// The threshold `Samples/closebook.toml` sets (`learned_threshold`).
    static let threshold = 0.8

    /// Rule-categorised, non-transfer rows of the Samples ledger, with features from the journal's raw text.
    static func examples() throws -> [Example] {
        let workspace = try SamplesPipelineTests.freshWorkspace()
        defer { try? FileManager.default.removeItem(at: workspace) }
        try SamplesPipelineTests.runPipeline(in: workspace)
        let build = workspace.appendingPathComponent("build").path
        let journal = try JournalCodec.decode(FileOutput.read(build + "/journal.jsonl"), path: "journal.jsonl")
        let ledger = try JournalCodec.decode(FileOutput.read(build + "/ledger.jsonl"), path: "ledger.jsonl")
        var raw: [TransactionID: Transaction] = [:]
        for transaction in journal.transactions { raw[transaction.id] = transaction }
        let normaliser = PayeeNormaliser()
        var examples: [Example] = []
        for row in ledger.transactions where !row.isTransfer && !row.isIgnored {
            guard let category = row.category, case .rule = row.categorySource, let source = raw[row.id] else {
                continue
            }
            let key = normaliser.normalise(source.payee).key
            let features = FeatureExtractor.features(
                cleanKey: key, memo: source.memo, amount: source.amount, account: source.account)
            examples.append(Example(key: key, features: features, category: category))
        }
        return examples
    }

    struct Tally {
        var total = 0
        var predicted = 0
        var predictedRight = 0
        var confident = 0
        var confidentRight = 0

        mutating func add(_ prediction: NaiveBayesClassifier.Prediction?, truth: CategoryPath) {
            total += 1
            guard let prediction else { return }
            predicted += 1
            if prediction.category == truth { predictedRight += 1 }
            if prediction.confidence >= LearnedAccuracyTests.threshold {
                confident += 1
                if prediction.category == truth { confidentRight += 1 }
            }
        }

        func line(_ name: String) -> String {
            func percent(_ a: Int, _ b: Int) -> String {
                b == 0 ? "-" : String(format: "%.1f%%", 100 * Double(a) / Double(b))
            }
            return "\(name): \(total) held out; top guess right \(percent(predictedRight, total)); "
                + "applied at \(LearnedAccuracyTests.threshold) \(percent(confident, total)) of rows, "
                + "right on \(percent(confidentRight, confident)) of those"
        }
    }

    static func classify(_ held: [Example], trainedOn training: [Example]) -> Tally {
        let classifier = NaiveBayesClassifier(examples: training.map { ($0.features, $0.category) })
        var tally = Tally()
        for example in held {
            tally.add(
                classifier.predict(example.features, evidence: FeatureExtractor.isPayeeFeature), truth: example.category
            )
        }
        return tally
    }

    @Test func heldOutRowsAndHeldOutMerchants() throws {
        let examples = try Self.examples()
        #expect(examples.count > 1_000)

        var rows = Tally()
        for fold in 0..<5 {
            let held = examples.indices.filter { $0 % 5 == fold }.map { examples[$0] }
            let training = examples.indices.filter { $0 % 5 != fold }.map { examples[$0] }
            let result = Self.classify(held, trainedOn: training)
            rows.total += result.total
            rows.predicted += result.predicted
            rows.predictedRight += result.predictedRight
            rows.confident += result.confident
            rows.confidentRight += result.confidentRight
        }

        var merchants = Tally()
        for key in Set(examples.map(\.key)).sorted() {
            let result = Self.classify(examples.filter { $0.key == key }, trainedOn: examples.filter { $0.key != key })
            merchants.total += result.total
            merchants.predicted += result.predicted
            merchants.predictedRight += result.predictedRight
            merchants.confident += result.confident
            merchants.confidentRight += result.confidentRight
        }
        print(rows.line("held-out rows (5 folds)"))
        print(merchants.line("held-out merchants (one at a time)"))

        // Known merchants: nearly every row is applied, and what is applied is right.
        #expect(Double(rows.confident) >= 0.95 * Double(rows.total))
        #expect(Double(rows.confidentRight) >= 0.99 * Double(rows.confident))
        // Unknown merchants: what the classifier dares to apply at the threshold must still be
        // mostly right; abstaining is fine.
        #expect(Double(merchants.confidentRight) >= 0.8 * Double(merchants.confident))
    }
}
