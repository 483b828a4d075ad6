import Foundation
import Ledger

/// A batch of payees to normalise ahead (`PayeesAhead`), cut into chunks that any thread claims in
/// turn and makes (`work`): the job's thread from the first chunk (`PayeesAheadJob`), the caller's
/// too once it has read the rows before the batch and would otherwise wait for it.
///
/// Why: with few rules the caller registers and matches a payee in less time than the other core
/// normalises one, and it waited: 0.8 s of the 2.4 s rules step at 1M rows of real bank text with
/// 10 rules. Each chunk is made alone and the chunks are joined in list order, so the payees are
/// the same whoever made which.
final class PayeeChunks: @unchecked Sendable {
    /// Payees a chunk: small enough that the caller takes its share of a batch, large enough that
    /// a claim costs little beside it.
    static let size = 128

    private let numbers: [Int32]
    private let texts: [String]
    private let normaliser: PayeeNormaliser
    private let matcher: RuleMatcher
    private let chunkSize: Int
    let chunkCount: Int
    private let made: Slots<PayeesAhead.Part>
    private let lock = NSLock()
    /// The next chunk not claimed yet.
    private var next = 0

    /// The payees of text numbers `numbers` (into `texts`), in chunks of `chunkSize` (`size` but
    /// in tests).
    init(
        numbers: [Int32], texts: [String], normaliser: PayeeNormaliser, matcher: RuleMatcher,
        chunkSize: Int = PayeeChunks.size
    ) {
        self.numbers = numbers
        self.texts = texts
        self.normaliser = normaliser
        self.matcher = matcher
        self.chunkSize = max(1, chunkSize)
        chunkCount = (numbers.count + self.chunkSize - 1) / self.chunkSize
        made = Slots(count: chunkCount)
    }

    /// Makes chunks until none is left to claim; returns how many it made.
    @discardableResult
    func work() -> Int {
        // One copy per thread: the matcher and its tables are not retained and released per text
        // by both cores at once.
        let automaton = matcher.automaton
        var count = 0
        while let chunk = claim() {
            made.set(chunk, make(chunk, automaton: automaton))
            count += 1
        }
        return count
    }

    private func make(_ chunk: Int, automaton: LiteralAutomaton) -> PayeesAhead.Part {
        let range = chunk * chunkSize..<min((chunk + 1) * chunkSize, numbers.count)
        return PayeesAhead.make(numbers[range], texts: texts, normaliser: normaliser, automaton: automaton)
    }

    private func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < chunkCount else { return nil }
        next += 1
        return next - 1
    }

    /// The payees, joined in list order; call once every thread that worked has returned from
    /// `work` (a chunk no thread made is made here).
    func joined() -> PayeesAhead {
        PayeesAhead(
            numbers: numbers,
            parts: (0..<chunkCount).map { made.take($0) ?? make($0, automaton: matcher.automaton) })
    }
}
