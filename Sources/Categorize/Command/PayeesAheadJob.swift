import Dispatch

/// `PayeesAhead` made on another thread: started when made, waited for by `wait`.
///
/// Its inputs are let go of on that thread as soon as the payees are made: the texts are the rows'
/// own array, and the caller appends to it later (a display per payee), which would copy the whole
/// array while a reference to it lived on here.
final class PayeesAheadJob: @unchecked Sendable {
    /// The rows whose payees it normalises.
    let range: Range<Int>
    private let done = DispatchSemaphore(value: 0)
    // Written on the job's thread before `done` is signalled, read after `wait` returns.
    private var inputs: (numbers: [Int32], texts: [String], normaliser: PayeeNormaliser, matcher: RuleMatcher)?
    private var made: PayeesAhead?

    init(range: Range<Int>, numbers: [Int32], texts: [String], normaliser: PayeeNormaliser, matcher: RuleMatcher) {
        self.range = range
        inputs = (numbers, texts, normaliser, matcher)
        DispatchQueue.global().async { [self] in
            made = inputs.take().map {
                PayeesAhead(
                    numbers: $0.numbers, texts: $0.texts, normaliser: $0.normaliser, matcher: $0.matcher, cores: 1)
            }
            done.signal()
        }
    }

    /// The payees, once made.
    func wait() -> PayeesAhead {
        done.wait()
        return made.take() ?? PayeesAhead()
    }
}
