import Ledger

/// Payees normalised ahead of the rows that first meet them, on every available core, handed out
/// one at a time in the order they were listed (`DistinctTexts.prepare`).
///
/// Why apart from `DistinctTexts`: the normaliser depends on nothing but the payee's text, so the
/// list is cut into one run per core, each run normalised with its own buffers into its own slot,
/// and the runs joined in list order: the same payees in the same order on one core or two.
struct PayeesAhead {
    /// The text numbers listed, in order.
    private var numbers: [Int32] = []
    /// Their normalised payees, in the same order.
    private var cleans: [CleanPayee] = []
    /// The next one `take` hands out.
    private var next = 0
    /// How many runs the list was cut into: one per core, each of at least `smallestRun` payees.
    private(set) var runs = 0

    init() {}

    /// Normalises the texts numbered `numbers` (into `texts`) on `cores` cores.
    init(numbers: [Int32], texts: [String], normaliser: PayeeNormaliser, cores: Int) {
        self.numbers = numbers
        let runs = max(1, min(cores, numbers.count / Self.smallestRun))
        self.runs = runs
        let slots = Slots<[CleanPayee]>(count: runs)
        Cores.forEach(runs, cores: cores) { run in
            var scratch = PayeeNormaliser.Scratch()
            let range = Self.range(of: run, runs: runs, count: numbers.count)
            slots.set(run, numbers[range].map { normaliser.normalise(texts[Int($0)], scratch: &scratch) })
        }
        cleans.reserveCapacity(numbers.count)
        for run in slots.values { cleans.append(contentsOf: run ?? []) }
    }

    /// The normalised payee of text `number` when it is the next one listed, else nil (the caller
    /// normalises it itself).
    mutating func take(_ number: Int32) -> CleanPayee? {
        guard next < numbers.count, numbers[next] == number else { return nil }
        defer { next += 1 }
        return cleans[next]
    }

    /// Fewer payees than this are not worth a thread of their own.
    private static let smallestRun = 256

    /// Run `run` of `runs` over `count` listed payees: as even as can be, in list order.
    private static func range(of run: Int, runs: Int, count: Int) -> Range<Int> {
        (count * run / runs)..<(count * (run + 1) / runs)
    }
}
