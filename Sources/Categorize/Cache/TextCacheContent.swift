import Ledger

/// What a run hands on to the next one's text cache: each distinct combination of texts it met, in
/// the order met, what the payee normalised to and what the rules made of the texts. Written as the
/// cache file (`write(rows:to:)`) while the ledger is written, on the other core.
struct TextCacheContent {
    var fingerprint: [UInt8]
    var rowTexts: [RowTexts]
    var texts: DistinctTexts
    /// By `RowTexts.decision`.
    var decisions: [RuleDecision]
    /// The cache the run read, and where each of `rowTexts` was found in it (-1 where it was not):
    /// those entries are copied as they are.
    var cache: TextCache?
    var cacheEntries: [Int32]

    /// Writes the cache file to `file`, `rows` being the rows the texts are numbered in. Entries
    /// found in the last cache are copied from it, each run of them in file order at once.
    func write(rows: LedgerRows, to file: AtomicFileWriter) {
        var writer = TextCache.Writer(fingerprint: fingerprint, to: file)
        // Few distinct decisions: their lists once, not a whole decision copied per row.
        let matched = decisions.map(\.matched)
        var numbers = CacheNumbers(texts: texts, cache: cache)
        func write(entries: UnsafeBufferPointer<UInt8>, size: (Int) -> Int) {
            var run = 0..<0
            func flushRun() {
                guard !run.isEmpty else { return }
                writer.add(entries: UnsafeBufferPointer(rebasing: entries[run]))
                run = 0..<0
            }
            for (index, row) in rowTexts.enumerated() {
                if !cacheEntries.isEmpty, cacheEntries[index] >= 0 {
                    let start = Int(cacheEntries[index])
                    if start != run.upperBound {
                        flushRun()
                        run = start..<start
                    }
                    run = run.lowerBound..<start + size(start)
                    continue
                }
                flushRun()
                add(row, rows: rows, matched: matched, numbers: &numbers, to: &writer)
            }
            flushRun()
        }
        if let cache {
            cache.withEntries { write(entries: $0, size: $1) }
        } else {
            write(entries: UnsafeBufferPointer(start: nil, count: 0), size: { _ in 0 })
        }
        writer.flush()
    }

    /// Adds the run's new entries to the cache file at `path` in place, and returns true, when the
    /// run met every entry of the cache it read (still the file at `path`) but a few
    /// (`fewUnmet`): the file then holds the texts of this run, as `write(rows:to:)` would write
    /// them, though the old ones in the order the last run met them, and those few. False, with
    /// the file as it was, otherwise.
    ///
    /// Why: a month end meets years of texts again and a month of new ones; writing the cache whole
    /// was about 90 MB at 1M rows for a few thousand new entries.
    ///
    /// Why a few may be unmet: where texts hardly repeat, rows are not told that their texts were
    /// met before (`ByteKeyedCache` stops keeping them), so the same texts can be two entries, and
    /// a lookup finds one of them: 30 entries of 991,054 at 1M rows went unmet at every month end,
    /// and each wrote the whole cache again. Entries no row meets any more (an export taken out of
    /// the inbox) are still dropped once they are more than a few.
    func append(rows: LedgerRows, path: String) -> Bool {
        guard let cache, let identity = cache.identity, cacheEntries.count == rowTexts.count,
            let found = cache.entriesFound(at: cacheEntries.lazy.filter { $0 >= 0 }), Self.fewUnmet(found),
            let file = TextCacheAppender(path: path, identity: identity)
        else { return false }
        var writer = TextCache.Writer(appendingTo: file)
        let matched = decisions.map(\.matched)
        var numbers = CacheNumbers(texts: texts, cache: cache)
        for (index, row) in rowTexts.enumerated() where cacheEntries[index] < 0 {
            add(row, rows: rows, matched: matched, numbers: &numbers, to: &writer)
        }
        writer.flush()
        return file.finish()
    }

    /// How the file numbers the keys and displays of the entries written (`TextCache`).
    struct CacheNumbers {
        var keys: CacheNumbering
        var displays: CacheNumbering

        init(texts: DistinctTexts, cache: TextCache?) {
            keys = CacheNumbering(known: texts.cacheKeyOfKey, count: cache?.keyCount ?? 0)
            displays = CacheNumbering(known: texts.cacheDisplayOfDisplay, count: cache?.displayCount ?? 0)
        }
    }

    /// Whether the entries a run did not meet (false in `found`, by entry) are few enough to keep:
    /// at most one in 64 of the cache's.
    static func fewUnmet(_ found: [Bool]) -> Bool {
        var unmet = 0
        for entry in found where !entry { unmet += 1 }
        return unmet * 64 <= found.count
    }

    /// Adds `row`, met for the first time, as a new entry.
    private func add(
        _ row: RowTexts, rows: LedgerRows, matched: [[Int]], numbers: inout CacheNumbers,
        to writer: inout TextCache.Writer
    ) {
        let payee = texts.payees[Int(row.payee)]
        let bankType: String = rows.texts[Int(max(row.key.bankType, 0))]
        let bankCategory: String = rows.texts[Int(max(row.key.bankCategory, 0))]
        let rules: [Int]? = row.decision >= 0 ? matched[Int(row.decision)] : nil
        writer.add(
            payee: rows.texts[Int(row.key.payee)], memo: rows.texts[Int(row.key.memo)], bankType: bankType,
            bankCategory: bankCategory, key: texts.key(of: payee), keyNumber: numbers.keys.number(of: payee.key),
            display: texts.displays[Int(payee.display)], displayNumber: numbers.displays.number(of: payee.display),
            matched: rules)
    }
}
