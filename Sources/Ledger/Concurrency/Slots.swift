import Foundation

/// One value per piece of parallel work (`Cores.forEach`), each piece writing only its own slot,
/// read back in slot order once every piece is done: the order the pieces finish in cannot change
/// what is made.
///
/// Why one type: import (a file per piece), analyze and report (a month per piece), export (a
/// format per piece) and the journal decode (a run of lines per piece) all hand results back
/// from several threads the same way; the lock makes each hand-over safe.
public final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    /// `count` empty slots.
    public init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Slots that start full, one per value: for handing work out (`take`).
    public init(_ values: [Value]) { slots = values.map { $0 } }

    /// Fills slot `index`.
    public func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Empties slot `index` and gives its value out once: the slot then holds no reference to it,
    /// so the piece that took it frees it when done.
    public func take(_ index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        let value = slots[index]
        slots[index] = nil
        return value
    }

    /// The value of slot `index`: nil until its piece set it.
    public subscript(index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return slots[index]
    }

    /// Every slot's value in slot order, nil where none was set.
    public var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
