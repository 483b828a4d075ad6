/// Aho–Corasick over folded bytes: finds every occurrence of every literal of every rule in one
/// pass over a text, however many rules there are.
///
/// Built once per run as a full DFA (failure links folded into the transition table) over byte
/// classes: bytes that occur in no literal share class 0, so the table stays small (states × classes).
///
/// Why 16-bit states, and states with outputs numbered last: with 1,000 rules (2,500 literals,
/// 20,000 states, 32 classes) a table of 32-bit states is 2.6 MB, more than a core's L2 cache, and
/// each byte read one entry of it and two of the outputs' starts. Up to 65,536 states the table
/// holds 16-bit states (half the memory), and a state has outputs exactly when its number is at
/// least `firstWithOutput`, so a byte costs one load of the table and a comparison.
struct LiteralAutomaton: Sendable {
    private let classOf: [UInt8]
    private let classCount: Int
    /// The transitions, `state * classCount + class`: 16-bit when every state fits, else 32-bit
    /// (the other one empty).
    private let narrow: [UInt16]
    private let wide: [Int32]
    private let start: Int
    /// States from this one on have outputs; `outputStart` is by `state - firstWithOutput`.
    private let firstWithOutput: Int
    private let outputStart: [Int32]
    private let outputs: [Int32]
    /// The byte length of each pattern.
    let lengths: [Int32]

    /// The largest number of states held in 16 bits.
    static let narrowLimit = Int(UInt16.max) + 1

    /// `narrowLimit` is for tests, which build the 32-bit table on small pattern sets.
    init(patterns: [[UInt8]], narrowLimit: Int = LiteralAutomaton.narrowLimit) {
        var classOf = [UInt8](repeating: 0, count: 256)
        var nextClass = 1
        for pattern in patterns {
            for byte in pattern where classOf[Int(byte)] == 0 {
                classOf[Int(byte)] = UInt8(truncatingIfNeeded: nextClass)
                nextClass += 1
            }
        }
        // Patterns are folded, so upper-case ASCII never occurs in them: at most 230 classes, and
        // the class of a byte always fits in a UInt8.
        let classCount = nextClass
        var table: [Int32] = Array(repeating: -1, count: classCount)
        var own: [[Int32]] = [[]]
        for (id, pattern) in patterns.enumerated() {
            var state = 0
            for byte in pattern {
                let slot = state * classCount + Int(classOf[Int(byte)])
                if table[slot] < 0 {
                    table[slot] = Int32(own.count)
                    own.append([])
                    table.append(contentsOf: repeatElement(-1, count: classCount))
                }
                state = Int(table[slot])
            }
            own[state].append(Int32(id))
        }
        let stateCount = own.count
        var failure = [Int32](repeating: 0, count: stateCount)
        var queue: [Int] = []
        queue.reserveCapacity(stateCount)
        for byteClass in 0..<classCount {
            let target = table[byteClass]
            if target < 0 {
                table[byteClass] = 0
            } else {
                failure[Int(target)] = 0
                queue.append(Int(target))
            }
        }
        var head = 0
        var merged = own
        while head < queue.count {
            let state = queue[head]
            head += 1
            merged[state] += merged[Int(failure[state])]
            for byteClass in 0..<classCount {
                let slot = state * classCount + byteClass
                let target = table[slot]
                let fallback = table[Int(failure[state]) * classCount + byteClass]
                if target < 0 {
                    table[slot] = fallback
                } else {
                    failure[Int(target)] = fallback
                    queue.append(Int(target))
                }
            }
        }
        // Renumbered: the states without outputs first, in the order made, then those with.
        var renumbered = [Int](repeating: 0, count: stateCount)
        var next = 0
        for state in 0..<stateCount where merged[state].isEmpty {
            renumbered[state] = next
            next += 1
        }
        let firstWithOutput = next
        var outputStart: [Int32] = []
        var outputs: [Int32] = []
        outputStart.reserveCapacity(stateCount - firstWithOutput + 1)
        for state in 0..<stateCount where !merged[state].isEmpty {
            renumbered[state] = next
            next += 1
            outputStart.append(Int32(outputs.count))
            outputs += merged[state]
        }
        outputStart.append(Int32(outputs.count))
        var moved = [Int32](repeating: 0, count: table.count)
        for state in 0..<stateCount {
            let from = state * classCount
            let to = renumbered[state] * classCount
            for byteClass in 0..<classCount { moved[to + byteClass] = Int32(renumbered[Int(table[from + byteClass])]) }
        }
        let isNarrow = stateCount <= narrowLimit
        self.narrow = isNarrow ? moved.map { UInt16(truncatingIfNeeded: $0) } : []
        self.wide = isNarrow ? [] : moved
        self.classOf = classOf
        self.classCount = classCount
        self.start = renumbered[0]
        self.firstWithOutput = firstWithOutput
        self.outputStart = outputStart
        self.outputs = outputs
        self.lengths = patterns.map { Int32($0.count) }
    }

    var isEmpty: Bool { lengths.isEmpty }

    /// Calls `visit(pattern, end)` for every occurrence, `end` being the index after its last byte.
    @inline(__always)
    func scan(_ text: UnsafeBufferPointer<UInt8>, _ visit: (Int32, Int) -> Void) {
        guard !lengths.isEmpty else { return }
        if wide.isEmpty {
            narrow.withUnsafeBufferPointer { scan(text, table: $0, visit) }
        } else {
            wide.withUnsafeBufferPointer { scan(text, table: $0, visit) }
        }
    }

    @inline(__always)
    private func scan<State: FixedWidthInteger>(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<State>, _ visit: (Int32, Int) -> Void
    ) {
        let (classCount, firstWithOutput) = (self.classCount, self.firstWithOutput)
        classOf.withUnsafeBufferPointer { classes in
            outputStart.withUnsafeBufferPointer { starts in
                var state = start
                for index in 0..<bytes.count {
                    state = Int(table[state &* classCount &+ Int(classes[Int(bytes[index])])])
                    if state >= firstWithOutput {
                        let found = state &- firstWithOutput
                        for output in Int(starts[found])..<Int(starts[found &+ 1]) {
                            visit(outputs[output], index &+ 1)
                        }
                    }
                }
            }
        }
    }
}
