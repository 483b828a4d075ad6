import Dispatch
import Ledger

/// Where a tokenizer sends element events: straight to a builder, or into batches for another thread.
protocol OFXEventSink {
    /// Bytes left in the file after a statement tag that is about to open (a capacity hint).
    mutating func statementAhead(bytesRemaining: Int)
    mutating func start(_ tag: OFXTag, line: Int, column: Int) throws(ImportDiagnostic)
    mutating func end(_ tag: OFXTag) throws(ImportDiagnostic)
    mutating func leaf(
        _ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) throws(ImportDiagnostic)
}

extension OFXStatementBuilder: OFXEventSink {
    mutating func statementAhead(bytesRemaining: Int) { self.bytesRemaining = bytesRemaining }
}

/// A run of element events written as plain bytes, so one thread can read XML while another
/// builds statements from what it read.
///
/// Each event is a kind byte, a tag byte and a 4-byte line; a leaf adds a 4-byte length and its
/// value; a statement hint adds 8 bytes.
struct OFXEventBatch: OFXEventSink {
    private(set) var bytes: [UInt8] = []

    private enum Kind: UInt8 {
        case start, end, leaf, statementAhead
    }

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    mutating func statementAhead(bytesRemaining: Int) {
        header(.statementAhead, .other, line: 0)
        append(UInt64(bytesRemaining))
    }

    mutating func start(_ tag: OFXTag, line: Int, column: Int) {
        header(.start, tag, line: line)
    }

    mutating func end(_ tag: OFXTag) {
        header(.end, tag, line: 0)
    }

    mutating func leaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        header(.leaf, tag, line: line)
        append(UInt32(truncatingIfNeeded: value.count))
        bytes.append(contentsOf: value)
    }

    /// Sends the events, in order, to `sink`.
    func replay(into sink: inout some OFXEventSink) throws(ImportDiagnostic) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImportDiagnostic) in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            var offset = 0
            while offset < buffer.count {
                let kind = Kind(rawValue: buffer[offset]) ?? .end
                let tag = OFXTag(rawValue: buffer[offset + 1]) ?? .other
                let line = Int(raw.loadUnaligned(fromByteOffset: offset + 2, as: UInt32.self))
                offset += 6
                switch kind {
                case .start:
                    try sink.start(tag, line: line, column: 1)
                case .end:
                    try sink.end(tag)
                case .leaf:
                    let count = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                    offset += 4
                    try sink.leaf(
                        tag, UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)]), line: line, column: 1)
                    offset += count
                case .statementAhead:
                    sink.statementAhead(bytesRemaining: Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                    offset += 8
                }
            }
        }
    }

    @inline(__always)
    private mutating func header(_ kind: Kind, _ tag: OFXTag, line: Int) {
        bytes.append(kind.rawValue)
        bytes.append(tag.rawValue)
        append(UInt32(truncatingIfNeeded: line))
    }

    @inline(__always)
    private mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    private mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}

/// A bounded queue of event batches between the thread that reads XML and the one that builds.
///
/// The reader thread `send`s full batches and blocks while `depth` are waiting; the builder
/// `receive`s them in order and hands each back to be refilled. `cancel()` (when the builder has
/// failed) makes the next `send` return false so the reader stops early; the builder still drains
/// the queue until the reader says it is done, so neither side is left blocked.
final class OFXEventPipe: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private let filled = DispatchSemaphore(value: 0)
    private let slots: DispatchSemaphore
    private var queue: [OFXEventBatch] = []
    private var spares: [OFXEventBatch] = []
    private var cancelled = false
    private var finished = false

    init(depth: Int) {
        slots = DispatchSemaphore(value: depth)
    }

    /// Queues a full batch; false when the builder has given up and the reader should stop.
    func send(_ batch: OFXEventBatch) -> Bool {
        slots.wait()
        lock.wait()
        let keepGoing = !cancelled
        queue.append(batch)
        lock.signal()
        filled.signal()
        return keepGoing
    }

    /// Marks the end of the events (after the last `send`).
    func finish() {
        lock.wait()
        finished = true
        lock.signal()
        filled.signal()
    }

    /// The next batch, or nil once the reader has finished and everything was received.
    func receive() -> OFXEventBatch? {
        while true {
            filled.wait()
            lock.wait()
            if !queue.isEmpty {
                let batch = queue.removeFirst()
                lock.signal()
                slots.signal()
                return batch
            }
            let done = finished
            lock.signal()
            if done { return nil }
        }
    }

    /// An empty batch to fill, reusing the storage of one already received when there is one.
    func emptyBatch(capacity: Int) -> OFXEventBatch {
        lock.wait()
        defer { lock.signal() }
        guard var batch = spares.popLast() else { return OFXEventBatch(capacity: capacity) }
        batch.removeAll()
        return batch
    }

    /// Gives a received batch back for reuse.
    func recycle(_ batch: OFXEventBatch) {
        lock.wait()
        if spares.count < 4 { spares.append(batch) }
        lock.signal()
    }

    func cancel() {
        lock.wait()
        cancelled = true
        lock.signal()
    }
}
