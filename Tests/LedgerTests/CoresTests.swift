import Dispatch
import Foundation
import Ledger
import Testing

@Suite("Cores")
struct CoresTests {
    /// Both pieces run, each once; on one core, the first and then the second.
    @Test func bothRunsEachPieceOnceAndInOrderOnOneCore() {
        let log = Log()
        Cores.both(cores: 1) {
            log.add("first")
        } _: {
            log.add("second")
        }
        #expect(log.entries == ["first", "second"])
        let twice = Log()
        Cores.both(cores: 2) {
            twice.add("first")
        } _: {
            twice.add("second")
        }
        #expect(twice.entries.sorted() == ["first", "second"])
    }

    /// Inside `forEach`, the two pieces still run at the same time: the first waits for a signal
    /// only the second gives. (A `forEach(2)` nested in another runs its pieces one after the other
    /// on two cores, so the first would wait in vain.)
    @Test func bothRunsSideBySideInsideForEach() {
        let signalled = Log()
        Cores.forEach(2, cores: 2) { index in
            guard index == 0 else { return }
            let signal = DispatchSemaphore(value: 0)
            Cores.both(cores: 2) {
                if signal.wait(timeout: .now() + 20) == .success { signalled.add("in time") }
            } _: {
                signal.signal()
            }
        }
        #expect(signalled.entries == ["in time"])
    }

    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ entry: String) { lock.withLock { list.append(entry) } }
        var entries: [String] { lock.withLock { list } }
    }
}
