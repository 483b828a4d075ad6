import Foundation
import Import
import Ledger
import Testing

/// "High" must mean right: every corpus CSV read with its profile hidden, and the inferred reading
/// judged against the shipped profile's (date, amount and payee of every transaction, as
/// `CorpusHiddenProfileTests` compares them). A reading that differs may be at most "low"; the
/// table of outcomes is printed for the README.
@Suite("CSV inference confidence over the corpus")
struct InferenceCalibrationTests {
    typealias Hidden = CorpusHiddenProfileTests

    enum Outcome: String {
        case right
        case wrong
        case refused
    }

    /// The confidence the inferred profile's TOML states (`# Confidence: high.`).
    static func confidence(_ toml: String?) -> String {
        guard let toml, let range = toml.range(of: "# Confidence: ") else { return "-" }
        return String(toml[range.upperBound...].prefix { $0 != "." })
    }

    @Test func noWrongReadingIsHighOrMedium() throws {
        var rows: [String] = []
        var counts: [Outcome: Int] = [:]
        for name in Hidden.names {
            let shipped = try CSVTestSupport.readCorpus(name, currency: .usd)
            let account = Hidden.dateOrders[name].map {
                AccountConfig(id: AccountID("hidden"), name: "Hidden", dateOrder: $0)
            }
            let context = ReadContext(defaultCurrency: .usd, account: account)
            let outcome: Outcome
            var level = "-"
            do {
                let inferred = try CSVReader(profiles: []).read(
                    CSVTestSupport.corpusBytes(name), path: "corpus/csv/" + name, context: context)
                level = Self.confidence(inferred.inferredProfile)
                outcome = Hidden.transactions(inferred) == Hidden.transactions(shipped) ? .right : .wrong
            } catch {
                outcome = .refused
            }
            counts[outcome, default: 0] += 1
            rows.append("| \(name) | \(outcome.rawValue) | \(level) |")
            if outcome == .wrong {
                #expect(level == "low", "\(name) is read wrong at confidence \(level)")
            }
        }
        let total = "right \(counts[.right] ?? 0), refused \(counts[.refused] ?? 0), wrong \(counts[.wrong] ?? 0)"
        print((["| File | Reading | Confidence |", "|---|---|---|"] + rows + [total]).joined(separator: "\n"))
    }
}
