import Ledger

/// Payees normalised ahead of the rows that first meet them, on every available core, handed out
/// one at a time in the order they were listed (`DistinctTexts.prepare`); the payee as exported
/// is folded and scanned for rule literals there too.
///
/// Why apart from `DistinctTexts`: the normaliser depends on nothing but the payee's text, so the
/// list is cut into one run per core, each run normalised with its own buffers into its own slot,
/// and the runs joined in list order: the same payees in the same order on one core or two.
///
/// Kept as bytes, made into strings on the thread that keeps them: strings made on another core
/// come from that core's heap, and the few kept for good (a key, a display) pinned it in pieces
/// (peak memory up to 100 MB higher at 1M rows with both cores). The folded texts and their
/// literal hits come back the same way, copied into arrays of the thread that takes them.
///
/// Why the scan too: folding a payee and running the literal automaton over it depend on nothing
/// but its text and the rules, and each new payee's exported text is scanned (`rawText`). Its
/// clean key is not: most keys are met before (several payees per merchant), and those scans
/// would be lost. Matching the rules stays on the main thread: the matcher's scratch and its
/// cache of `Regex` results are its own.
struct PayeesAhead {
    /// What a run or chunk of the list made, in list order (`make`): the normalised keys and
    /// displays end to end with where each ends, and the folded texts and their hits as below.
    struct Part {
        fileprivate var bytes: [UInt8] = []
        fileprivate var ends: [Int] = []
        fileprivate var folded: [UInt8] = []
        fileprivate var foldedEnds: [Int] = []
        fileprivate var hits: [LiteralHit] = []
        fileprivate var hitEnds: [Int] = []
    }

    /// The text numbers listed, in order.
    private var numbers: [Int32] = []
    /// Their normalised payees' keys and displays, end to end, in the same order.
    private var bytes: [UInt8] = []
    /// Where each key and each display ends in `bytes`, after a leading 0: payee `i`'s key is
    /// `ends[2 * i]..<ends[2 * i + 1]`, its display runs to `ends[2 * i + 2]`.
    private var ends: [Int] = [0]
    /// Each payee's folded exported text, end to end, and where each ends after a leading 0:
    /// payee `i`'s is `foldedEnds[i]..<foldedEnds[i + 1]`.
    private var folded: [UInt8] = []
    private var foldedEnds: [Int] = [0]
    /// Their literal hits, the same way.
    private var hits: [LiteralHit] = []
    private var hitEnds: [Int] = [0]
    /// The next one `take` hands out.
    private var next = 0
    /// How many runs (or chunks) the list was made in: one per core, each of at least
    /// `smallestRun` payees, when it was made on the cores at once.
    private(set) var runs = 0

    init() {}

    /// Normalises the texts numbered `numbers` (into `texts`) on `cores` cores, and folds them and
    /// scans them for `matcher`'s literals: one run per core, each of at least `smallestRun`
    /// payees, as even as can be (`PayeeChunks` of one run's size, one worker per core).
    init(numbers: [Int32], texts: [String], normaliser: PayeeNormaliser, matcher: RuleMatcher, cores: Int) {
        let runs = max(1, min(cores, numbers.count / Self.smallestRun))
        let chunks = PayeeChunks(
            numbers: numbers, texts: texts, normaliser: normaliser, matcher: matcher,
            chunkSize: (numbers.count + runs - 1) / runs)
        Cores.forEach(runs, cores: cores) { _ in chunks.work() }
        self = chunks.joined()
    }

    /// The payees numbered `numbers`, made in `parts` (`make`) of consecutive numbers, in order.
    init(numbers: [Int32], parts: [Part]) {
        self.numbers = numbers
        runs = parts.count
        ends.reserveCapacity(2 * numbers.count + 1)
        foldedEnds.reserveCapacity(numbers.count + 1)
        hitEnds.reserveCapacity(numbers.count + 1)
        for part in parts {
            let offset = bytes.count
            bytes.append(contentsOf: part.bytes)
            ends.append(contentsOf: part.ends.lazy.map { $0 + offset })
            let foldedOffset = folded.count
            folded.append(contentsOf: part.folded)
            foldedEnds.append(contentsOf: part.foldedEnds.lazy.map { $0 + foldedOffset })
            let hitOffset = hits.count
            hits.append(contentsOf: part.hits)
            hitEnds.append(contentsOf: part.hitEnds.lazy.map { $0 + hitOffset })
        }
    }

    /// The texts numbered `numbers` (into `texts`) normalised with buffers of their own, folded and
    /// scanned with `automaton`: one run or chunk of a list, on whichever thread makes it.
    static func make(
        _ numbers: ArraySlice<Int32>, texts: [String], normaliser: PayeeNormaliser, automaton: LiteralAutomaton
    ) -> Part {
        var scratch = PayeeNormaliser.Scratch()
        var part = Part()
        for number in numbers {
            let text = texts[Int(number)]
            normaliser.normalise(text, scratch: &scratch, appendingTo: &part.bytes, ends: &part.ends)
            let start = part.folded.count
            TextFold.fold(text, appendingTo: &part.folded)
            part.foldedEnds.append(part.folded.count)
            part.folded.withUnsafeBufferPointer { folded in
                RuleMatcher.hits(
                    in: UnsafeBufferPointer(rebasing: folded[start...]), automaton: automaton, into: &part.hits)
            }
            part.hitEnds.append(part.hits.count)
        }
        return part
    }

    /// The place in the list of text `number`'s payee, normalised and scanned, when it is the
    /// next one listed, else nil (the caller normalises and scans it itself). Its clean key and
    /// display are read with `cleanTexts`, its exported text with `rawText`, while still needed.
    mutating func take(_ number: Int32) -> Int? {
        guard next < numbers.count, numbers[next] == number else { return nil }
        defer { next += 1 }
        return next
    }

    /// The normalised keys and displays, to read a taken payee's (`CleanTexts.withClean`) while
    /// the caller changes what holds this list.
    var cleanTexts: CleanTexts { CleanTexts(bytes: bytes, ends: ends) }

    /// The clean keys and displays of the payees listed, as bytes.
    ///
    /// Why bytes: a payee's key and display are mostly met before (several payees per merchant),
    /// and then no string of them is needed (`DistinctTexts.keyNumber` and `displayNumber` look
    /// them up by their bytes); making two strings for every payee was most of handing it out.
    struct CleanTexts {
        fileprivate let bytes: [UInt8]
        fileprivate let ends: [Int]

        /// Calls `body` with the bytes of the clean key and display of the payee taken at `index`.
        func withClean<Result>(
            _ index: Int, _ body: (_ key: UnsafeBufferPointer<UInt8>, _ display: UnsafeBufferPointer<UInt8>) -> Result
        ) -> Result {
            bytes.withUnsafeBufferPointer { bytes in
                body(
                    UnsafeBufferPointer(rebasing: bytes[ends[2 * index]..<ends[2 * index + 1]]),
                    UnsafeBufferPointer(rebasing: bytes[ends[2 * index + 1]..<ends[2 * index + 2]]))
            }
        }
    }

    /// Whether text `number` is the next payee `take` hands out.
    func lists(next number: Int32) -> Bool { next < numbers.count && numbers[next] == number }

    /// The payee taken at `index` as exported (`text`), folded and scanned, under `id`, into
    /// `target` (`FoldedText.refill`): as `RuleMatcher.foldedText(_:id:)`.
    func rawText(of index: Int, _ text: String, id: Int32, into target: inout FoldedText) {
        folded.withUnsafeBufferPointer { folded in
            hits.withUnsafeBufferPointer { hits in
                FoldedText.refill(
                    text, folded: UnsafeBufferPointer(rebasing: folded[foldedEnds[index]..<foldedEnds[index + 1]]),
                    hits: UnsafeBufferPointer(rebasing: hits[hitEnds[index]..<hitEnds[index + 1]]), id: id,
                    in: &target)
            }
        }
    }

    /// Fewer payees than this are not worth a thread of their own.
    private static let smallestRun = 256
}
