import Foundation
import Import
import Ledger
import TestSupport
import Testing

/// Inference follows the file, not the corpus: each corpus export whose reading is known (the
/// widened corpus's asserted facts, the shipped corpus's profiles) is written again the way another
/// bank would write the same transactions, with another delimiter, decimal mark, date order,
/// column order, header language, encoding and sign convention, and read with no profile. The
/// reading must follow: the same transactions, or a refusal; never another reading at "medium" or
/// "high", and at least nine in ten variants read right.
///
/// The variants are drawn from a seeded generator, so a failure names a seed that reproduces it.
@Suite("CSV inference follows a file written another way")
struct InferenceVariationTests {
    /// One transaction of a known reading.
    struct Row: Hashable {
        var date: CivilDate
        var minorUnits: Int64
        var payee: String
    }

    /// A known reading: the transactions of one corpus file.
    struct Known {
        var name: String
        var currency: Currency
        var rows: [Row]
    }

    static let variantsPerFile = 8

    /// Every corpus file with a known reading and at least four transactions that are not zero
    /// (fewer rows cannot settle a column's role, whoever writes them).
    static func knownReadings() throws -> [Known] {
        var known: [Known] = []
        for facts in WidenedCorpusFacts.all {
            let currency = facts.currency.flatMap { Currency(code: $0) } ?? .usd
            let context = ReadContext(defaultCurrency: currency, account: facts.account)
            guard
                let parsed = try? CSVReader(profiles: []).read(
                    facts.bytes(), path: "corpus-widened/" + facts.file, context: context),
                facts.mismatch(parsed) == nil
            else { continue }
            known.append(Known(name: facts.file, currency: currency, rows: rows(of: parsed)))
        }
        for name in CorpusHiddenProfileTests.names {
            let parsed = try CSVTestSupport.readCorpus(name, currency: .usd)
            known.append(Known(name: name, currency: .usd, rows: rows(of: parsed)))
        }
        return known.filter { $0.rows.count >= 4 }
    }

    static func rows(of parsed: ParsedFile) -> [Row] {
        parsed.csvRecords.filter { !$0.amount.isZero }.map {
            Row(date: $0.date, minorUnits: $0.amount.minorUnits, payee: collapsed($0.payee))
        }
    }

    /// Runs of spaces as one: how a cell's spacing is kept is the reader's business, not the layout's.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }

    @Test func readingFollowsEveryWayOfWritingIt() throws {
        let known = try Self.knownReadings()
        #expect(known.count >= 40)
        var right = 0
        var refused = 0
        var wrong: [String] = []
        var refusals: [String] = []
        var misses: [String: Int] = [:]
        for (fileIndex, file) in known.enumerated() {
            for variant in 0..<Self.variantsPerFile {
                let seed = UInt64(fileIndex * 1_000 + variant)
                var random = SplitMix64(seed: seed)
                let style = WritingStyle.random(using: &random, rows: file.rows)
                let bytes = style.write(file.rows, currency: file.currency)
                let account = style.declaredDateOrder(for: file.rows).map {
                    AccountConfig(id: AccountID("variant"), name: "Variant", dateOrder: $0)
                }
                let context = ReadContext(defaultCurrency: file.currency, account: account)
                let label = "\(file.name) seed \(seed) (\(style))"
                do {
                    let parsed = try CSVReader(profiles: []).read(bytes, path: "variant.csv", context: context)
                    let read = Self.rows(of: parsed)
                    if Self.sameTransactions(read, file.rows) {
                        right += 1
                    } else {
                        let level = InferenceCalibrationTests.confidence(parsed.inferredProfile)
                        wrong.append("\(label) at \(level): \(Self.firstDifference(read, file.rows))")
                        #expect(level == "low", "\(label) is read wrong at confidence \(level)")
                        misses[style.summaryKey, default: 0] += 1
                    }
                } catch {
                    refused += 1
                    refusals.append("\(label): \(String("\(error)".prefix(300)))")
                    misses[style.summaryKey + " (refused)", default: 0] += 1
                }
            }
        }
        let total = known.count * Self.variantsPerFile
        print("variants: \(total), right \(right), refused \(refused), wrong \(wrong.count)")
        for line in wrong.prefix(20) { print("  wrong: " + line) }
        for line in refusals.prefix(12) { print("  refused: " + line) }
        for (key, count) in misses.sorted(by: { $0.value > $1.value }).prefix(12) { print("  \(count)× \(key)") }
        #expect(right * 10 >= total * 9, "only \(right) of \(total) variants read right")
    }

    /// Dates and amounts as a multiset, and the payees as read: inference may not lose, add or
    /// change a transaction.
    static func sameTransactions(_ read: [Row], _ expected: [Row]) -> Bool {
        read.count == expected.count && Set(read).count == Set(expected).count
            && read.sorted(by: order) == expected.sorted(by: order)
    }

    static func order(_ a: Row, _ b: Row) -> Bool {
        (a.date, a.minorUnits, a.payee) < (b.date, b.minorUnits, b.payee)
    }

    static func firstDifference(_ read: [Row], _ expected: [Row]) -> String {
        if read.count != expected.count { return "\(read.count) transactions, not \(expected.count)" }
        for (a, b) in zip(read.sorted(by: order), expected.sorted(by: order)) where a != b {
            return "\(a.date) \(a.minorUnits) '\(a.payee)', expected \(b.date) \(b.minorUnits) '\(b.payee)'"
        }
        return "-"
    }
}

/// How one bank writes a statement: the choices a variant makes.
struct WritingStyle: CustomStringConvertible {
    enum Sign: CaseIterable {
        /// One amount column with a minus on money out.
        case signed
        /// Money out and money in in two columns, both unsigned.
        case split
        /// An unsigned amount beside a debit/credit mark.
        case indicator
    }

    enum Encoding: CaseIterable {
        case utf8
        case utf8BOM
        case windows1252
        case utf16LE
    }

    struct Language {
        var code: String
        var balance: String
        var date: String
        var text: String
        var amount: String
        var debit: String
        var credit: String
        var indicator: String
        var debitMark: String
        var creditMark: String
    }

    static let languages: [Language] = [
        Language(
            code: "en", balance: "Balance", date: "Date", text: "Description", amount: "Amount", debit: "Paid out",
            credit: "Paid in", indicator: "Dr/Cr", debitMark: "DR", creditMark: "CR"),
        Language(
            code: "de", balance: "Saldo", date: "Buchungstag", text: "Umsatztext", amount: "Betrag", debit: "Soll",
            credit: "Haben", indicator: "Soll/Haben", debitMark: "S", creditMark: "H"),
        Language(
            code: "fr", balance: "Solde", date: "Date", text: "Libellé", amount: "Montant", debit: "Débit",
            credit: "Crédit",
            indicator: "Débit/Crédit", debitMark: "Débit", creditMark: "Crédit"),
        Language(
            code: "nl", balance: "Saldo", date: "Datum", text: "Omschrijving", amount: "Bedrag", debit: "Af",
            credit: "Bij",
            indicator: "Af Bij", debitMark: "Af", creditMark: "Bij"),
        Language(
            code: "es", balance: "Saldo", date: "Fecha", text: "Concepto", amount: "Importe", debit: "Cargo",
            credit: "Abono",
            indicator: "Cargo/Abono", debitMark: "Cargo", creditMark: "Abono"),
        Language(
            code: "it", balance: "Saldo", date: "Data", text: "Descrizione", amount: "Importo", debit: "Dare",
            credit: "Avere",
            indicator: "Dare/Avere", debitMark: "Dare", creditMark: "Avere"),
    ]

    var delimiter: UInt8
    /// The decimal mark and the thousands separator ("" for none).
    var decimalMark: Character
    var grouping: String
    var dateOrder: DateOrder
    var dateSeparator: Character
    var language: Language
    var sign: Sign
    var encoding: Encoding
    /// How a signed column writes money out: `-12.50`, `(12.50)` or `12.50-`.
    var negative: Int
    /// The currency written in the amount cells: nothing, its code after the number, or its
    /// symbol before it.
    var decoration: Int
    /// A running balance after each row (the rows then in date order, oldest first).
    var balance: Bool
    /// Column order: a permutation of the columns `sign` needs.
    var columnOrder: [Int]

    static func random(using random: inout SplitMix64, rows: [InferenceVariationTests.Row]) -> WritingStyle {
        let delimiter = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")][random.below(4)]
        let comma = random.below(2) == 1
        let decimalMark: Character = comma ? "," : "."
        let grouping = comma ? ["", ".", " "][random.below(3)] : ["", ","][random.below(2)]
        let order = DateOrder.allCases[random.below(DateOrder.allCases.count)]
        let separator: Character = order == .yearMonthDay ? "-" : ["/", ".", "-"][random.below(3)]
        let sign = Sign.allCases[random.below(Sign.allCases.count)]
        let latin = rows.allSatisfy { row in row.payee.unicodeScalars.allSatisfy { $0.value < 0x100 } }
        var encodings = Encoding.allCases
        if !latin { encodings.removeAll { $0 == .windows1252 } }
        let encoding = encodings[random.below(encodings.count)]
        let negative = random.below(3)
        let decoration = random.below(3)
        let balance = random.below(3) == 0
        let columns = (sign == .signed ? 3 : 4) + (balance ? 1 : 0)
        var columnOrder = Array(0..<columns)
        columnOrder.shuffle(using: &random)
        return WritingStyle(
            delimiter: delimiter, decimalMark: decimalMark, grouping: grouping, dateOrder: order,
            dateSeparator: separator, language: languages[random.below(languages.count)], sign: sign,
            encoding: encoding, negative: negative, decoration: decoration, balance: balance, columnOrder: columnOrder)
    }

    var description: String {
        let name = delimiter == UInt8(ascii: "\t") ? "tab" : String(UnicodeScalar(delimiter))
        return
            "\(name) '\(decimalMark)' '\(grouping)' \(dateOrder.rawValue)\(dateSeparator) \(language.code) \(sign) \(encoding) neg\(negative) cur\(decoration)\(balance ? " balance" : "") \(columnOrder)"
    }

    /// The dimensions that most often explain a miss, for the printed summary.
    var summaryKey: String { "\(sign), \(dateOrder.rawValue), decimal '\(decimalMark)'" }

    /// The `date_order` a user must declare: only when every date could be read either way.
    func declaredDateOrder(for rows: [InferenceVariationTests.Row]) -> DateOrder? {
        guard dateOrder != .yearMonthDay else { return nil }
        return rows.allSatisfy { $0.date.day <= 12 } ? dateOrder : nil
    }

    func write(_ rows: [InferenceVariationTests.Row], currency: Currency) -> [UInt8] {
        let header: [String]
        switch sign {
        case .signed: header = [language.date, language.text, language.amount]
        case .split: header = [language.date, language.text, language.debit, language.credit]
        case .indicator: header = [language.date, language.text, language.amount, language.indicator]
        }
        var lines = [columnOrder.map { cell((header + [language.balance])[$0]) }]
        var running: Int64 = 100_000 * currency.scale
        for row in balance ? rows.sorted(by: { $0.date < $1.date }) : rows {
            let plain = number(abs(row.minorUnits), scale: currency.scale)
            let magnitude = decorated(plain, currency, negative: false)
            let out = row.minorUnits < 0
            let cells: [String]
            switch sign {
            case .signed: cells = [date(row.date), row.payee, decorated(plain, currency, negative: out)]
            case .split: cells = [date(row.date), row.payee, out ? magnitude : "", out ? "" : magnitude]
            case .indicator:
                cells = [date(row.date), row.payee, magnitude, out ? language.debitMark : language.creditMark]
            }
            running += row.minorUnits
            let withBalance = cells + [number(running, scale: currency.scale)]
            lines.append(columnOrder.map { cell(withBalance[$0]) })
        }
        let separator = String(UnicodeScalar(delimiter))
        let text = lines.map { $0.joined(separator: separator) }.joined(separator: "\r\n") + "\r\n"
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .utf8BOM: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case .windows1252: return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        case .utf16LE:
            return [0xFF, 0xFE]
                + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        }
    }

    func negated(_ magnitude: String) -> String {
        switch negative {
        case 1: "(" + magnitude + ")"
        case 2: magnitude + "-"
        default: "-" + magnitude
        }
    }

    /// `number` with this style's currency and sign: `-12.50 EUR`, `(12.50) EUR`, `($12.50)`,
    /// `$12.50-`.
    func decorated(_ number: String, _ currency: Currency, negative out: Bool) -> String {
        let symbols = ["USD": "$", "EUR": "€", "GBP": "£"]
        switch decoration {
        case 1: return (out ? negated(number) : number) + " " + currency.code
        case 2:
            let symbolled = symbols[currency.code].map { $0 + number } ?? number
            return out ? negated(symbolled) : symbolled
        default: return out ? negated(number) : number
        }
    }

    func cell(_ text: String) -> String {
        let special = text.utf8.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard special else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    func date(_ date: CivilDate) -> String {
        let day = date.day < 10 ? "0\(date.day)" : "\(date.day)"
        let month = date.month < 10 ? "0\(date.month)" : "\(date.month)"
        let parts: [String]
        switch dateOrder {
        case .yearMonthDay: parts = ["\(date.year)", month, day]
        case .dayMonthYear: parts = [day, month, "\(date.year)"]
        case .monthDayYear: parts = [month, day, "\(date.year)"]
        }
        return parts.joined(separator: String(dateSeparator))
    }

    /// `minor` written with this style's marks: `1.234,56`, `1 234,56`, `1,234.56`, `1234.56`.
    func number(_ signed: Int64, scale: Int64) -> String {
        if signed < 0 { return "-" + number(-signed, scale: scale) }
        let minor = signed
        let whole = minor / scale
        var digits = String(whole)
        if !grouping.isEmpty {
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { grouped += grouping }
                grouped.append(digit)
            }
            digits = grouped
        }
        guard scale > 1 else { return digits }
        let places = String(scale).count - 1
        let fraction = String(minor % scale)
        return digits + String(decimalMark) + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
