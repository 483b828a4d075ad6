import Foundation
import Ledger

/// Every distinct payee, memo and bank field of a journal, each normalised, folded, scanned for rule
/// literals and cut into classifier features once.
///
/// Why: real journals repeat merchants (the same supermarket every week), so per distinct text
/// rather than per row is where normalising, folding, the literal automaton and the feature words
/// pay off. Texts come numbered (`LedgerRows.texts`), so a row costs a few array lookups.
struct DistinctTexts {
    /// One distinct payee as exported: numbers, no text of its own.
    ///
    /// Why numbers: at 1M rows of real bank text nearly every payee is distinct, and a folded copy,
    /// its literal hits and a display string kept for each was about a quarter of the stage's
    /// memory. The payee is folded and scanned again where a row needs it (`rawText`), once per
    /// distinct combination of a row's texts; its display is one of few (`displays`).
    struct Payee {
        /// Keys the matcher's cache of regular-expression results for the payee as exported.
        var rawID: Int32
        /// Index into `displays`: the normalised payee for display.
        var display: Int32
        /// The clean key's number: its text (`key(of:)`), folded text (`clean(_:matcher:)`) and
        /// classifier features (`keyFeatures`).
        var key: Int32
    }

    private(set) var payees: [Payee] = []
    /// By text number: index into `payees`, or -1 until seen.
    private var payeeOfText: [Int32]
    /// Classifier features of each distinct clean key (`k:KEY`, `p:WORD`...).
    private(set) var keyFeatures = FeatureLists()
    /// Each key's number by its bytes, and by the bytes of its composed form (`keyNumber`).
    private var keyBytes = ByteKeyedCache<Int32>(capacity: 1 << 12)
    /// Each key's text, one after another, by number: key `n` is `keyText[keyEnds[n]..<keyEnds[n + 1]]`.
    private var keyText: [UInt8] = []
    private var keyEnds: [Int] = [0]
    /// Each distinct clean key folded and scanned, by `Payee.key`, once a row's rules need it
    /// (`clean`): real bank text has several distinct payees per merchant (store numbers, towns,
    /// references), about five at 100k rows, and they share one key's text (and its cached
    /// regular-expression results). At a month end the text cache settles nearly every row's
    /// rules, and nearly no key is needed.
    private var keyTexts: [FoldedText?] = []
    /// By the text cache's number of a key (`TextCache`): the key's number here, -1 until an entry
    /// of that number is met. A month end meets nearly every payee in the cache, each of a key met
    /// many times before: this array stands in for looking the key's bytes up in `keyBytes`, whose
    /// tables no core's cache holds (three misses a payee).
    private var keyOfCacheKey: [Int32] = []
    /// By key: its number in the text cache read, -1 for a key no cached entry had; what the next
    /// cache file numbers it (`CacheNumbering`).
    private(set) var cacheKeyOfKey: [Int32] = []
    /// The same of displays: by the cache's number, a display of the same bytes here; by display,
    /// its number in the cache. (Which of two displays of the same bytes a payee takes changes
    /// nothing written: each row shows its display's bytes.)
    private var displayOfCacheDisplay: [Int32] = []
    private(set) var cacheDisplayOfDisplay: [Int32] = []
    /// The display forms of the payees (`Tesco`): a payee shares the last one its clean key had
    /// when they are the same bytes, so there are about as many as clean keys.
    private(set) var displays: [String] = []
    private var keyDisplay: [Int32] = []
    /// Memo texts and their classifier features; index 0 is the empty memo.
    private(set) var memos: [FoldedText] = [FoldedText.empty]
    private(set) var memoFeatures = FeatureLists.oneEmpty
    /// By text number: index into `memos`, or -1 until seen.
    private var memoOfText: [Int32]
    /// By text number: the folded bank field, once seen.
    private var fields: [FoldedText?]
    private var nextTextID: Int32 = 0
    /// The normaliser's buffers, reused from one payee to the next.
    private var normalising = PayeeNormaliser.Scratch()
    /// Payees normalised ahead by `prepare`, in the order `payee` is expected to first meet them.
    private var ahead = PayeesAhead()
    /// The raw id of the last payee registered and its place in `ahead`, when it came from there:
    /// its exported text was folded and scanned ahead too, for `rawText`.
    private var lastTaken: (rawID: Int32, index: Int)?
    /// Payees `prepare` listed whose first row's texts the cache has, by text number, until they
    /// are registered: not normalised ahead, as their entries say what they normalise to.
    /// By text number, the entry's offset, -1 for none (an array: a dictionary's inserts and removals
    /// were a tenth of a month end's reading of rows); empty until a cache is used.
    private var foundAhead: [Int] = []
    /// Where the entry after the last one found starts (`TextCache.entry`).
    private var cacheNext = 0
    /// The next rows' payees, being normalised on another thread (`prepare`).
    private var nextBatch: PayeesAheadJob?
    var vocabulary = FeatureVocabulary()

    /// For texts numbered `0..<textCount`, number 0 being the empty text.
    init(textCount: Int) {
        payeeOfText = [Int32](repeating: -1, count: textCount)
        memoOfText = [Int32](repeating: -1, count: textCount)
        memoOfText[0] = 0
        fields = [FoldedText?](repeating: nil, count: textCount)
        fields[0] = FoldedText.empty
        // At most one per text; reserved rather than grown (pages never reached cost no memory).
        payees.reserveCapacity(textCount)
    }

    /// The distinct payee text number `number`, normalised and scanned the first time it is seen,
    /// or taken normalised from `cache` when it has an entry for it (`cached`).
    ///
    /// Why `text` is asked for only when needed, and the cache apart from its entry: the thread
    /// that looks payees up ahead (`prepare`) holds the same texts and the same cache, so each
    /// retain of them here was an atomic write to a cache line the other core also wrote: about
    /// a fifth of a month end's rules step went to the two retains of every distinct payee.
    mutating func payee(
        _ number: Int32, _ text: @autoclosure () -> String, normaliser: PayeeNormaliser, matcher: RuleMatcher,
        cached: TextCache.Entry? = nil, in cache: TextCache.Reader? = nil
    ) -> Int32 {
        let known = payeeOfText[Int(number)]
        if known >= 0 { return known }
        let taken = cached == nil ? ahead.take(number) : nil
        let key: Int32
        let display: Int32
        func numbers(_ keyUTF8: UnsafeBufferPointer<UInt8>, _ displayUTF8: UnsafeBufferPointer<UInt8>) -> Numbers {
            let key = keyNumber(keyUTF8) { String(decoding: keyUTF8, as: UTF8.self) }
            return (key, displayNumber(displayUTF8, of: key) { String(decoding: displayUTF8, as: UTF8.self) })
        }
        // Read in the cache's bytes or those normalised ahead: a string is made only for a key or
        // display not met yet.
        if let cached, let cache {
            (key, display) = cachedNumbers(cached, in: cache)
        } else if let taken {
            (key, display) = ahead.cleanTexts.withClean(taken, numbers)
        } else {
            let clean = normaliser.normalise(text(), scratch: &normalising)
            key = Self.withBytes(clean.key) { keyNumber($0) { clean.key } }
            display = Self.withBytes(clean.display) { displayNumber($0, of: key) { clean.display } }
        }
        let payee = Payee(rawID: newTextID(), display: display, key: key)
        let index = Int32(payees.count)
        payees.append(payee)
        payeeOfText[Int(number)] = index
        lastTaken = taken.map { (payee.rawID, $0) }
        return index
    }

    /// The key and display of a payee whose texts the cache has (`entry`): by the cache's numbers of
    /// them when met before, else by their bytes (then remembered under those numbers).
    private mutating func cachedNumbers(_ entry: TextCache.Entry, in cache: TextCache.Reader) -> Numbers {
        let numbers = cache.numbers(entry)
        keyOfCacheKey.padWithUnset(through: numbers.key)
        displayOfCacheDisplay.padWithUnset(through: numbers.display)
        var key = keyOfCacheKey[numbers.key]
        var display = displayOfCacheDisplay[numbers.display]
        if key >= 0, display >= 0 { return (key, display) }
        cache.withClean(entry) { keyUTF8, displayUTF8 in
            if key < 0 {
                key = keyNumber(keyUTF8) { String(decoding: keyUTF8, as: UTF8.self) }
                keyOfCacheKey[numbers.key] = key
                if cacheKeyOfKey[Int(key)] < 0 { cacheKeyOfKey[Int(key)] = Int32(numbers.key) }
            }
            if display < 0 {
                display = displayNumber(displayUTF8, of: key) { String(decoding: displayUTF8, as: UTF8.self) }
                displayOfCacheDisplay[numbers.display] = display
                if cacheDisplayOfDisplay[Int(display)] < 0 {
                    cacheDisplayOfDisplay[Int(display)] = Int32(numbers.display)
                }
            }
        }
        return (key, display)
    }

    /// The number of the clean key whose bytes are `bytes` (`text()` is the key as a string),
    /// numbered and cut into features the first time it is met.
    ///
    /// Keys are equal as strings are (canonically equivalent texts are one key, the first met
    /// giving its text), but looked up by their bytes: at 1M rows of real bank text there are tens
    /// of thousands of keys, and making, hashing and keeping a string for each was most of what a
    /// month end spent on them. Every key is also stored under its composed form's bytes, so a
    /// text beyond ASCII finds the key it equals through its own composed form (an ASCII text is
    /// its own); a string is made only for a text beyond ASCII.
    private mutating func keyNumber(_ bytes: UnsafeBufferPointer<UInt8>, text: () -> String) -> Int32 {
        if let known = keyBytes.stored(bytes) { return known }
        let key = Int32(keyFeatures.count)
        if TextFold.isASCII(bytes) {
            keyBytes.store(key, forValidUTF8: bytes)
            register(key: bytes)
            return key
        }
        let clean = text()
        let composed = clean.precomposedStringWithCanonicalMapping
        let isComposed = ByteKeyedCache<Int32>.equal(composed, bytes)
        if !isComposed, let known = Self.withBytes(composed, { keyBytes.stored($0) }) {
            keyBytes.store(known, for: bytes, text: clean)
            return known
        }
        keyBytes.store(key, for: bytes, text: clean)
        if !isComposed { Self.withBytes(composed) { keyBytes.store(key, forValidUTF8: $0) } }
        Self.withBytes(clean) { register(key: $0) }
        return key
    }

    /// Numbers a new clean key whose text's UTF-8 is `bytes`: keeps the text and its features.
    private mutating func register(key bytes: UnsafeBufferPointer<UInt8>) {
        keyFeatures.append { vocabulary.appendPayeeIDs(cleanKey: bytes, to: &$0) }
        keyText.append(contentsOf: bytes)
        keyEnds.append(keyText.count)
        keyTexts.append(nil)
        cacheKeyOfKey.append(-1)
    }

    /// The display of a payee of clean key `key` whose display's bytes are `bytes` (`text()` is
    /// the display as a string): the last one the key had when they are the same bytes, else a new
    /// one. Byte for byte, not `==` (which equates canonically equivalent texts): each payee's
    /// display must stay exactly its own.
    private mutating func displayNumber(
        _ bytes: UnsafeBufferPointer<UInt8>, of key: Int32, text: () -> String
    ) -> Int32 {
        // A key taken from the cache by number with its display may have none yet.
        keyDisplay.padWithUnset(through: Int(key))
        let last = keyDisplay[Int(key)]
        if last >= 0, ByteKeyedCache<Int32>.equal(displays[Int(last)], bytes) { return last }
        let display = text()
        // Bytes that are not UTF-8 are repaired into the text: compared as the text they make.
        if last >= 0, Self.withBytes(display, { ByteKeyedCache<Int32>.equal(displays[Int(last)], $0) }) {
            return last
        }
        displays.append(display)
        cacheDisplayOfDisplay.append(-1)
        keyDisplay[Int(key)] = Int32(displays.count - 1)
        return Int32(displays.count - 1)
    }

    /// A payee's clean key and display, by number.
    private typealias Numbers = (key: Int32, display: Int32)

    private static func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        text.utf8.withContiguousStorageIfAvailable(body) ?? Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Hands out (`payee`, then `rawText`) the payees first met in rows `range` of `rows`,
    /// normalised, folded and scanned for `matcher`'s literals ahead of the calls to `payee` that
    /// register them one after another in the same order; and starts the same for the next
    /// `range.count` rows on another thread, while the caller reads these.
    ///
    /// Why: normalising is most of the per-text work that depends on nothing else (a fifth of the
    /// stage's instructions on real bank text), so it can run on another core; numbering the keys,
    /// their features and displays stays in row order, so the result is the same on one core. The
    /// first rows' payees are normalised on every core at once (nothing runs beside them yet);
    /// every later batch on one other core while the caller reads the batch before it, so that
    /// core is not idle while the caller registers and matches (waiting on both cores for each
    /// batch cost the caller a third of its reading at 1M rows).
    ///
    /// Payees whose first row's texts `cache` has are not normalised again: they are looked up
    /// with their batch (`lookUp`: the next batch's on the other thread), and `cachedEntry` hands
    /// out what was found.
    mutating func prepare(
        rows: LedgerRows, range: Range<Int>, normaliser: PayeeNormaliser, matcher: RuleMatcher,
        cache: TextCache? = nil, cores: Int = Cores.available
    ) {
        // On one core the payees are normalised as they are met: nothing to gain by ahead, and a
        // run's payees all alive at once leave holes in the heap (150 MB more at 1M rows).
        guard cores > 1 else { return }
        if let job = nextBatch, job.range == range {
            let made = job.wait()
            ahead = made.payees
            remember(made.found)
        } else {
            let looked = Self.lookUp(list(rows: rows, range: range), texts: rows.texts, in: cache?.reader)
            remember(looked.found)
            ahead = PayeesAhead(
                numbers: looked.numbers, texts: rows.texts, normaliser: normaliser, matcher: matcher, cores: cores)
        }
        nextBatch = nil
        lastTaken = nil
        let next = range.upperBound..<min(range.upperBound + range.count, rows.count)
        guard !next.isEmpty else { return }
        nextBatch = PayeesAheadJob(
            range: next, listed: list(rows: rows, range: next), texts: rows.texts, cache: cache,
            normaliser: normaliser, matcher: matcher)
    }

    /// A payee first met in the rows `prepare` lists, with the other texts of the row that meets it.
    struct ListedPayee {
        var number: Int32
        var memo: Int32
        var bankType: Int32
        var bankCategory: Int32

        /// Row `index`'s payee and other texts.
        init(row index: Int, of rows: LedgerRows) {
            number = rows.payee[index]
            memo = rows.memo[index]
            bankType = rows.bankType[index]
            bankCategory = rows.bankCategory[index]
        }

        /// The cache's entry for these texts (numbers into `texts`; a bank field of -1 is the
        /// empty text), when it has one.
        func entry(texts: [String], in cache: TextCache.Reader, next: inout Int) -> TextCache.Entry? {
            cache.entry(
                payee: texts[Int(number)], memo: texts[Int(memo)], bankType: texts[Int(max(bankType, 0))],
                bankCategory: texts[Int(max(bankCategory, 0))], next: &next)
        }
    }

    /// The payees first met in rows `range`, in order, each listed once (marked `listed`).
    private mutating func list(rows: LedgerRows, range: Range<Int>) -> [ListedPayee] {
        var listed: [ListedPayee] = []
        for index in range {
            let number = rows.payee[index]
            guard payeeOfText[Int(number)] == Self.unseen else { continue }
            payeeOfText[Int(number)] = Self.listed
            listed.append(ListedPayee(row: index, of: rows))
        }
        return listed
    }

    /// The listed payees whose first row's texts (in `texts`) `cache` has, with the entries'
    /// offsets, and the others' numbers, to normalise: worked out with the next batch, on the
    /// thread that normalises it, which at a month end (nearly every text in the cache) would
    /// otherwise have nothing to do while the caller looked them up.
    static func lookUp(
        _ listed: [ListedPayee], texts: [String], in cache: TextCache.Reader?
    ) -> (found: [(number: Int32, offset: Int)], numbers: [Int32]) {
        guard let cache else { return ([], listed.map(\.number)) }
        var found: [(number: Int32, offset: Int)] = []
        var numbers: [Int32] = []
        var next = 0
        for payee in listed {
            if let entry = payee.entry(texts: texts, in: cache, next: &next) {
                found.append((payee.number, entry.offset))
            } else {
                numbers.append(payee.number)
            }
        }
        return (found, numbers)
    }

    /// Keeps the entries `lookUp` found for `cachedEntry` to hand out.
    private mutating func remember(_ found: [(number: Int32, offset: Int)]) {
        guard !found.isEmpty else { return }
        if foundAhead.isEmpty { foundAhead = [Int](repeating: -1, count: payeeOfText.count) }
        for (number, offset) in found { foundAhead[Int(number)] = offset }
    }

    /// The cache's entry for the texts of `key`, a row's, when it has one. For the first row of a
    /// payee `prepare` listed, what it found.
    mutating func cachedEntry(
        _ key: RowTextsKey, rows: LedgerRows, row: Int, in cache: TextCache.Reader
    ) -> TextCache.Entry? {
        if payeeOfText[Int(key.payee)] < 0 {
            if !foundAhead.isEmpty, foundAhead[Int(key.payee)] >= 0 {
                defer { foundAhead[Int(key.payee)] = -1 }
                return TextCache.Entry(offset: foundAhead[Int(key.payee)])
            }
            // Looked up by `prepare`, and not found.
            if ahead.lists(next: key.payee) { return nil }
        }
        return lookUp(rows: rows, row: row, in: cache)
    }

    private mutating func lookUp(rows: LedgerRows, row: Int, in cache: TextCache.Reader) -> TextCache.Entry? {
        ListedPayee(row: row, of: rows).entry(texts: rows.texts, in: cache, next: &cacheNext)
    }

    /// The UTF-8 of clean key `key` (a `Payee.key`).
    func withKeyBytes<T>(_ key: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        keyText.withUnsafeBufferPointer { text in
            body(UnsafeBufferPointer(rebasing: text[keyEnds[Int(key)]..<keyEnds[Int(key) + 1]]))
        }
    }

    /// The normalised key of `payee` as text.
    func key(of payee: Payee) -> String {
        keyText.withUnsafeBufferPointer { text in
            String(decoding: text[keyEnds[Int(payee.key)]..<keyEnds[Int(payee.key) + 1]], as: UTF8.self)
        }
    }

    /// Slot `cleanPayee`: the normalised key of `payee`, folded and scanned the first time it is asked for.
    mutating func clean(_ payee: Payee, matcher: RuleMatcher) -> FoldedText {
        if let known = keyTexts[Int(payee.key)] { return known }
        let folded = matcher.foldedText(alreadyFolded: key(of: payee), id: newTextID())
        keyTexts[Int(payee.key)] = folded
        return folded
    }

    /// `payeeOfText` for a text not yet registered, nor listed by `prepare`.
    private static let unseen: Int32 = -1
    /// `payeeOfText` for a text `prepare` listed (or found in the cache), until it is registered.
    private static let listed: Int32 = -2

    /// Slot `rawPayee`: the payee as exported (`text`, the text of `payee`), folded and scanned,
    /// into `target` (in place when it is the only reference to its object: `FoldedText.refill`).
    func rawText(_ payee: Payee, _ text: String, matcher: RuleMatcher, into target: inout FoldedText) {
        if let lastTaken, lastTaken.rawID == payee.rawID {
            ahead.rawText(of: lastTaken.index, text, id: payee.rawID, into: &target)
            return
        }
        target = matcher.foldedText(text, id: payee.rawID)
    }

    /// The distinct memo text number `number`, scanned the first time it is seen.
    /// (`text` is asked for only the first time, as for `payee`.)
    mutating func memo(_ number: Int32, _ text: @autoclosure () -> String, matcher: RuleMatcher) -> Int32 {
        let known = memoOfText[Int(number)]
        if known >= 0 { return known }
        let index = Int32(memos.count)
        let text = text()
        memos.append(matcher.foldedText(text, id: newTextID()))
        memoFeatures.append { vocabulary.appendMemoIDs(memo: text, to: &$0) }
        memoOfText[Int(number)] = index
        return index
    }

    /// A bank type or bank category (few distinct values) by text number, -1 for none, scanned the
    /// first time it is seen.
    mutating func field(_ number: Int32, _ text: @autoclosure () -> String, matcher: RuleMatcher) -> FoldedText {
        let slot = Int(max(number, 0))
        if let known = fields[slot] { return known }
        let folded = matcher.foldedText(text(), id: newTextID())
        fields[slot] = folded
        return folded
    }

    private mutating func newTextID() -> Int32 {
        defer { nextTextID += 1 }
        return nextTextID
    }
}
