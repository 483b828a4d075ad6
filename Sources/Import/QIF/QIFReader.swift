import Ledger

/// Reads Quicken Interchange Format files (`.qif`): bank, cash, card, other asset/liability and
/// investment transactions, with their splits, for one or several accounts.
///
/// Each account in the file (an `!Account` block, or the implicit account of entries written before
/// any) becomes one `ParsedStatement`. Every `^`-terminated entry becomes a record or a skipped
/// record with its reason: list entries (`!Type:Cat`, `!Type:Security`...) are not transactions,
/// investment entries count only where they move cash, and Quicken's `Opening Balance` entry is a
/// stated balance rather than income. The cleared flag (`C`) is the user's reconciliation mark, not
/// the bank's pending state, so every record is posted. The day/month order of dates is decided once
/// for the whole file, from dates that can be read only one way; a file that never says is an error
/// unless the account's `date_order` in `closebook.toml` settles it.
public struct QIFReader: StatementReader {
    public static let format = FileFormat.qif

    public init() {}

    /// True when the first line that is not blank or a `#` comment is a QIF header (`!Type:`,
    /// `!Account`, `!Option:` or `!Clear:`).
    public static func recognizes(_ bytes: [UInt8]) -> Bool {
        let text = QIFTextDecoding.decode(Array(bytes.prefix(4096))).text
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
            defer { start = end + 1 }
            var lower = start
            while lower < end, text[lower] == 0x20 || text[lower] == 0x09 { lower += 1 }
            guard lower < end else { continue }
            if text[lower] == UInt8(ascii: "#") { continue }
            guard text[lower] == UInt8(ascii: "!") else { return false }
            let header = QIFSection.folded(String(decoding: text[(lower + 1)..<end], as: UTF8.self))
            return header.hasPrefix("type:") || header == "account" || header.hasPrefix("option:")
                || header.hasPrefix("clear:")
        }
        return false
    }

    public func read(_ bytes: [UInt8], path: String, context: ReadContext) throws(ImportDiagnostic) -> ParsedFile {
        let (text, encoding) = QIFTextDecoding.decode(bytes)
        var warnings: [ImportDiagnostic] = []
        if encoding == .windows1252 {
            warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: 1,
                    message: "the file is not UTF-8 text; it was read as Windows-1252"))
        }
        if case .mixed(let notes) = encoding {
            warnings += notes.map {
                ImportDiagnostic(severity: .warning, path: path, line: $0.line, message: $0.message)
            }
        }
        let configuredOrder = context.account?.dateOrder
        let conventions = text.withUnsafeBufferPointer {
            QIFFileConventions($0, needsDateOrder: configuredOrder == nil)
        }
        let order = try conventions.dateOrder(
            configured: configuredOrder, path: path, accountID: context.account.map { $0.id.rawValue })
        let currency = context.account?.currency ?? context.defaultCurrency
        let (statements, skipped) = text.withUnsafeBufferPointer { buffer in
            let conversion = QIFRecordConversion(
                text: buffer, order: order, style: conventions.decimalMark.style, currency: currency, path: path)
            defer {
                if let rounded = conversion.rounded.warning(path: path, field: "amount") { warnings.append(rounded) }
            }
            return readEntries(conversion, context: context, warnings: &warnings)
        }
        warnings.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return ParsedFile(format: .qif, statements: statements, skipped: skipped, warnings: warnings)
    }

    /// Converts every entry, one statement per account in the file, in one pass over the text.
    private func readEntries(
        _ conversion: QIFRecordConversion, context: ReadContext, warnings: inout [ImportDiagnostic]
    ) -> (statements: [ParsedStatement], skipped: [SkippedRecord]) {
        var conversion = conversion
        var scanner = QIFEntryScanner()
        var fields: [QIFEntryScanner.Field] = []
        fields.reserveCapacity(16)
        var statements: [ParsedStatement] = []
        var statementByAccount: [Int?: Int] = [:]
        var skipped: [SkippedRecord] = []
        // The statement of the last entry: consecutive entries almost always share it.
        var last: (account: Int?, index: Int)?
        // Room for one entry per 48 bytes in large files: pages reserved but never written cost no
        // memory, while growing a million-record array copies it.
        let expected = conversion.text.count > 1 << 20 ? conversion.text.count / 48 : 0
        while let entry = scanner.next(in: conversion.text, fields: &fields) {
            guard let section = entry.section else {
                skipped.append(
                    SkippedRecord(
                        line: entry.line, reason: "entry before any !Type header, so its kind is unknown"))
                continue
            }
            guard section.holdsTransactions else {
                skipped.append(SkippedRecord(line: entry.line, reason: section.notATransactionReason))
                continue
            }
            let index: Int
            if let last, last.account == entry.account {
                index = last.index
            } else if let existing = statementByAccount[entry.account] {
                index = existing
            } else {
                index = statements.count
                statementByAccount[entry.account] = index
                var statement = ParsedStatement(
                    accountHint: hint(for: entry.account, section: section, accounts: scanner.accounts),
                    currency: context.account?.currency)
                if statements.isEmpty {
                    statement.records.reserveCapacity(expected, textBytes: expected > 0 ? conversion.text.count : 0)
                }
                statements.append(statement)
            }
            last = (entry.account, index)
            switch conversion.convert(
                entry, fields: fields, section: section, into: &statements[index].records, warnings: &warnings)
            {
            case .record: break
            case .skipped(let reason): skipped.append(SkippedRecord(line: entry.line, reason: reason))
            case .openingBalance(let balance, let reason):
                statements[index].statedBalances.append(balance)
                skipped.append(SkippedRecord(line: entry.line, reason: reason))
            }
        }
        for (account, index) in statementByAccount {
            guard let account else { continue }
            let definition = scanner.accounts[account]
            if let typeName = definition.typeName, QIFSection.accountKind(typeName: typeName) == nil {
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: conversion.path, line: definition.line,
                        message:
                            "account '\(definition.name ?? "")' has type '\(typeName)', which is not a QIF account type (Bank, Cash, CCard, Invst, Oth A, Oth L); set its type in closebook.toml"
                    ))
            }
            if let balance = conversion.statedBalance(of: definition, warnings: &warnings) {
                statements[index].statedBalances.append(balance)
            }
        }
        return (statements, skipped)
    }

    /// What the file says about an account: its `!Account` name and type, or, for entries before any
    /// account definition, the kind of their section.
    private func hint(
        for account: Int?, section: QIFSection, accounts: [QIFEntryScanner.AccountDefinition]
    ) -> AccountHint {
        guard let account else { return AccountHint(kind: section.accountKind) }
        let definition = accounts[account]
        let kind = definition.typeName.map { QIFSection.accountKind(typeName: $0) } ?? section.accountKind
        return AccountHint(name: definition.name, kind: kind)
    }
}
