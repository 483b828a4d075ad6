import Import
import Ledger

/// Test readers for a tiny line format, so driver tests can state their inputs in a few lines.
///
///     FAKECSV                       (or FAKEOFX: the same, read as an OFX 2 file)
///     statement;number=4929000011112222;institution=Harbor Card;name=Visa;kind=credit_card;
///         bankid=021000021;accttype=CHECKING;currency=GBP;from=2024-01-01;to=2024-01-31;ledger=2024-01-31:-150.00
///     2024-01-05;-3.50;Coffee;fitid=A1;memo=...;pending;balance=96.50;type=DEB
///     skip;reason text
///
/// Records before any `statement` line go to one statement with no hints.
enum FakeStatementText {
    static func parse(_ bytes: [UInt8], format: FileFormat, context: ReadContext) -> ParsedFile {
        let text = String(decoding: bytes, as: UTF8.self)
        var file = ParsedFile(format: format, statements: [])
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            guard let head = fields.first, !head.isEmpty, lineNumber > 1 else { continue }
            if head == "skip" {
                file.skipped.append(SkippedRecord(line: lineNumber, reason: fields.dropFirst().joined(separator: ";")))
                continue
            }
            if head == "statement" {
                file.statements.append(statement(fields.dropFirst(), context: context))
                continue
            }
            if file.statements.isEmpty { file.statements.append(ParsedStatement(accountHint: AccountHint())) }
            let currency = file.statements[file.statements.count - 1].currency ?? context.defaultCurrency
            guard fields.count >= 3, let date = CivilDate(iso: fields[0]),
                let amount = try? Money.parse(fields[1], currency: currency)
            else { continue }
            var record = ParsedRecord(date: date, amount: amount, payee: fields[2], line: lineNumber)
            for option in fields.dropFirst(3) {
                let (key, value) = split(option)
                switch key {
                case "fitid": record.fitID = value
                case "memo": record.memo = value
                case "pending": record.status = .pending
                case "balance": record.balanceAfter = try? Money.parse(value, currency: currency)
                case "type": record.bankType = value
                case "category": record.bankCategory = value
                default: continue
                }
            }
            file.statements[file.statements.count - 1].records.append(record)
        }
        return file
    }

    static func statement(_ options: ArraySlice<String>, context: ReadContext) -> ParsedStatement {
        var statement = ParsedStatement(accountHint: AccountHint())
        var from: CivilDate?
        var to: CivilDate?
        var ledger: [String] = []
        for option in options {
            let (key, value) = split(option)
            switch key {
            case "number": statement.accountHint.accountNumber = value
            case "institution": statement.accountHint.institution = value
            case "name": statement.accountHint.name = value
            case "kind": statement.accountHint.kind = AccountKind(rawValue: value)
            case "bankid": statement.accountHint.bankID = value
            case "accttype": statement.accountHint.accountType = value
            case "currency": statement.currency = Currency(code: value)
            case "from": from = CivilDate(iso: value)
            case "to": to = CivilDate(iso: value)
            case "ledger": ledger.append(value)
            default: continue
            }
        }
        if let from, let to { statement.coverage = from...to }
        let currency = statement.currency ?? context.defaultCurrency
        for value in ledger {
            let (date, amount) = split(value, at: ":")
            if let date = CivilDate(iso: date), let amount = try? Money.parse(amount, currency: currency) {
                statement.statedBalances.append(StatedBalance(kind: .ledger, date: date, amount: amount, line: 2))
            }
        }
        return statement
    }

    static func split(_ option: String, at separator: Character = "=") -> (String, String) {
        guard let index = option.firstIndex(of: separator) else { return (option, "") }
        return (String(option[..<index]), String(option[option.index(after: index)...]))
    }

    static func starts(_ bytes: [UInt8], with marker: String) -> Bool {
        bytes.starts(with: Array(marker.utf8))
    }
}

struct FakeCSVReader: StatementReader {
    static let format = FileFormat.csv
    static func recognizes(_ bytes: [UInt8]) -> Bool { FakeStatementText.starts(bytes, with: "FAKECSV") }
    func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        if FakeStatementText.starts(bytes, with: "FAKECSV;fail") {
            throw ImportDiagnostic(path: path, line: 1, column: 9, message: "this file is broken on purpose")
        }
        var file = FakeStatementText.parse(bytes, format: .csv, context: context)
        // `FAKECSV;profile=NAME` on the first line: read as with that bank profile.
        let header = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        if let range = header.range(of: ";profile=") { file.profile = String(header[range.upperBound...]) }
        return file
    }
}

struct FakeOFXReader: StatementReader {
    static let format = FileFormat.ofx2
    static func recognizes(_ bytes: [UInt8]) -> Bool { FakeStatementText.starts(bytes, with: "FAKEOFX") }
    func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        FakeStatementText.parse(bytes, format: .ofx2, context: context)
    }
}

/// Runs the driver over files given as text, with the fake readers and the QIF reader.
enum DriverHarness {
    static let readers: [any StatementReader] = [FakeOFXReader(), FakeCSVReader(), QIFReader()]

    static func run(
        _ files: [(String, String)], config: WorkspaceConfig = WorkspaceConfig(baseCurrency: .gbp)
    )
        -> ImportOutcome
    {
        ImportDriver(readers: readers, config: config).run(files.map { InboxFile(name: $0.0, bytes: Array($0.1.utf8)) })
    }

    static func money(_ text: String, _ currency: Currency = .gbp) -> Money {
        (try? Money.parse(text, currency: currency)) ?? Money.zero(currency)
    }

    /// Checks `records = imported + duplicates + skipped` for every file and for the totals.
    static func countsAddUp(_ report: ImportReport) -> Bool {
        let files = report.files.allSatisfy { $0.records == $0.imported + $0.duplicates + $0.skipped }
        let totals = report.totals
        return files && totals.records == totals.imported + totals.duplicates + totals.skipped
            && totals.records == report.files.reduce(0) { $0 + $1.records }
            && totals.imported == report.files.reduce(0) { $0 + $1.imported }
            && report.files.allSatisfy {
                $0.duplicates == $0.duplicateRecords.count
                    && $0.skipped == $0.skippedRecords.reduce(0) { $0 + ($1.count ?? 1) }
            }
    }
}
