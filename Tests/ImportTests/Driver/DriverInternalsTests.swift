import Ledger
import TestSupport
import Testing

@testable import Import

/// The driver computes by other means what Ledger defines (content keys, derived ids, the
/// canonical order, `String` equality): these tests hold it to the definitions.
@Suite("Driver internals agree with their definitions")
struct DriverInternalsTests {
    static let texts = [
        "", " ", "Coffee", "COFFEE  SHOP ", "  Tesco\tStores  1234 ", "Café Noir", "ÅNGSTRÖM ÅB", "a\r\nb",
        "AMZN MKTP UK*1A2B3C", "x", "  ", "Zürich  HB", "\u{212A}elvin", "e\u{301}",
    ]

    static let amounts: [(Int64, Currency)] = [
        (0, .gbp), (-1, .gbp), (5, .gbp), (-350, .eur), (123_456_789, .usd), (Int64.min + 1, .gbp),
        (Int64.max, .eur), (-7, Currency(code: "JPY")!), (12_345, Currency(code: "KWD")!),
        (-100_000, Currency(code: "CLF")!),
    ]

    @Test("ContentHasher gives TransactionID.contentKey's hash")
    func contentHash() {
        var random = SplitMix64(seed: 11)
        for account in ["current", "card", "compte-épargne", ""] {
            var hasher = ContentHasher(account: AccountID(account))
            for _ in 0..<400 {
                let date = CivilDate(dayNumber: Int(random.next() % 3_000_000) - 700_000)!
                let (units, currency) = Self.amounts[Int(random.next() % UInt64(Self.amounts.count))]
                let payee = Self.texts[Int(random.next() % UInt64(Self.texts.count))]
                let memo = Self.texts[Int(random.next() % UInt64(Self.texts.count))]
                let amount = Money(minorUnits: units, currency: currency)
                let expected = TransactionID.contentKey(
                    account: AccountID(account), date: date, amount: amount, text: payee + " " + memo)
                let hash = hasher.hash(date: date, amount: amount, payee: payee, memo: memo)
                #expect(
                    String(hash, radix: 16).leftPadded(to: 16) == expected, "\(date) \(amount) '\(payee)' '\(memo)'")
            }
        }
    }

    @Test("an entry fills one cache line and keeps its fate")
    func entryLayout() {
        #expect(MemoryLayout<ImportEntry>.stride == 64)
        var entry = ImportEntry(
            file: 0, list: 0, record: 0, account: 0, day: 0, minorUnits: 0, contentHash: 0, idDetail: 0, idHash: 0,
            idPrefix: 0, idPrefixOrders: true, hasBankID: false, isPending: false)
        #expect(entry.fate == .imported && entry.isImported)
        entry.fate = .duplicate(of: 1_234_567, rule: .crossFormat)
        #expect(entry.fate == .duplicate(of: 1_234_567, rule: .crossFormat) && !entry.isImported)
        entry.fate = .imported
        #expect(entry.isImported)
    }

    @Test("EntryIDs spells TransactionID.derived", arguments: [0, 1, 9, 10, 99, 1234, Int(Int32.max)])
    func derivedIDs(occurrence: Int) {
        var ids = EntryIDs()
        let account = AccountID("current")
        _ = ids.addList(account: account)
        let date = CivilDate(iso: "2024-02-29")!
        let amount = Money(minorUnits: -350, currency: .gbp)
        let key = TransactionID.contentKey(account: account, date: date, amount: amount, text: "Coffee ")
        let entry = ImportEntry(
            file: 0, list: 0, record: 0, account: 0, day: Int32(date.dayNumber), minorUnits: -350,
            contentHash: UInt64(key, radix: 16)!, idDetail: Int32(occurrence), idHash: 0, idPrefix: 0,
            idPrefixOrders: true, hasBankID: false, isPending: false)
        #expect(
            ids.id(of: entry)
                == TransactionID.derived(
                    account: account, date: date, amount: amount, text: "Coffee ", occurrence: occurrence))
    }

    @Test("id prefixes order ids as String.< does wherever they claim to")
    func idPrefixOrder() {
        let suffixes = [
            "", "0", "00", "0123456789abcdef-0", "0123456789abcdef-10", "0123456789abcdef-2", "0123456789abcdeg",
            "FITID-1", "FITID-1~2", "fitid", "a", "a\u{0}", "a\u{0}b", "abcdefgh", "abcdefgh\u{301}", "abcdefg\u{301}",
            "abcdefghi", "e\u{301}", "\u{E9}", "\u{212A}", "K", "Ω", "zzzzzzzzzzzz",
        ]
        let prefix = Array("current/".utf8)
        for a in suffixes {
            for b in suffixes {
                let (x, y) = ("current/" + a, "current/" + b)
                let kx = Array(x.utf8).withUnsafeBufferPointer { CanonicalOrder.idPrefix($0, after: prefix.count) }
                let ky = Array(y.utf8).withUnsafeBufferPointer { CanonicalOrder.idPrefix($0, after: prefix.count) }
                guard kx.orders && ky.orders && kx.value != ky.value else { continue }
                #expect((kx.value < ky.value) == (x < y), "\(a) vs \(b)")
            }
        }
    }

    @Test("sortByPrefix orders keys by prefix and keeps every key", arguments: [0, 1, 2, 16, 17, 100, 3000])
    func sortByPrefix(count: Int) {
        var random = SplitMix64(seed: UInt64(count) + 5)
        for distinct in [2, 50, Int.max] {
            let keys = (0..<count).map { index in
                let value = random.next()
                return CanonicalOrder.Key(
                    day: 0, accountRank: 0, idPrefix: distinct == .max ? value : value % UInt64(distinct),
                    idPrefixOrders: true, entry: Int32(index))
            }
            var sorted = keys
            sorted.withUnsafeMutableBufferPointer { CanonicalOrder.sortByPrefix($0) }
            #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.idPrefix <= $1.idPrefix })
            // Every key is still there, with its own prefix.
            #expect(sorted.sorted { $0.entry < $1.entry }.map(\.idPrefix) == keys.map(\.idPrefix))
        }
    }

    @Test("RepeatedKeys flags every key that repeats")
    func repeatedKeys() {
        var random = SplitMix64(seed: 5)
        for count in [0, 1, 2, 100, 5000] {
            var keys = (0..<count).map { _ in random.next() }
            for _ in 0..<(count / 10) where count > 0 {
                keys[Int(random.next() % UInt64(count))] = keys[Int(random.next() % UInt64(count))]
            }
            let flags = RepeatedKeys.flags(keys)
            var counts: [UInt64: Int] = [:]
            for key in keys { counts[key, default: 0] += 1 }
            for (key, flag) in zip(keys, flags) where counts[key]! > 1 { #expect(flag) }
        }
    }

    @Test("QIF dates of the usual shapes read as the general reader reads them")
    func qifDateShapes() {
        var random = SplitMix64(seed: 9)
        for _ in 0..<3000 {
            let digits = (0..<8).map { _ in String(random.next() % 10) }
            let separators = ["/", "-", ".", "'", " "]
            let a = separators[Int(random.next() % 5)]
            let b = separators[Int(random.next() % 5)]
            for text in [
                digits[0] + digits[1] + a + digits[2] + digits[3] + b + digits[4...7].joined(),
                digits[0...3].joined() + a + digits[4] + digits[5] + b + digits[6] + digits[7],
            ] {
                let bytes = Array(text.utf8)
                let fast = bytes.withUnsafeBufferPointer { QIFDate.tenCharacters($0) }
                guard let fast else { continue }
                #expect(bytes.withUnsafeBufferPointer { QIFDate.general($0) } == fast, "\(text)")
            }
        }
    }
}

extension String {
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: max(0, count - self.count)) + self
    }
}
