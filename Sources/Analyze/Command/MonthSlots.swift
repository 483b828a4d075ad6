import Foundation

/// One result per month, filled from several threads (`Cores.forEach`), each writing only its own
/// slot, and read back in month order once every thread is done: the order the months finish in
/// cannot change what is made.
final class MonthSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// The value of `index`: nil until its thread set it.
    subscript(index: Int) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return slots[index]
    }
}
