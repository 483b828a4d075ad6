import Foundation
import Ledger

/// Writes the pieces of a file on a thread of its own while the caller makes the next ones.
///
/// Why: a million-row journal is some 230 MB, and the kernel's copy of it into the page cache
/// (`write`) cost as much processor time as encoding it (0.3-0.5 s on this kind of machine),
/// all on the one core that imports a large single file while the other waits. Handed to a
/// second thread, the copy runs beside the encoding. The pieces are written in the order they
/// are given, so the file's bytes are the same as when they are written in place; with one core
/// (`CLOSEBOOK_JOBS=1`) they are.
///
/// A piece is handed over by exchange (`hand`): the caller's filled array goes to the writer and
/// the caller gets one of `slotCount` buffers back to fill next, its bytes not copied (a copy of
/// a 230 MB journal a piece at a time was a tenth of the import's journal phase). The caller
/// waits only when all of them are still to be written, so at most `slotCount` pieces are in
/// memory. A thread of its own,
/// not `Cores.forEach`: the writer waits for pieces that another piece of work makes, and a pool
/// may run the two one after the other.
final class WriteBehind: @unchecked Sendable {
    /// Buffers in flight: enough that neither side waits on the other's bursts.
    static let slotCount = 4

    private let condition = NSCondition()
    /// Buffers waiting to be written, oldest first; buffers free to fill.
    private var full: [[UInt8]] = []
    private var free: [[UInt8]] = []
    private var finished = false
    private var writerDone = false
    private let write: (UnsafeBufferPointer<UInt8>) -> Void

    private init(write: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.write = write
        free = (0..<WriteBehind.slotCount).map { _ in [] }
    }

    /// Calls `make` with a sink for the file's pieces, which `write` receives in the same order:
    /// on a second thread when `cores` is more than one, else at once. The sink takes the bytes
    /// of the piece it is given and leaves it empty, to be filled with the next. Returns when
    /// every piece is written.
    static func run(
        cores: Int, write: @escaping (UnsafeBufferPointer<UInt8>) -> Void,
        make: ((inout [UInt8]) -> Void) -> Void
    ) {
        guard cores > 1 else {
            make { piece in
                piece.withUnsafeBufferPointer { write($0) }
                piece.removeAll(keepingCapacity: true)
            }
            return
        }
        let pipe = WriteBehind(write: write)
        let thread = Thread { pipe.drain() }
        thread.start()
        make { pipe.hand(&$0) }
        pipe.finish()
    }

    /// Queues `piece` and gives back in its place a free buffer, emptied (waiting for one to come
    /// free).
    private func hand(_ piece: inout [UInt8]) {
        condition.lock()
        while free.isEmpty { condition.wait() }
        var buffer = free.removeLast()
        condition.unlock()
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &piece)
        condition.lock()
        full.append(buffer)
        condition.broadcast()
        condition.unlock()
    }

    /// Says no more pieces come, and waits until the writer has written them all.
    private func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        while !writerDone { condition.wait() }
        condition.unlock()
    }

    /// The writer thread: writes the queued buffers in order until `finish` and an empty queue.
    private func drain() {
        condition.lock()
        while true {
            while full.isEmpty && !finished { condition.wait() }
            if full.isEmpty { break }
            let buffer = full.removeFirst()
            condition.unlock()
            buffer.withUnsafeBufferPointer { write($0) }
            condition.lock()
            free.append(buffer)
            condition.broadcast()
        }
        writerDone = true
        condition.broadcast()
        condition.unlock()
    }
}
