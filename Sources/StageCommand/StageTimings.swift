/// Where a run's time went, phase by phase, for `closebook-analyze --timings` and `make bench`.
/// Phases measured many times (once per month) add up under one name, in the order first seen.
public struct StageTimings: Sendable {
    public private(set) var phases: [(name: String, duration: Duration)] = []
    private let clock = ContinuousClock()

    public init() {}

    /// Runs `body`, adding its duration to the phase `name`.
    public mutating func time<T, E: Error>(_ name: String, _ body: () throws(E) -> T) throws(E) -> T {
        let start = clock.now
        let result = try body()
        add(name, clock.now - start)
        return result
    }

    public mutating func add(_ name: String, _ duration: Duration) {
        if let index = phases.firstIndex(where: { $0.name == name }) {
            phases[index].duration += duration
        } else {
            phases.append((name, duration))
        }
    }

    /// Adds every phase of `other`, as if its work had been timed here.
    public mutating func merge(_ other: StageTimings) {
        for phase in other.phases { add(phase.name, phase.duration) }
    }

    /// One line per phase, `  history            412.3 ms`, and the total.
    public var lines: [String] {
        func ms(_ d: Duration) -> String {
            let tenths = Int(
                ((Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15) * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) ms"
        }
        let width = max(phases.map(\.name.count).max() ?? 0, 5)
        let total = phases.reduce(Duration.zero) { $0 + $1.duration }
        return (phases + [("total", total)]).map { name, duration in
            "  " + name + String(repeating: " ", count: width - name.count + 2) + ms(duration)
        }
    }
}
