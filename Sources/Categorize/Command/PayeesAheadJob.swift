import Dispatch

/// `PayeesAhead` made on another thread, after looking the listed payees up in the text cache
/// (`DistinctTexts.lookUp`): started when made, waited for by `wait`.
///
/// Its inputs are let go of on that thread as soon as the payees are made: the texts are the rows'
/// own array, and the caller appends to it later (a display per payee), which would copy the whole
/// array while a reference to it lived on here.
final class PayeesAheadJob: @unchecked Sendable {
    /// The rows whose payees it normalises.
    let range: Range<Int>
    private let done = DispatchSemaphore(value: 0)
    // Written on the job's thread before `done` is signalled, read after `wait` returns.
    private var inputs:
        (
            listed: [DistinctTexts.ListedPayee], texts: [String], cache: TextCache?, normaliser: PayeeNormaliser,
            matcher: RuleMatcher
        )?
    private var made: Made?

    /// What the job made: the payees found in the cache, and the others normalised.
    struct Made {
        var found: [(number: Int32, offset: Int)] = []
        var payees = PayeesAhead()
    }

    init(
        range: Range<Int>, listed: [DistinctTexts.ListedPayee], texts: [String], cache: TextCache?,
        normaliser: PayeeNormaliser, matcher: RuleMatcher
    ) {
        self.range = range
        inputs = (listed, texts, cache, normaliser, matcher)
        DispatchQueue.global().async { [self] in
            made = inputs.take().map {
                // `$0` holds the cache while its reader is used.
                let looked = DistinctTexts.lookUp($0.listed, texts: $0.texts, in: $0.cache?.reader)
                return Made(
                    found: looked.found,
                    payees: PayeesAhead(
                        numbers: looked.numbers, texts: $0.texts, normaliser: $0.normaliser, matcher: $0.matcher,
                        cores: 1))
            }
            done.signal()
        }
    }

    /// What was made, once made.
    func wait() -> Made {
        done.wait()
        return made.take() ?? Made()
    }
}
