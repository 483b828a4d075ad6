import Ledger

extension CSVRowMapper {
    mutating func readAmount(
        line: Int, currency: Currency, cell: (Int) -> UnsafeBufferPointer<UInt8>
    ) -> Money? {
        switch layout.amount {
        case .signed(let column):
            return parseAmount(cell(column), line: line, currency: currency, column: column)
        case .debitCredit(let debitColumn, let creditColumn):
            let debitCell = cell(debitColumn)
            let creditCell = cell(creditColumn)
            if debitCell.isEmpty && creditCell.isEmpty {
                skip(
                    line,
                    "no amount: \(layout.describe(debitColumn)) and \(layout.describe(creditColumn)) are both empty",
                    valueFailure: true)
                return nil
            }
            var total = Money.zero(currency)
            var debitValue: Money?
            if !debitCell.isEmpty {
                guard let debit = parseAmount(debitCell, line: line, currency: currency, column: debitColumn) else {
                    return nil
                }
                debitValue = debit
                if debit.isNegative {
                    signNotes.note(
                        "negative debit", line,
                        "\(layout.describe(debitColumn)) holds a negative amount '\(string(debitCell))'; it is read as money out all the same (check the sign)"
                    )
                }
                let magnitude = debit.isNegative ? debit.negated : debit
                guard let magnitude, let sum = total.subtracting(magnitude) else {
                    skip(line, "amount '\(string(debitCell))' is too large to represent exactly", valueFailure: true)
                    return nil
                }
                total = sum
            }
            if !creditCell.isEmpty {
                guard let credit = parseAmount(creditCell, line: line, currency: currency, column: creditColumn)
                else { return nil }
                if credit.isNegative {
                    signNotes.note(
                        "negative credit", line,
                        "\(layout.describe(creditColumn)) holds a negative amount '\(string(creditCell))'; it is read as money out, a credit taken back (check the sign)"
                    )
                }
                if let debitValue, debitValue.minorUnits != 0, credit.minorUnits != 0 {
                    signNotes.note(
                        "both filled", line,
                        "both \(layout.describe(debitColumn)) ('\(string(debitCell))') and \(layout.describe(creditColumn)) ('\(string(creditCell))') are filled; the row is read as money in minus money out (check it)"
                    )
                }
                guard let sum = total.adding(credit) else {
                    skip(line, "amount '\(string(creditCell))' is too large to represent exactly", valueFailure: true)
                    return nil
                }
                total = sum
            }
            return total
        case .indicator(let column, let indicatorColumn, let debitValues, let creditValues):
            guard let value = parseAmount(cell(column), line: line, currency: currency, column: column) else {
                return nil
            }
            guard let magnitude = value.isNegative ? value.negated : value else {
                skip(line, "amount is too large to represent exactly", valueFailure: true)
                return nil
            }
            let indicator = cell(indicatorColumn)
            if CSVRowMapper.matchesAny(indicator, debitValues) { return magnitude.negated ?? magnitude }
            if CSVRowMapper.matchesAny(indicator, creditValues) { return magnitude }
            let expected = layout.profile.amount.indicatorValues
            skip(
                line,
                "debit/credit indicator '\(string(indicator))' is neither debit (\(expected.debit)) nor credit (\(expected.credit))",
                valueFailure: true)
            return nil
        }
    }

    mutating func parseAmount(
        _ text: UnsafeBufferPointer<UInt8>, line: Int, currency: Currency, column: Int
    ) -> Money? {
        switch AmountCell.parse(
            text, currency: currency, style: decimalStyle, trailingMinus: trailingMinus, scratch: &scratch)
        {
        case .success(let money):
            return money
        case .failure(let failure):
            // As OFX and QIF amounts: rounded half to even to the currency's minor unit, with a
            // warning (`roundedWarning`), rather than a record lost.
            if case .tooManyDecimals = failure,
                case .success(let money) = AmountCell.parse(
                    text, currency: currency, style: decimalStyle, trailingMinus: trailingMinus, scratch: &scratch,
                    excess: .roundHalfEven)
            {
                rounded.note(line: line, text: string(text), money: money)
                return money
            }
            skip(
                line, CSVRowMapper.describe(failure, text: string(text), currency: currency, style: decimalStyle),
                valueFailure: true)
            return nil
        }
    }

    struct SignNotes {
        /// By kind: the first line and message, and the count.
        private(set) var kinds: [(key: String, line: Int, message: String, count: Int)] = []

        mutating func note(_ key: String, _ line: Int, _ message: String) {
            if let index = kinds.firstIndex(where: { $0.key == key }) {
                kinds[index].count += 1
            } else {
                kinds.append((key, line, message, 1))
            }
        }

        func warnings(path: String) -> [ImportDiagnostic] {
            kinds.map { kind in
                let more =
                    kind.count > 1 ? " (and \(kind.count - 1) more row\(kind.count == 2 ? "" : "s") like it)" : ""
                return ImportDiagnostic(
                    severity: .warning, path: path, line: kind.line, column: 1, message: kind.message + more)
            }
        }
    }

    /// The one warning for the amounts `parseAmount` rounded, worded as the OFX and QIF readers word it.
    var roundedWarning: ImportDiagnostic? { rounded.warning(path: path, field: "amount") }

    static func describe(
        _ failure: AmountCell.Failure, text: String, currency: Currency, style: DecimalStyle
    )
        -> String
    {
        switch failure {
        case .empty:
            return "amount is empty"
        case .notANumber:
            let mark = Character(Unicode.Scalar(style.decimalMark))
            return "amount '\(text)' is not a number (decimal mark is '\(mark)' for this profile)"
        case .tooManyDecimals(let allowed):
            return "amount '\(text)' has more than \(allowed) decimal places for \(currency.code)"
        case .tooLarge:
            return "amount '\(text)' is too large to represent exactly"
        }
    }

    mutating func readBalance(_ text: UnsafeBufferPointer<UInt8>, line: Int, currency: Currency) -> Money? {
        guard !text.isEmpty else { return nil }
        switch AmountCell.parse(
            text, currency: currency, style: decimalStyle, trailingMinus: trailingMinus, scratch: &scratch)
        {
        case .success(let money):
            return money
        case .failure(let failure):
            let reason = CSVRowMapper.describe(failure, text: string(text), currency: currency, style: decimalStyle)
            warn(line: line, column: 1, "balance ignored: \(reason)")
            return nil
        }
    }

    mutating func mapBalanceRow(
        _ kind: CSVProfile.BalanceRowRule.Kind, amountColumn: Int?, line: Int, currency: Currency,
        cell: (Int) -> UnsafeBufferPointer<UInt8>
    ) {
        let reason = kind == .opening ? "opening balance row" : "closing balance row"
        var dateCell = cell(layout.date)
        if dateCell.isEmpty, let fallback = layout.dateFallback { dateCell = cell(fallback) }
        let amount: Money?
        if let amountColumn {
            amount = readBalance(cell(amountColumn), line: line, currency: currency)
        } else {
            let before = skipped.count
            amount = readAmount(line: line, currency: currency, cell: cell)
            if skipped.count > before {
                // The amount could not be read; the row is skipped with that reason.
                return
            }
        }
        skipped.append(SkippedRecord(line: line, reason: reason))
        guard let amount, let rowDate = dateFormat.parse(dateCell) else { return }
        let date = kind == .opening ? (rowDate.adding(days: -1) ?? rowDate) : rowDate
        let key = groupKey(currency: currency, cell: cell)
        let index = group(for: key)
        groups[index].balanceRows.append(StatedBalance(kind: .ledger, date: date, amount: amount, line: line))
    }
}
