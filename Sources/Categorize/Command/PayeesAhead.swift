import Ledger

/// Payees normalised ahead of the rows that first meet them, on every available core, handed out
/// one at a time in the order they were listed (`DistinctTexts.prepare`).
///
/// Why apart from `DistinctTexts`: the normaliser depends on nothing but the payee's text, so the
/// list is cut into one run per core, each run normalised with its own buffers into its own slot,
/// and the runs joined in list order: the same payees in the same order on one core or two.
///
/// Kept as bytes, made into strings on the thread that keeps them: strings made on another core
/// come from that core's heap, and the few kept for good (a key, a display) pinned it in pieces
/// (peak memory up to 100 MB higher at 1M rows with both cores).
struct PayeesAhead {
    /// The text numbers listed, in order.
    private var numbers: [Int32] = []
    /// Their normalised payees' keys and displays, end to end, in the same order.
    private var bytes: [UInt8] = []
    /// Where each key and each display ends in `bytes`, after a leading 0: payee `i`'s key is
    /// `ends[2 * i]..<ends[2 * i + 1]`, its display runs to `ends[2 * i + 2]`.
    private var ends: [Int] = [0]
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
        let slots = Slots<(bytes: [UInt8], ends: [Int])>(count: runs)
        Cores.forEach(runs, cores: cores) { run in
            var scratch = PayeeNormaliser.Scratch()
            var bytes: [UInt8] = []
            var ends: [Int] = []
            for number in numbers[Self.range(of: run, runs: runs, count: numbers.count)] {
                let clean = normaliser.normalise(texts[Int(number)], scratch: &scratch)
                bytes.append(contentsOf: clean.key.utf8)
                ends.append(bytes.count)
                bytes.append(contentsOf: clean.display.utf8)
                ends.append(bytes.count)
            }
            slots.set(run, (bytes, ends))
        }
        ends.reserveCapacity(2 * numbers.count + 1)
        for case let run? in slots.values {
            let offset = bytes.count
            bytes.append(contentsOf: run.bytes)
            ends.append(contentsOf: run.ends.lazy.map { $0 + offset })
        }
    }

    /// The normalised payee of text `number` when it is the next one listed, else nil (the caller
    /// normalises it itself).
    mutating func take(_ number: Int32) -> CleanPayee? {
        guard next < numbers.count, numbers[next] == number else { return nil }
        defer { next += 1 }
        return bytes.withUnsafeBufferPointer { bytes in
            func text(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return CleanPayee(
                display: text(ends[2 * next + 1]..<ends[2 * next + 2]), key: text(ends[2 * next]..<ends[2 * next + 1]))
        }
    }

    /// Fewer payees than this are not worth a thread of their own.
    private static let smallestRun = 256

    /// Run `run` of `runs` over `count` listed payees: as even as can be, in list order.
    private static func range(of run: Int, runs: Int, count: Int) -> Range<Int> {
        (count * run / runs)..<(count * (run + 1) / runs)
    }
}
