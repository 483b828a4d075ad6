import Foundation
import Import
import Ledger
import Testing

/// "High" must mean right: every corpus CSV read with its profile hidden, and the inferred reading
/// judged against the shipped profile's (date, amount and payee of every transaction, as
/// `CorpusHiddenProfileTests` compares them), and every widened-corpus CSV judged against its facts
/// (`WidenedCorpusFacts`). A reading that differs may be at most "low"; a refusal must say what to
/// add. The table of outcomes is printed for the README.
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

    /// A refusal is clear when it names what could not be decided and gives the text to paste: an
    /// `[[accounts]]` entry, or a profile draft with its guesses marked.
    static func refusalIsClear(_ message: String) -> Bool {
        message.contains("[[accounts]]") || (message.contains("[columns]") && message.contains("DECIDE"))
    }

    @Test func widenedCorpusIsNeverConfidentlyWrong() throws {
        #expect(WidenedCorpusFacts.all.count >= 40)
        var rows: [String] = []
        var counts: [String: Int] = [:]
        for facts in WidenedCorpusFacts.all {
            let context = ReadContext(defaultCurrency: .usd, account: facts.account)
            var outcome: String
            var level = "-"
            var detail = ""
            do {
                let inferred = try CSVReader(profiles: []).read(
                    facts.bytes(), path: "corpus-widened/" + facts.file, context: context)
                level = Self.confidence(inferred.inferredProfile)
                if let mismatch = facts.mismatch(inferred) {
                    outcome = Outcome.wrong.rawValue
                    detail = mismatch
                } else {
                    outcome = Outcome.right.rawValue
                }
            } catch {
                let message = "\(error)"
                let clear = Self.refusalIsClear(message)
                outcome = clear ? "refused, fix given" : "refused, no fix"
                detail = String(message.split(separator: ":", maxSplits: 4).last ?? "").prefix(90) + "…"
            }
            counts[outcome, default: 0] += 1
            rows.append("| \(facts.file) | \(facts.country) | \(outcome) | \(level) | \(detail) |")
            if outcome == Outcome.wrong.rawValue {
                #expect(level == "low", "\(facts.file) is read wrong at confidence \(level): \(detail)")
            }
        }
        // Issue 19's bar: at least 90% of the files read right with their profiles hidden.
        let right = counts[Outcome.right.rawValue] ?? 0
        #expect(
            right * 10 >= WidenedCorpusFacts.all.count * 9,
            "only \(right) of \(WidenedCorpusFacts.all.count) read right")
        let total = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let header = ["| File | Country | Reading | Confidence | Why |", "|---|---|---|---|---|"]
        print((header + rows + [total]).joined(separator: "\n"))
    }
}
