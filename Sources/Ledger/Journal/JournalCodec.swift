import Foundation

/// Why a journal file could not be read.
public struct JournalError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(path):\(line):\(column): error: \(message)" }
}

/// Writes and reads journal files (JSON Lines) with a codec made for the one row schema.
///
/// A journal may carry millions of rows; `JSONEncoder` manages about 300 k rows/s on Linux, this
/// codec several times that. The header line is small and uses `Codable`.
public enum JournalCodec {
    public static let format = "closebook-journal"

    public static func encode(_ journal: Journal) -> [UInt8] {
        let header = JournalHeader(
            format: format, schemaVersion: Journal.schemaVersion, stage: journal.stage,
            baseCurrency: journal.baseCurrency.code, accounts: journal.accounts)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var writer = JSONWriter(reservingCapacity: journal.transactions.count * 256 + 1024)
        // Encoding a struct of strings cannot fail; fall back to an empty header rather than trap.
        let headerBytes = (try? encoder.encode(header)).map { Array($0) } ?? Array("{}".utf8)
        var bytes = headerBytes
        bytes.append(0x0A)
        for transaction in journal.transactions {
            encodeRow(transaction, into: &writer)
            writer.newline()
        }
        bytes.append(contentsOf: writer.bytes)
        return bytes
    }

    /// Appends one transaction as a JSON object; optional fields are left out when empty.
    public static func encodeRow(_ t: Transaction, into w: inout JSONWriter) {
        w.beginObject()
        w.string("id", t.id.rawValue)
        w.string("account", t.account.rawValue)
        w.string("date", t.date.isoString)
        w.string("amount", t.amount.decimalString)
        w.string("currency", t.amount.currency.code)
        w.string("payee", t.payee)
        if !t.memo.isEmpty { w.string("memo", t.memo) }
        if t.status != .posted { w.string("status", t.status.rawValue) }
        if let value = t.checkNumber { w.string("checkNumber", value) }
        if let value = t.bankType { w.string("bankType", value) }
        if let value = t.bankCategory { w.string("bankCategory", value) }
        if let value = t.category { w.string("category", value.description) }
        if t.categorySource != .none { w.string("categorySource", t.categorySource.description) }
        if !t.tags.isEmpty {
            w.beginArray(key: "tags")
            for tag in t.tags { w.element(tag) }
            w.endArray()
        }
        if let value = t.note { w.string("note", value) }
        if !t.splits.isEmpty {
            w.beginArray(key: "splits")
            for split in t.splits {
                w.beginObject()
                w.string("category", split.category.description)
                w.string("amount", split.amount.decimalString)
                w.endObject()
            }
            w.endArray()
        }
        if t.isTransfer { w.bool("transfer", true) }
        if let value = t.transferPeer { w.string("transferPeer", value.rawValue) }
        if t.isIgnored { w.bool("ignored", true) }
        w.string("file", t.source.file)
        w.integer("line", t.source.line)
        w.endObject()
    }

    /// Reads a whole journal file; `path` is used only in error messages.
    public static func decode(_ bytes: [UInt8], path: String) throws(JournalError) -> Journal {
        var lineStart = 0
        var lineNumber = 0
        var header: JournalHeader?
        var currency = Currency.eur
        var transactions: [Transaction] = []
        transactions.reserveCapacity(bytes.count / 200)
        var currencies: [String: Currency] = [:]
        while lineStart < bytes.count {
            lineNumber += 1
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            defer { lineStart = lineEnd + 1 }
            if lineEnd == lineStart { continue }
            if header == nil {
                do {
                    let decoded = try JSONDecoder().decode(JournalHeader.self, from: Data(bytes[lineStart..<lineEnd]))
                    guard decoded.format == format else {
                        throw JournalError(path: path, line: 1, column: 1, message: "not a Closebook journal")
                    }
                    guard decoded.schemaVersion == Journal.schemaVersion else {
                        throw JournalError(
                            path: path, line: 1, column: 1,
                            message:
                                "journal schema version \(decoded.schemaVersion) is not \(Journal.schemaVersion); re-run the stage that wrote it"
                        )
                    }
                    guard let base = Currency(code: decoded.baseCurrency) else {
                        throw JournalError(path: path, line: 1, column: 1, message: "invalid base currency")
                    }
                    currency = base
                    header = decoded
                } catch let error as JournalError {
                    throw error
                } catch {
                    throw JournalError(
                        path: path, line: 1, column: 1, message: "the first line is not a journal header (\(error))")
                }
                continue
            }
            var scanner = JSONScanner(bytes: bytes, start: lineStart, end: lineEnd)
            do {
                transactions.append(try decodeRow(&scanner, currencies: &currencies))
            } catch {
                throw JournalError(
                    path: path, line: lineNumber, column: error.offset - lineStart + 1, message: error.reason)
            }
        }
        guard let header else { throw JournalError(path: path, line: 1, column: 1, message: "the journal is empty") }
        return Journal(
            stage: header.stage, baseCurrency: currency, accounts: header.accounts, transactions: transactions)
    }

    static func decodeRow(
        _ scanner: inout JSONScanner, currencies: inout [String: Currency]
    ) throws(JSONScanner.Failure) -> Transaction {
        var id = "", account = "", payee = "", memo = ""
        var date: CivilDate?
        var amountBytes: ArraySlice<UInt8> = []
        var currencyCode = ""
        var status = TransactionStatus.posted
        var checkNumber: String?, bankType: String?, bankCategory: String?, note: String?
        var category: CategoryPath?
        var source = CategorySource.none
        var tags: [String] = []
        var rawSplits: [(String, ArraySlice<UInt8>)] = []
        var isTransfer = false, isIgnored = false
        var peer: TransactionID?
        var file = ""
        var line = 0
        let start = scanner.position
        try scanner.readObject { (s, key) throws(JSONScanner.Failure) in
            switch key {
            case "id": id = try s.readString()
            case "account": account = try s.readString()
            case "date":
                let offset = s.position
                guard let value = CivilDate(iso: try s.readStringBytes()) else {
                    throw JSONScanner.Failure(offset: offset, reason: "invalid date")
                }
                date = value
            case "amount": amountBytes = try s.readStringBytes()
            case "currency": currencyCode = try s.readString()
            case "payee": payee = try s.readString()
            case "memo": memo = try s.readString()
            case "status":
                let offset = s.position
                guard let value = TransactionStatus(rawValue: try s.readString()) else {
                    throw JSONScanner.Failure(offset: offset, reason: "invalid status")
                }
                status = value
            case "checkNumber": checkNumber = try s.readString()
            case "bankType": bankType = try s.readString()
            case "bankCategory": bankCategory = try s.readString()
            case "category": category = CategoryPath(try s.readString())
            case "categorySource": source = CategorySource(try s.readString()) ?? .none
            case "tags": try s.readArray { (e) throws(JSONScanner.Failure) in tags.append(try e.readString()) }
            case "note": note = try s.readString()
            case "splits":
                try s.readArray { (e) throws(JSONScanner.Failure) in
                    var splitCategory = ""
                    var splitAmount: ArraySlice<UInt8> = []
                    try e.readObject { (o, k) throws(JSONScanner.Failure) in
                        switch k {
                        case "category": splitCategory = try o.readString()
                        case "amount": splitAmount = try o.readStringBytes()
                        default: try o.skipValue()
                        }
                    }
                    rawSplits.append((splitCategory, splitAmount))
                }
            case "transfer": isTransfer = try s.readBool()
            case "transferPeer": peer = TransactionID(try s.readString())
            case "ignored": isIgnored = try s.readBool()
            case "file": file = try s.readString()
            case "line": line = try s.readInt()
            default: try s.skipValue()
            }
        }
        guard let date else { throw JSONScanner.Failure(offset: start, reason: "transaction has no date") }
        let currency: Currency
        if let known = currencies[currencyCode] {
            currency = known
        } else if let parsed = Currency(code: currencyCode) {
            currencies[currencyCode] = parsed
            currency = parsed
        } else {
            throw JSONScanner.Failure(offset: start, reason: "invalid currency '\(currencyCode)'")
        }
        let amount: Money
        do {
            amount = try Money.parse(amountBytes, currency: currency)
        } catch {
            throw JSONScanner.Failure(offset: start, reason: "invalid amount: \(error)")
        }
        var splits: [Split] = []
        for (text, bytes) in rawSplits {
            guard let path = CategoryPath(text), let value = try? Money.parse(bytes, currency: currency) else {
                throw JSONScanner.Failure(offset: start, reason: "invalid split")
            }
            splits.append(Split(category: path, amount: value))
        }
        return Transaction(
            id: TransactionID(id), account: AccountID(account), date: date, amount: amount, payee: payee, memo: memo,
            status: status, checkNumber: checkNumber, bankType: bankType, bankCategory: bankCategory,
            category: category, categorySource: source, tags: tags, note: note, splits: splits,
            isTransfer: isTransfer, transferPeer: peer, isIgnored: isIgnored,
            source: SourceLocation(file: file, line: line))
    }
}
