/// Aho–Corasick over folded bytes: finds every occurrence of every literal of every rule in one
/// pass over a text, however many rules there are.
///
/// Built once per run as a full DFA (failure links folded into the transition table) over byte
/// classes: bytes that occur in no literal share class 0, so the table stays small (states × classes).
struct LiteralAutomaton: Sendable {
    private let classOf: [UInt8]
    private let classCount: Int
    private let transitions: [Int32]
    private let outputStart: [Int32]
    private let outputs: [Int32]
    /// The byte length of each pattern.
    let lengths: [Int32]

    init(patterns: [[UInt8]]) {
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
        var outputStart: [Int32] = []
        var outputs: [Int32] = []
        outputStart.reserveCapacity(stateCount + 1)
        for state in 0..<stateCount {
            outputStart.append(Int32(outputs.count))
            outputs += merged[state]
        }
        outputStart.append(Int32(outputs.count))
        self.classOf = classOf
        self.classCount = classCount
        self.transitions = table
        self.outputStart = outputStart
        self.outputs = outputs
        self.lengths = patterns.map { Int32($0.count) }
    }

    var isEmpty: Bool { lengths.isEmpty }

    /// Calls `visit(pattern, end)` for every occurrence, `end` being the index after its last byte.
    @inline(__always)
    func scan(_ text: [UInt8], _ visit: (Int32, Int) -> Void) {
        guard !lengths.isEmpty else { return }
        classOf.withUnsafeBufferPointer { classes in
            transitions.withUnsafeBufferPointer { table in
                outputStart.withUnsafeBufferPointer { starts in
                    text.withUnsafeBufferPointer { bytes in
                        var state = 0
                        for index in 0..<bytes.count {
                            state = Int(table[state &* classCount &+ Int(classes[Int(bytes[index])])])
                            let begin = Int(starts[state])
                            let end = Int(starts[state &+ 1])
                            if begin != end {
                                for output in begin..<end { visit(outputs[output], index &+ 1) }
                            }
                        }
                    }
                }
            }
        }
    }
}
