import AnalysisFile
import Ledger

/// Reads the members of an analysis file that the SQLite file takes (`ExportedAnalysis`) straight
/// from its bytes with `JSONScanner`, and passes over the rest without building it.
///
/// Why not `JSONDecoder`: it parses the whole file into its own tree before it decodes a member,
/// so the two thirds of each file the export never reads (history, plan, account stories,
/// forecast, ...) cost as much as the third it does. At a million rows the 120 files took about
/// 4 G instructions under callgrind that way, on the lane of the text files before its formats.
///
/// What it checks is what the decoder checked: the file is one JSON object; `month` and `currency`
/// are strings; `insights`, `recurring` and `anomalies` are absent, null or arrays of objects whose
/// members the export takes have their types (strings, `occurrences` an integer, `risk` a number)
/// and are present where the entry's type requires them. The members it passes over must still be
/// JSON. Failures say what was expected at which byte.
enum ExportedAnalysisReader {
    typealias Failure = JSONScanner.Failure

    /// The analysis file of `bytes`.
    static func read(_ bytes: [UInt8]) throws(Failure) -> ExportedAnalysis {
        var scanner = JSONScanner(bytes: bytes)
        var month: String?
        var currency: String?
        var insights: [InsightEntry]?
        var recurring: [RecurringEntry]?
        var anomalies: [AnomalyEntry]?
        let start = offset(of: scanner)
        try scanner.readObject { (scanner, key) throws(Failure) in
            switch key {
            case "month": month = try scanner.readString()
            case "currency": currency = try scanner.readString()
            case "insights": insights = try readOptionalArray(&scanner, of: readInsight)
            case "recurring": recurring = try readOptionalArray(&scanner, of: readSeries)
            case "anomalies": anomalies = try readOptionalArray(&scanner, of: readAnomaly)
            default: try scanner.skipValue()
            }
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            throw Failure(offset: scanner.position, reason: "unexpected bytes after the object")
        }
        return ExportedAnalysis(
            month: try required(month, "month", at: start), currency: try required(currency, "currency", at: start),
            insights: insights, recurring: recurring, anomalies: anomalies)
    }

    static func readInsight(_ scanner: inout JSONScanner) throws(Failure) -> InsightEntry {
        var texts: [String: String] = [:]
        var metric: InsightMetric?
        var transactionIds: [String]?
        let start = offset(of: scanner)
        try scanner.readObject { (scanner, key) throws(Failure) in
            switch key {
            case "type", "category", "title", "message", "severity": texts[key] = try scanner.readString()
            case "metric": metric = try readMetric(&scanner)
            case "transactionIds": transactionIds = try readOptionalArray(&scanner, of: readString)
            default: try scanner.skipValue()
            }
        }
        func text(_ key: String) throws(Failure) -> String { try required(texts[key], key, at: start) }
        return InsightEntry(
            type: try text("type"), category: try text("category"), title: try text("title"),
            message: try text("message"), metric: try required(metric, "metric", at: start),
            severity: try text("severity"), transactionIds: transactionIds)
    }

    static func readMetric(_ scanner: inout JSONScanner) throws(Failure) -> InsightMetric {
        var value: String?
        var unit: String?
        let start = offset(of: scanner)
        try scanner.readObject { (scanner, key) throws(Failure) in
            switch key {
            case "value": value = try scanner.readString()
            case "unit": unit = try scanner.readString()
            default: try scanner.skipValue()
            }
        }
        return InsightMetric(
            value: try required(value, "value", at: start), unit: try required(unit, "unit", at: start))
    }

    static func readSeries(_ scanner: inout JSONScanner) throws(Failure) -> RecurringEntry {
        var texts: [String: String] = [:]
        var monthlyAmount: String?
        var expectedDate: String?
        var occurrences: Int?
        var transactionIds: [String]?
        let start = offset(of: scanner)
        try scanner.readObject { (scanner, key) throws(Failure) in
            switch key {
            case "payee", "category", "account", "cadence", "amount", "currency", "firstDate", "lastDate", "nextDate",
                "status":
                texts[key] = try scanner.readString()
            case "monthlyAmount": monthlyAmount = try readOptionalString(&scanner)
            case "expectedDate": expectedDate = try readOptionalString(&scanner)
            case "occurrences": occurrences = try scanner.readInt()
            case "transactionIds": transactionIds = try readArray(&scanner, of: readString)
            default: try scanner.skipValue()
            }
        }
        func text(_ key: String) throws(Failure) -> String { try required(texts[key], key, at: start) }
        return RecurringEntry(
            payee: try text("payee"), category: try text("category"), account: try text("account"),
            cadence: try text("cadence"), amount: try text("amount"), currency: try text("currency"),
            monthlyAmount: monthlyAmount, firstDate: try text("firstDate"), lastDate: try text("lastDate"),
            nextDate: try text("nextDate"), status: try text("status"), expectedDate: expectedDate,
            occurrences: try required(occurrences, "occurrences", at: start), priceChanges: [],
            transactionIds: try required(transactionIds, "transactionIds", at: start))
    }

    static func readAnomaly(_ scanner: inout JSONScanner) throws(Failure) -> AnomalyEntry {
        var texts: [String: String] = [:]
        var risk: Double?
        var severity: String?
        var transactionIds: [String]?
        let start = offset(of: scanner)
        try scanner.readObject { (scanner, key) throws(Failure) in
            switch key {
            case "kind", "date", "payee", "category", "amount", "reason": texts[key] = try scanner.readString()
            case "risk": risk = try readDouble(&scanner)
            case "severity": severity = try readOptionalString(&scanner)
            case "transactionIds": transactionIds = try readArray(&scanner, of: readString)
            default: try scanner.skipValue()
            }
        }
        func text(_ key: String) throws(Failure) -> String { try required(texts[key], key, at: start) }
        return AnomalyEntry(
            kind: try text("kind"), date: try text("date"), payee: try text("payee"), category: try text("category"),
            amount: try text("amount"), risk: try required(risk, "risk", at: start), reason: try text("reason"),
            transactionIds: try required(transactionIds, "transactionIds", at: start), severity: severity)
    }

    // MARK: Values

    static func readString(_ scanner: inout JSONScanner) throws(Failure) -> String {
        try scanner.readString()
    }

    static func readArray<Element>(
        _ scanner: inout JSONScanner, of element: (inout JSONScanner) throws(Failure) -> Element
    ) throws(Failure) -> [Element] {
        var elements: [Element] = []
        try scanner.readArray { (scanner) throws(Failure) in elements.append(try element(&scanner)) }
        return elements
    }

    /// An array, or nil for `null`.
    static func readOptionalArray<Element>(
        _ scanner: inout JSONScanner, of element: (inout JSONScanner) throws(Failure) -> Element
    ) throws(Failure) -> [Element]? {
        if try readNull(&scanner) { return nil }
        return try readArray(&scanner, of: element)
    }

    /// A string, or nil for `null`.
    static func readOptionalString(_ scanner: inout JSONScanner) throws(Failure) -> String? {
        if try readNull(&scanner) { return nil }
        return try scanner.readString()
    }

    /// Consumes `null` if it is next.
    static func readNull(_ scanner: inout JSONScanner) throws(Failure) -> Bool {
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "n") else { return false }
        try scanner.skipValue()
        return true
    }

    /// A JSON number as a `Double`, rounded to the nearest as `JSONDecoder` rounds it.
    static func readDouble(_ scanner: inout JSONScanner) throws(Failure) -> Double {
        scanner.skipWhitespace()
        let start = scanner.position
        guard let first = scanner.peek(), first == UInt8(ascii: "-") || (0x30...0x39).contains(first) else {
            throw Failure(offset: start, reason: "expected a number")
        }
        try scanner.skipValue()
        let text = String(decoding: scanner.bytes[start..<scanner.position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw Failure(offset: start, reason: "'\(text)' is not a number")
        }
        return value
    }

    /// Where the next value starts, after white space: where a missing member is reported.
    static func offset(of scanner: JSONScanner) -> Int {
        var ahead = scanner
        ahead.skipWhitespace()
        return ahead.position
    }

    static func required<Value>(_ value: Value?, _ key: String, at offset: Int) throws(Failure) -> Value {
        guard let value else { throw Failure(offset: offset, reason: "the object has no '\(key)'") }
        return value
    }
}
