import Foundation

/// How many cores a stage may use for work that splits by itself (files, months, formats).
///
/// Why one knob: every stage that works on several cores must give the same bytes as one that
/// works on one, and a test proves it by running the pipeline both ways. `CLOSEBOOK_JOBS=1` in the
/// environment makes every stage run its parallel work one piece after another; any other
/// positive number caps the cores used; unset or invalid, a stage uses every active core.
public enum Cores {
    /// The environment variable that caps the cores used.
    public static let variable = "CLOSEBOOK_JOBS"

    /// The cores a stage may use: `CLOSEBOOK_JOBS` when it is a positive whole number (never more
    /// than the machine has), else every active core.
    ///
    /// Read with `getenv`, not `ProcessInfo.environment`, which copies the whole environment into a
    /// dictionary at every call (a stage asks once per batch of rows).
    public static var available: Int {
        guard let value = getenv(variable), let asked = Int(String(cString: value)), asked > 0 else { return machine }
        return min(asked, machine)
    }

    /// Every active core of the machine, read once: Foundation reads it from the control group's
    /// files at every call (two files opened and read), and a stage asks once per batch of rows.
    private static let machine = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Runs `body` once for each index in `0..<count`: one after another when one core is
    /// available, on every available core otherwise. `body` must write only its own index's
    /// results, so that the order the pieces finish in cannot change what is made.
    public static func forEach(_ count: Int, cores: Int = available, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        if cores <= 1 || count == 1 {
            for index in 0..<count { body(index) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = Work(body: body)
            DispatchQueue.concurrentPerform(iterations: count) { index in work.body(index) }
        }
    }

    /// Runs `first` on this thread and `second` on a thread of its own at the same time (one after
    /// the other when `cores` is one), and returns when both are done. The two must write only
    /// their own results, as for `forEach`.
    ///
    /// Why not `forEach(2)`: libdispatch gives a `concurrentPerform` run inside another one only
    /// its share of the cores (on two cores, one), so a large file read in two parts while the
    /// import reads another file beside it was read one part after the other.
    public static func both(cores: Int = available, _ first: () -> Void, _ second: () -> Void) {
        guard cores > 1 else {
            first()
            second()
            return
        }
        withoutActuallyEscaping(second) { second in
            // The thread lets go of `second` before it signals: the thread object keeps its block
            // until the thread ends, and `second` must not outlive this call.
            let handed = Handed(Work(body: { _ in second() }))
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                handed.run()
                done.signal()
            }
            thread.start()
            first()
            done.wait()
        }
    }

    /// A piece of work handed to a thread, dropped once it has run.
    private final class Handed: @unchecked Sendable {
        private var work: Work?
        init(_ work: Work) { self.work = work }
        func run() {
            work?.body(1)
            work = nil
        }
    }

    /// The caller's closure, carried onto the worker threads; `forEach` documents what it may do.
    private struct Work: @unchecked Sendable {
        let body: (Int) -> Void
    }
}
