import Ledger

/// Turns one QIF entry into a `ParsedRecord`, or into the reason it cannot be one.
struct QIFRecordConversion {
    enum Outcome {
        case record(ParsedRecord)
        case skipped(String)
        /// Quicken's opening balance entry: a balance, not a transaction (the reason says so).
        case openingBalance(StatedBalance, reason: String)
    }

    let document: QIFDocument
    let order: DateOrder
    let style: DecimalStyle
    let currency: Currency
    let path: String

    func convert(_ entry: QIFDocument.Entry, section: QIFSection, warnings: inout [ImportDiagnostic]) -> Outcome {
        var dateField: QIFDocument.Field?
        var amountField: QIFDocument.Field?
        var spareAmountField: QIFDocument.Field?
        var payee = ""
        var memo = ""
        var number = ""
        var category = ""
        var security = ""
        var inSplits = false
        var splitFields: [QIFDocument.Field] = []
        for field in entry.fields {
            if inSplits {
                splitFields.append(field)
                continue
            }
            switch field.code {
            case UInt8(ascii: "D"): if dateField == nil { dateField = field }
            case UInt8(ascii: "T"): if amountField == nil { amountField = field }
            case UInt8(ascii: "U"): if spareAmountField == nil { spareAmountField = field }
            case UInt8(ascii: "P"): payee = document.string(field.value)
            case UInt8(ascii: "M"): memo = document.string(field.value)
            case UInt8(ascii: "N"): number = document.string(field.value)
            case UInt8(ascii: "L"): category = document.string(field.value)
            case UInt8(ascii: "Y"): security = document.string(field.value)
            case UInt8(ascii: "S"), UInt8(ascii: "E"), UInt8(ascii: "$"):
                if section == .investment { continue }
                inSplits = true
                splitFields.append(field)
            default: continue
            }
        }
        guard let dateField else { return .skipped("entry has no date (D line)") }
        let dateText = document.dateText(dateField)
        guard let written = QIFDate(document.text[dateField.value]) else {
            return .skipped("date '\(dateText)' is not a date")
        }
        guard let date = written.civilDate(order: order) else {
            return .skipped("date '\(dateText)' is not a valid \(QIFRecordConversion.describe(order)) date")
        }
        var action = QIFInvestmentAction.signedAsWritten
        if section == .investment {
            action = QIFInvestmentAction(number)
            if case .noCash(let reason) = action { return .skipped(reason) }
        }
        guard let field = amountField ?? spareAmountField else {
            if section == .investment {
                return .skipped("investment entry '\(number)' has no cash amount (T line)")
            }
            return .skipped("entry has no amount (T line)")
        }
        var amount: Money
        switch parseAmount(field) {
        case .success(let value): amount = value
        case .failure(let failure): return .skipped(failure.reason)
        }
        switch action {
        case .cashIn: if amount.isNegative, let positive = amount.negated { amount = positive }
        case .cashOut: if amount.isPositive, let negative = amount.negated { amount = negative }
        case .signedAsWritten, .noCash: break
        }

        // Quicken writes an account's starting balance as an entry paid to the account itself:
        // `POpening Balance` with `L[Account]`. It is the balance at the start of its day.
        if section != .investment, payee.lowercased() == "opening balance", category.hasPrefix("["),
            category.hasSuffix("]"), let dayBefore = date.adding(days: -1)
        {
            return .openingBalance(
                StatedBalance(kind: .ledger, date: dayBefore, amount: amount, line: entry.line),
                reason:
                    "Quicken opening balance entry (\(amount.decimalString) to \(category)): kept as the balance at the start of \(date.isoString), not as a transaction"
            )
        }
        var record = ParsedRecord(date: date, amount: amount, payee: payee, memo: memo, line: entry.line)
        if category != "--Split--" && !category.isEmpty { record.bankCategory = category }
        if section == .investment {
            if !number.isEmpty { record.bankType = number }
            if payee.isEmpty { record.payee = [number, security].filter { !$0.isEmpty }.joined(separator: " ") }
        } else if !number.isEmpty {
            if number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                record.checkNumber = number
            } else {
                record.bankType = number
            }
        }
        if !splitFields.isEmpty {
            switch splits(splitFields) {
            case .success(let splits): record.splits = splits
            case .failure(let failure):
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: path, line: failure.line, column: failure.column,
                        message: "\(failure.reason); the transaction is kept without its splits"))
            }
        }
        return .record(record)
    }

    /// The balance an `!Account` block states (`$` with its `/` date), if it states one that reads.
    func statedBalance(
        of definition: QIFDocument.AccountDefinition, warnings: inout [ImportDiagnostic]
    ) -> StatedBalance? {
        guard let balanceRange = definition.balance, let dateRange = definition.balanceDate else { return nil }
        let date = QIFDate(document.text[dateRange])?.civilDate(order: order)
        let amount = try? Money.parse(document.text[balanceRange], currency: currency, style: style)
        guard let date, let amount else {
            warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: definition.balanceLine,
                    message:
                        "the balance of account '\(definition.name ?? "")' ('\(document.string(balanceRange))' on '\(document.string(dateRange))') cannot be read; it is not checked"
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

    private func parseAmount(_ field: QIFDocument.Field) -> Result<Money, Failure> {
        do {
            return .success(try Money.parse(document.text[field.value], currency: currency, style: style))
        } catch {
            let text = document.string(field.value)
            return .failure(
                Failure(reason: "amount '\(text)' is not a number (\(error))", line: field.line, column: field.column))
        }
    }

    /// Reads `S` (category), `E` (memo) and `$` (amount) lines; a split starts at each `S`, or at an
    /// `E` or `$` that would otherwise overwrite the current split's.
    private func splits(_ fields: [QIFDocument.Field]) -> Result<[ParsedSplit], Failure> {
        var splits: [ParsedSplit] = []
        var category = ""
        var memo = ""
        var amount: Money?
        var started = false
        var startField = fields[0]

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
                category = document.string(field.value)
            case UInt8(ascii: "E"):
                if started && (!memo.isEmpty || amount != nil), let failure = finish() { return .failure(failure) }
                if !started { startField = field }
                started = true
                memo = document.string(field.value)
            case UInt8(ascii: "$"):
                if started && amount != nil, let failure = finish() { return .failure(failure) }
                if !started { startField = field }
                started = true
                switch parseAmount(field) {
                case .success(let value): amount = value
                case .failure(let failure):
                    return .failure(
                        Failure(
                            reason: "split amount '\(document.string(field.value))' is not a number",
                            line: failure.line, column: failure.column))
                }
            default: continue
            }
        }
        if let failure = finish() { return .failure(failure) }
        return .success(splits)
    }

    static func describe(_ order: DateOrder) -> String {
        switch order {
        case .dayMonthYear: "day/month/year"
        case .monthDayYear: "month/day/year"
        case .yearMonthDay: "year/month/day"
        }
    }
}
