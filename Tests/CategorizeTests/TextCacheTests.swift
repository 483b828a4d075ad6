import Foundation
import Ledger
import TestSupport
import Testing

@testable import Categorize

@Suite struct TextCacheTests {
    let fingerprint = [UInt8](repeating: 7, count: 32)

    /// Writes a cache of three entries and returns its path.
    func written(_ add: (inout TextCache.Writer) -> Void = { _ in }) throws -> String {
        let path = try TemporaryFolder.make("text-cache").path + "/text-cache.bin"
        let file = try AtomicFileWriter(path: path)
        var writer = TextCache.Writer(fingerprint: fingerprint, to: file)
        writer.add(
            payee: "TESCO STORES 3297", memo: "", bankType: "", bankCategory: "", key: "tesco", keyNumber: 0,
            display: "Tesco", displayNumber: 0, matched: [2, 5])
        writer.add(
            payee: "SHELL 0123", memo: "fuel", bankType: "POS", bankCategory: "Motoring", key: "shell",
            keyNumber: 1, display: "Shell", displayNumber: 1, matched: nil)
        writer.add(
            payee: "CAFÉ NOIR", memo: "", bankType: "", bankCategory: "", key: "café noir", keyNumber: 2,
            display: "Café Noir", displayNumber: 2, matched: [])
        add(&writer)
        writer.flush()
        try file.commit()
        return path
    }

    func lookUp(
        _ cache: TextCache, _ payee: String, _ memo: String = "", _ bankType: String = "", _ bankCategory: String = "",
        next: Int = 0
    ) -> TextCache.Entry? {
        var next = next
        return cache.entry(payee: payee, memo: memo, bankType: bankType, bankCategory: bankCategory, next: &next)
    }

    /// Each entry comes back by its four texts, with its payee's key and display and its rules; an
    /// entry whose rules read more than texts says so and gives none.
    @Test func entriesComeBackByTheirTexts() throws {
        let cache = try #require(TextCache(path: try written(), fingerprint: fingerprint, ruleCount: 10))
        #expect(cache.count == 3)
        let tesco = try #require(lookUp(cache, "TESCO STORES 3297"))
        #expect(cache.clean(tesco) == CleanPayee(display: "Tesco", key: "tesco"))
        var matched = [9]
        #expect(cache.matched(tesco, into: &matched))
        #expect(matched == [9, 2, 5])
        let shell = try #require(lookUp(cache, "SHELL 0123", "fuel", "POS", "Motoring"))
        #expect(cache.clean(shell) == CleanPayee(display: "Shell", key: "shell"))
        matched = []
        #expect(!cache.matched(shell, into: &matched))
        #expect(matched.isEmpty)
        let cafe = try #require(lookUp(cache, "CAFÉ NOIR"))
        #expect(cache.clean(cafe) == CleanPayee(display: "Café Noir", key: "café noir"))
        #expect(cache.matched(cafe, into: &matched))
        #expect(matched.isEmpty)
    }

    /// A table of many regions (20,000 entries: 65,536 slots, eight regions of 8,192) is filled
    /// region by region: every entry is found by its texts, a text twice in the file is found as
    /// its first entry, as when the entries were put in file order, and other texts are not found.
    @Test func everyEntryOfALargeTableIsFound() throws {
        let cache = try #require(
            TextCache(
                path: try written { writer in
                    for number in 0..<20_000 {
                        writer.add(
                            payee: "PAYEE \(number)", memo: number % 3 == 0 ? "m\(number)" : "", bankType: "",
                            bankCategory: "", key: "k\(number)", keyNumber: Int32(number + 3), display: "d\(number)",
                            displayNumber: Int32(number + 3), matched: [number % 7])
                    }
                    writer.add(
                        payee: "PAYEE 17", memo: "", bankType: "", bankCategory: "", key: "again", keyNumber: 20_003,
                        display: "again", displayNumber: 20_003, matched: [])
                },
                fingerprint: fingerprint, ruleCount: 10))
        #expect(cache.count == 20_004)
        for number in 0..<20_000 {
            let entry = try #require(lookUp(cache, "PAYEE \(number)", number % 3 == 0 ? "m\(number)" : ""))
            #expect(cache.clean(entry) == CleanPayee(display: "d\(number)", key: "k\(number)"))
            var matched: [Int] = []
            #expect(cache.matched(entry, into: &matched))
            #expect(matched == [number % 7])
        }
        #expect(lookUp(cache, "PAYEE 20000") == nil)
        #expect(lookUp(cache, "PAYEE 3") == nil)
        #expect(lookUp(cache, "TESCO STORES 3297") != nil)
    }

    /// Texts that differ anywhere, or whose bytes move from one field to the next, are not found.
    @Test func otherTextsAreNotFound() throws {
        let cache = try #require(TextCache(path: try written(), fingerprint: fingerprint, ruleCount: 10))
        #expect(lookUp(cache, "TESCO STORES 3298") == nil)
        #expect(lookUp(cache, "TESCO STORES 3297", "x") == nil)
        #expect(lookUp(cache, "TESCO STORES 329", "7") == nil)
        #expect(lookUp(cache, "SHELL 0123", "fuel", "POS", "") == nil)
        #expect(lookUp(cache, "SHELL 0123", "fuel", "", "POS Motoring") == nil)
        #expect(lookUp(cache, "tesco stores 3297") == nil)
    }

    /// The entry after the last one found is compared first; any other is found by its hash, and
    /// a wrong guess costs nothing but the comparison.
    @Test func theNextEntryIsTriedFirstAndAnyOtherIsStillFound() throws {
        let cache = try #require(TextCache(path: try written(), fingerprint: fingerprint, ruleCount: 10))
        var next = 0
        let tesco = try #require(
            cache.entry(payee: "TESCO STORES 3297", memo: "", bankType: "", bankCategory: "", next: &next))
        // The first entry starts after the 40-byte header: 14 bytes of lengths and 8 of numbers,
        // 17 + 5 + 5 bytes of texts, two rules of 4 bytes.
        #expect(tesco.offset == 40)
        #expect(next == 40 + 22 + 17 + 5 + 5 + 8)
        let shell = try #require(
            cache.entry(payee: "SHELL 0123", memo: "fuel", bankType: "POS", bankCategory: "Motoring", next: &next))
        #expect(shell.offset == 97)
        // Back to the first: not the next one, found by its hash.
        let again = try #require(
            cache.entry(payee: "TESCO STORES 3297", memo: "", bankType: "", bankCategory: "", next: &next))
        #expect(again.offset == 40)
        var wrong = 3
        #expect(lookUp(cache, "CAFÉ NOIR", next: wrong) != nil)
        wrong = 1 << 30
        #expect(cache.entry(payee: "NOWHERE", memo: "", bankType: "", bankCategory: "", next: &wrong) == nil)
    }

    /// Many entries, all found, none confused: 20,000 payees that differ in one digit.
    @Test func manyEntriesAreAllFound() throws {
        let count = 20_000
        let path = try written { writer in
            for number in 0..<count {
                writer.add(
                    payee: "SHOP \(number)", memo: number % 3 == 0 ? "m\(number)" : "", bankType: "", bankCategory: "",
                    key: "shop", keyNumber: 3, display: "Shop", displayNumber: 3,
                    matched: [number])
            }
        }
        let cache = try #require(TextCache(path: path, fingerprint: fingerprint, ruleCount: count))
        #expect(cache.count == count + 3)
        var next = 0
        for number in (0..<count).reversed() {
            let entry = try #require(
                cache.entry(
                    payee: "SHOP \(number)", memo: number % 3 == 0 ? "m\(number)" : "", bankType: "",
                    bankCategory: "", next: &next))
            var matched: [Int] = []
            #expect(cache.matched(entry, into: &matched))
            #expect(matched == [number])
        }
    }

    /// Each entry gives its key's and display's numbers back, and the cache the numbers above the
    /// highest; a file whose numbers run far past its entries (more than four an entry and 1,024)
    /// is no cache.
    @Test func entriesGiveTheirNumbersBack() throws {
        let cache = try #require(TextCache(path: try written(), fingerprint: fingerprint, ruleCount: 10))
        let tesco = try #require(lookUp(cache, "TESCO STORES 3297"))
        let shell = try #require(lookUp(cache, "SHELL 0123", "fuel", "POS", "Motoring"))
        let cafe = try #require(lookUp(cache, "CAFÉ NOIR"))
        #expect([tesco, shell, cafe].map { cache.reader.numbers($0).key } == [0, 1, 2])
        #expect([tesco, shell, cafe].map { cache.reader.numbers($0).display } == [0, 1, 2])
        #expect(cache.keyCount == 3)
        #expect(cache.displayCount == 3)
        // Four entries: numbers up to 4 * 4 + 1,024 - 1 are read, one more is not.
        func far(key: Int32 = 3, display: Int32 = 3) throws -> TextCache? {
            let path = try written { writer in
                writer.add(
                    payee: "FAR", memo: "", bankType: "", bankCategory: "", key: "far", keyNumber: key,
                    display: "Far", displayNumber: display, matched: [])
            }
            return TextCache(path: path, fingerprint: fingerprint, ruleCount: 10)
        }
        #expect(try far(key: 1_039)?.keyCount == 1_040)
        #expect(try far(display: 1_039)?.displayCount == 1_040)
        #expect(try far(key: 1_040) == nil)
        #expect(try far(display: 1_040) == nil)
    }

    /// A cache made under another fingerprint, of another version, cut short, with bytes past its
    /// last entry, naming a rule out of order or past the last, or missing, is no cache at all.
    @Test func aCacheThatDoesNotHoldTogetherIsIgnored() throws {
        let path = try written()
        #expect(TextCache(path: path, fingerprint: [UInt8](repeating: 8, count: 32), ruleCount: 10) == nil)
        #expect(TextCache(path: path + ".missing", fingerprint: fingerprint, ruleCount: 10) == nil)
        // Tesco's rules are 2 and 5: a cache for rules 0 to 4 cannot hold them.
        #expect(TextCache(path: path, fingerprint: fingerprint, ruleCount: 5) == nil)
        #expect(TextCache(path: path, fingerprint: fingerprint, ruleCount: 6) != nil)
        let bytes = try FileOutput.read(path)
        var version = bytes
        version[4] = 3
        var short = bytes
        short.removeLast()
        let long = bytes + [0]
        var magic = bytes
        magic[0] = UInt8(ascii: "X")
        for (name, broken) in [("version", version), ("short", short), ("long", long), ("magic", magic)] {
            try FileOutput.write(broken, to: path)
            #expect(TextCache(path: path, fingerprint: fingerprint, ruleCount: 10) == nil, "\(name)")
        }
        // Tesco's rules 2 and 5 turned round (the first rule's bytes are 22 + 17 + 5 + 5 bytes in).
        var order = bytes
        order[40 + 49] = 6
        try FileOutput.write(order, to: path)
        #expect(TextCache(path: path, fingerprint: fingerprint, ruleCount: 10) == nil)
        try FileOutput.write(bytes, to: path)
        #expect(TextCache(path: path, fingerprint: fingerprint, ruleCount: 10) != nil)
    }

    /// The fingerprint follows what the entries depend on: each rule's condition and whether it
    /// continues, in order, and the program; not what a rule does once it matched.
    @Test func theFingerprintFollowsConditionsContinuesAndTheProgram() throws {
        func fingerprint(_ text: String, executable: String = "/proc/self/exe") -> [UInt8]? {
            CacheFingerprint.make(rules: Fixture.rules(text), executable: executable)
        }
        let base = "if payee ~ tesco and amount < -5\n    category Food\nif memo ~ /ref \\d+/\n    tag x\n"
        let same = try #require(fingerprint(base))
        #expect(same.count == 32)
        #expect(fingerprint(base) == same)
        #expect(fingerprint(base.replacingOccurrences(of: "category Food", with: "category Fuel")) == same)
        #expect(fingerprint(base.replacingOccurrences(of: "tag x", with: "tag x\n    continue")) != same)
        #expect(fingerprint(base.replacingOccurrences(of: "-5", with: "-5.01")) != same)
        #expect(fingerprint(base.replacingOccurrences(of: "tesco", with: "tescos")) != same)
        #expect(fingerprint(base.replacingOccurrences(of: "payee ~", with: "payee =")) != same)
        #expect(fingerprint(base.replacingOccurrences(of: "\\d+", with: "\\d*")) != same)
        // The two rules the other way round.
        #expect(
            fingerprint("if memo ~ /ref \\d+/\n    tag x\nif payee ~ tesco and amount < -5\n    category Food\n")
                != same)
        // Another program file, and none at all.
        let folder = try TemporaryFolder.make("fingerprint").path
        try FileOutput.write("one", to: folder + "/one")
        try FileOutput.write("other", to: folder + "/other")
        let one = try #require(fingerprint(base, executable: folder + "/one"))
        #expect(one != same)
        #expect(fingerprint(base, executable: folder + "/other") != one)
        #expect(fingerprint(base, executable: folder + "/none") == nil)
    }
}

extension TextCache {
    /// The entry's payee key and display as a `CleanPayee`, for comparing.
    fileprivate func clean(_ entry: Entry) -> CleanPayee {
        withClean(entry) { key, display in
            CleanPayee(display: String(decoding: display, as: UTF8.self), key: String(decoding: key, as: UTF8.self))
        }
    }
}
