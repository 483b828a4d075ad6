import Ledger

/// Turns one QIF entry into a record, or into the reason it cannot be one.
///
/// Runs once per entry of files with millions of them, so it works on byte ranges of the text,
/// copies the record's texts as bytes into its `RecordTable`, and makes message text only when an
/// entry is skipped.
struct QIFRecordConversion {
    typealias Field = QIFEntryScanner.Field

    enum Outcome {
        /// The record was appended.
        case record
        case skipped(String)
        /// Quicken's opening balance entry: a balance, not a transaction (the reason says so).
        case openingBalance(StatedBalance, reason: String)
    }

    /// The decoded text the fields' ranges point into.
    let text: UnsafeBufferPointer<UInt8>
    let order: DateOrder
    let style: DecimalStyle
    let currency: Currency
    let path: String
    /// Amounts with more decimals than `currency` has, rounded (see `AmountRounding`).
    let rounded = AmountRounding.Tally()

    init(text: UnsafeBufferPointer<UInt8>, order: DateOrder, style: DecimalStyle, currency: Currency, path: String) {
        self.text = text
        self.order = order
        self.style = style
        self.currency = currency
        self.path = path
    }

    /// Appends the entry's record to `records`, or says why there is none.
    mutating func convert(
        _ entry: QIFEntryScanner.Entry, fields: [Field], section: QIFSection, into records: inout RecordTable,
        warnings: inout [ImportDiagnostic]
    ) -> Outcome {
        let investment = section == .investment
        var dateField: Field?
        var amountField: Field?
        var spareAmountField: Field?
        // The last of each line wins, as when a later line overwrites an earlier one.
        var payee: Range<Int>?
        var memo: Range<Int>?
        var number: Range<Int>?
        var category: Range<Int>?
        var security: Range<Int>?
        // Split lines (`S`, `E`, `$`) in their order. Some programs write them before the entry's
        // `T` and `P` lines, so the other lines are read wherever they stand.
        var splitFields: [Field] = []
        for field in fields {
            // As a CSV cell: no bank writes a line this long, and it would reach every output.
            if field.value.count > CSVTokenizer.maximumFieldBytes {
                let code = Character(Unicode.Scalar(field.code))
                return .skipped(
                    "its \(code) line is longer than \(CSVTokenizer.maximumFieldBytes) bytes (no bank writes one so long)"
                )
            }
            switch field.code {
            case UInt8(ascii: "D"): if dateField == nil { dateField = field }
            case UInt8(ascii: "T"): if amountField == nil { amountField = field }
            case UInt8(ascii: "U"): if spareAmountField == nil { spareAmountField = field }
            case UInt8(ascii: "P"): payee = field.value
            case UInt8(ascii: "M"): memo = field.value
            case UInt8(ascii: "N"): number = field.value
            case UInt8(ascii: "L"): category = field.value
            case UInt8(ascii: "Y"): security = field.value
            case UInt8(ascii: "S"), UInt8(ascii: "E"), UInt8(ascii: "$"):
                if investment { continue }
                splitFields.append(field)
            default: continue
            }
        }
        guard let dateField else { return .skipped("entry has no date (D line)") }
        guard let written = QIFDate(bytes(dateField.value)) else {
            return .skipped("date '\(QIFEntryScanner.dateText(dateField, in: text))' is not a date")
        }
        guard let date = written.civilDate(order: order) else {
            return .skipped(
                "date '\(QIFEntryScanner.dateText(dateField, in: text))' is not a valid \(QIFRecordConversion.describe(order)) date"
            )
        }
        let numberText = number.map(string) ?? ""
        var action = QIFInvestmentAction.signedAsWritten
        if investment {
            action = QIFInvestmentAction(numberText)
            if case .noCash(let reason) = action { return .skipped(reason) }
        }
        guard let field = amountField ?? spareAmountField else {
            if investment {
                return .skipped("investment entry '\(numberText)' has no cash amount (T line)")
            }
            return .skipped("entry has no amount (T line)")
        }
        guard var amount = amount(of: field) else { return .skipped(amountFailure(field).reason) }
        switch action {
        case .cashIn: if amount.isNegative, let positive = amount.negated { amount = positive }
        case .cashOut: if amount.isPositive, let negative = amount.negated { amount = negative }
        case .signedAsWritten, .noCash: break
        }

        // Quicken writes an account's starting balance as an entry paid to the account itself:
        // `POpening Balance` with `L[Account]`. It is the balance at the start of its day.
        if !investment, let payee, let category, isOpeningBalance(payee: payee, category: category),
            let dayBefore = date.adding(days: -1)
        {
            return .openingBalance(
                StatedBalance(kind: .ledger, date: dayBefore, amount: amount, line: entry.line),
                reason:
                    "Quicken opening balance entry (\(amount.decimalString) to \(string(category))): kept as the balance at the start of \(date.isoString), not as a transaction"
            )
        }
        var bankType: String?
        var checkNumber: String?
        if investment {
            if !numberText.isEmpty { bankType = numberText }
        } else if !numberText.isEmpty {
            if numberText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                checkNumber = numberText
            } else {
                bankType = numberText
            }
        }
        var splits: [ParsedSplit]?
        if !splitFields.isEmpty {
            switch self.splits(splitFields[...], warnings: &warnings) {
            case .success(let parsed): splits = parsed
            case .failure(let failure):
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: path, line: failure.line, column: failure.column,
                        message: "\(failure.reason); the transaction is kept without its splits"))
            }
        }
        // The texts in `RecordTable.TextLengths` order, then the record.
        var texts = RecordTable.TextLengths()
        if let payee { texts.payee = records.appendText(bytes(payee)) }
        if investment && texts.payee == 0 {
            let securityText = security.map(string) ?? ""
            texts.payee = records.appendText(
                [numberText, securityText].filter { !$0.isEmpty }.joined(separator: " "))
        }
        if let memo { texts.memo = records.appendText(bytes(memo)) }
        if let checkNumber { texts.checkNumber = records.appendText(checkNumber) }
        if let bankType { texts.bankType = records.appendText(bankType) }
        if let category, !QIFRecordConversion.isSplitMarker(bytes(category)) {
            let length = records.appendText(bytes(category))
            if length > 0 { texts.bankCategory = length }
        }
        records.appendRecord(
            line: entry.line, date: date, amount: amount, status: .posted, texts: texts, balanceAfter: nil)
        if let splits { records.setSplitsOfLast(splits) }
        return .record
    }

    /// The balance an `!Account` block states (`$` with its `/` date), if it states one that reads.
    func statedBalance(
        of definition: QIFEntryScanner.AccountDefinition, warnings: inout [ImportDiagnostic]
    ) -> StatedBalance? {
        guard let balanceRange = definition.balance, let dateRange = definition.balanceDate else { return nil }
        let date = QIFDate(bytes(dateRange))?.civilDate(order: order)
        let amount = try? Money.parse(bytes(balanceRange), currency: currency, style: style)
        guard let date, let amount else {
            warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: definition.balanceLine,
                    message:
                        "the balance of account '\(definition.name ?? "")' ('\(string(balanceRange))' on '\(string(dateRange))') cannot be read; it is not checked"
                ))
            return nil
        }
        return StatedBalance(kind: .ledger, date: date, amount: amount, line: definition.balanceLine)
    }

    struct Failure: Error {
        var reason: String
        var line: Int
        var column: Int
    }

    /// The amount a field holds, nil when it is not one (`amountFailure` says why).
    private func amount(of field: Field) -> Money? {
        let value = bytes(field.value)
        // The common plain shape (`-1,234.56`) is read inline; `Money.parse` is generic and not
        // inlinable, so it costs a witness call per byte. Both give the same value (CSV tests check it).
        if !value.isEmpty, let units = AmountCell.fastPlain(value, exponent: currency.exponent, style: style) {
            return Money(minorUnits: units, currency: currency)
        }
        do {
            return try Money.parse(value, currency: currency, style: style)
        } catch .tooManyDecimals {
            // As in CSV and OFX: rounded half to even, with one warning for the file.
            guard let money = try? Money.parse(value, currency: currency, style: style, excess: .roundHalfEven)
            else { return nil }
            rounded.note(line: field.line, text: string(field.value), money: money)
            return money
        } catch {
            return nil
        }
    }

    /// Why a field is not an amount (for a field `amount(of:)` did not read).
    private func amountFailure(_ field: Field) -> Failure {
        var reason = "not a number"
        do {
            _ = try Money.parse(bytes(field.value), currency: currency, style: style)
        } catch {
            reason = error.description
        }
        return Failure(
            reason: "amount '\(string(field.value))' is not a number (\(reason))", line: field.line,
            column: field.column)
    }

    /// Reads `S` (category), `E` (memo) and `$` (amount) lines; a split starts at each `S`, or at an
    /// `E` or `$` that would otherwise overwrite the current split's.
    private func splits(
        _ fields: ArraySlice<Field>, warnings: inout [ImportDiagnostic]
    ) -> Result<[ParsedSplit], Failure> {
        var splits: [ParsedSplit] = []
        var category = ""
        var memo = ""
        var amount: Money?
        var started = false
        var startField = fields[fields.startIndex]

        func finish() -> Failure? {
            guard started else { return nil }
            defer {
                (category, memo, amount, started) = ("", "", nil, false)
            }
            guard let amount else {
                return Failure(
                    reason: "split '\(category)' has no amount ($ line)", line: startField.line,
                    column: startField.column)
            }
            splits.append(ParsedSplit(category: category, memo: memo, amount: amount))
            return nil
        }

        for field in fields {
            switch field.code {
            case UInt8(ascii: "S"):
                if let failure = finish() { return .failure(failure) }
                started = true
                startField = field
                category = string(field.value)
            case UInt8(ascii: "E"):
                if started && (!memo.isEmpty || amount != nil), let failure = finish() { return .failure(failure) }
                if !started { startField = field }
                started = true
                memo = string(field.value)
            case UInt8(ascii: "$"):
                if started && amount != nil, let failure = finish() { return .failure(failure) }
                if !started { startField = field }
                started = true
                var field = field
                if field.value.count > 1, text[field.value.lowerBound] == UInt8(ascii: "=") {
                    // `$=746.36`: some exporters write the split amount after an equals sign.
                    warnings.append(
                        ImportDiagnostic(
                            severity: .warning, path: path, line: field.line, column: field.column,
                            message:
                                "split amount '\(string(field.value))' is read as \(string(field.value.dropFirst()))"))
                    field.value = field.value.dropFirst()
                }
                guard let value = self.amount(of: field) else {
                    return .failure(
                        Failure(
                            reason: "split amount '\(string(field.value))' is not a number", line: field.line,
                            column: field.column))
                }
                amount = value
            default: continue
            }
        }
        if let failure = finish() { return .failure(failure) }
        return .success(splits)
    }

    /// `POpening Balance` (any case) with an account as category (`L[Checking]`). Bytes rule out
    /// the other entries cheaply; the few that pass are checked as text, as `lowercased()` and
    /// `hasPrefix`/`hasSuffix` (which work on characters) see them.
    private func isOpeningBalance(payee: Range<Int>, category: Range<Int>) -> Bool {
        guard payee.count == 15, category.count >= 2, text[category.lowerBound] == UInt8(ascii: "["),
            text[category.upperBound - 1] == UInt8(ascii: "]"), text[payee.lowerBound] | 0x20 == UInt8(ascii: "o")
        else { return false }
        let account = string(category)
        return string(payee).lowercased() == "opening balance" && account.hasPrefix("[") && account.hasSuffix("]")
    }

    private func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[range])
    }

    private func string(_ range: Range<Int>) -> String { QIFEntryScanner.string(range, in: text) }

    /// True for `--Split--`, the category Quicken writes on an entry whose splits carry the categories.
    static func isSplitMarker(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.elementsEqual("--Split--".utf8)
    }

    static func describe(_ order: DateOrder) -> String {
        switch order {
        case .dayMonthYear: "day/month/year"
        case .monthDayYear: "month/day/year"
        case .yearMonthDay: "year/month/day"
        }
    }
}
