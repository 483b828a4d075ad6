import Foundation

/// `PayeesAhead` made on another thread, after looking the listed payees up in the text cache
/// (`DistinctTexts.lookUp`): started when made, waited for by `wait`, which makes what is left of
/// it on the caller's thread rather than wait idle (`PayeeChunks`).
///
/// Its inputs are let go of as soon as the payees are made: the texts are the rows' own array, and
/// the caller appends to it later (a display per payee), which would copy the whole array while a
/// reference to it lived on here.
final class PayeesAheadJob: @unchecked Sendable {
    /// The rows whose payees it normalises.
    let range: Range<Int>
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Written on the job's thread before `done` is signalled, read after `wait` returns.
    private var inputs:
        (
            listed: [DistinctTexts.ListedPayee], texts: [String], cache: TextCache?, normaliser: PayeeNormaliser,
            matcher: RuleMatcher
        )?
    private var made: Made?
    /// The payees to normalise, once looked up; shared with the caller under `lock`.
    private var chunks: PayeeChunks?

    /// What the job made: the payees found in the cache, and the others normalised.
    struct Made {
        var found: [(number: Int32, offset: Int)] = []
        /// Nil when the caller made some of the chunks: it joins them.
        var payees: PayeesAhead?
    }

    init(
        range: Range<Int>, listed: [DistinctTexts.ListedPayee], texts: [String], cache: TextCache?,
        normaliser: PayeeNormaliser, matcher: RuleMatcher
    ) {
        self.range = range
        inputs = (listed, texts, cache, normaliser, matcher)
        DispatchQueue.global().async { [self] in
            run()
            done.signal()
        }
    }

    /// Looks the payees up, then makes chunks of those to normalise until none is left; joins them
    /// when it made every one (else the caller made some, and joins them in `wait`). What it
    /// holds is let go of when it returns.
    private func run() {
        guard let inputs = inputs.take() else { return }
        let looked = DistinctTexts.lookUp(inputs.listed, texts: inputs.texts, in: inputs.cache?.reader)
        let work = PayeeChunks(
            numbers: looked.numbers, texts: inputs.texts, normaliser: inputs.normaliser, matcher: inputs.matcher)
        lock.lock()
        chunks = work
        lock.unlock()
        let joined = work.work() == work.chunkCount ? work.joined() : nil
        made = Made(found: looked.found, payees: joined)
    }

    /// What was made, once made: the chunks not claimed yet are made here meanwhile.
    func wait() -> (found: [(number: Int32, offset: Int)], payees: PayeesAhead) {
        lock.lock()
        let work = chunks
        lock.unlock()
        _ = work?.work()
        done.wait()
        lock.lock()
        let taken = chunks.take()
        lock.unlock()
        let made = made.take() ?? Made()
        return (made.found, made.payees ?? taken?.joined() ?? PayeesAhead())
    }
}
