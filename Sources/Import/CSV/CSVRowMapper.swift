import Ledger

/// Turns data rows into records, grouped into one statement per account and currency.
///
/// Every row ends as a record or a `SkippedRecord`, never nowhere. Works on the tokenizer's byte
/// ranges: a record's texts go as bytes straight into its group's `RecordTable`.
///
/// A row's steps are here (`map`); what each step reads is one file each: amounts and balances
/// (`CSVRowMapper+Amounts`), the statement a row belongs to (`+Groups`), texts (`+Text`) and the
/// tests a profile's row filters make on cells (`+CellTests`).
struct CSVRowMapper {
    let layout: CSVLayout
    let path: String
    let defaultCurrency: Currency

    /// Facts from the preamble.
    var preambleAccount: String?
    var preambleCurrency: Currency?
    var openingBalance: (amount: String, line: Int)?
    var closingBalance: (amount: String, line: Int)?
    var coverageStart: CivilDate?
    var coverageEnd: CivilDate?

    var groups: [Group] = []
    var groupIndex: [GroupKey: Int] = [:]
    var skipped: [SkippedRecord] = []
    var warnings: [ImportDiagnostic] = []
    /// Indices in `skipped` of rows whose date cell held no digit (candidates for summary lines).
    var textualDateFailures: Set<Int> = []
    /// How many rows were skipped because a date or an amount could not be read.
    var valueFailures = 0
    var scratch: [UInt8] = []
    var textScratch: [UInt8] = []
    /// Account cells repeat from row to row: one `String` per distinct text.
    var interner = ByteKeyedCache<String>()
    /// The last group a row went to: most files have one, so the dictionary is rarely consulted.
    var lastGroup: (key: GroupKey, index: Int)?

    // Profile settings, copied out so the per-row code never copies the whole profile.
    let dateFormat: DateFormat
    let decimalStyle: DecimalStyle
    let trailingMinus: Bool
    let invertSign: Bool
    /// The `+` column of `sign = "plus-is-money-in"`: a cell without it went out.
    let plusColumn: Int?
    let keepZeroAmounts: Bool
    let collapseSpaces: Bool
    let trimBytes: [UInt8]
    let joinBytes: [UInt8]
    let fixedCurrency: Currency?
    let groupsByCell: Bool

    struct GroupKey: Hashable {
        var account: String
        var name: String
        var currency: Currency
    }

    struct Group {
        var key: GroupKey
        var records = RecordTable()
        /// Stated balances from balance rows.
        var balanceRows: [StatedBalance] = []
        /// Per record, the balance before it when the layout has a balance-before column.
        var balanceBefore: [Money?] = []
    }

    init(layout: CSVLayout, path: String, defaultCurrency: Currency) {
        self.layout = layout
        self.path = path
        self.defaultCurrency = defaultCurrency
        let profile = layout.profile
        dateFormat = profile.dateFormat
        decimalStyle = profile.decimalStyle
        trailingMinus = profile.trailingMinus
        invertSign = profile.invertSign
        if profile.plusIsMoneyIn, case .signed(let column) = layout.amount {
            plusColumn = column
        } else {
            plusColumn = nil
        }
        keepZeroAmounts = profile.keepZeroAmounts
        collapseSpaces = profile.collapseSpaces
        trimBytes = Array(profile.trimCharacters.utf8)
        joinBytes = Array(profile.join.utf8)
        if case .fixed(let currency) = profile.currency { fixedCurrency = currency } else { fixedCurrency = nil }
        groupsByCell = layout.account != nil || layout.accountName != nil || layout.currencyColumn != nil
        scratch.reserveCapacity(64)
        textScratch.reserveCapacity(128)
    }

    /// Makes room for about `count` records, whose texts take at most `textBytes` bytes, in the
    /// first group.
    mutating func reserve(_ count: Int, textBytes: Int) {
        reservation = (count, textBytes)
    }

    var reservation = (records: 0, textBytes: 0)

    /// Rows whose debit and credit columns look wrong (a negative debit, both filled): the first
    /// of each kind is a warning, with how many more there are.
    var signNotes = SignNotes()

    /// Amounts with more decimals than their currency has, rounded (see `AmountRounding`).
    var rounded = AmountRounding.Tally()

    // MARK: - Rows

    /// Maps one data row, given the bytes of its cells.
    mutating func map(_ cells: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, line: Int) {
        @inline(__always) func cell(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            index < cells.count ? cells[index] : UnsafeBufferPointer(start: nil, count: 0)
        }

        for rule in layout.skipRules where CSVRowMapper.passes(rule.test, cell(rule.test.column)) {
            skipped.append(SkippedRecord(line: line, reason: rule.reason))
            return
        }

        // Currency first: amounts are parsed in it.
        var currency = fixedCurrency ?? preambleCurrency ?? defaultCurrency
        if let column = layout.currencyColumn {
            let text = cell(column)
            if !text.isEmpty {
                if let last = lastGroup, CSVRowMapper.equalsCode(text, last.key.currency) {
                    currency = last.key.currency
                } else if let parsed = CSVRowMapper.currency(text) {
                    currency = parsed
                } else {
                    skip(line, "currency '\(string(text))' is not an ISO 4217 code such as EUR")
                    return
                }
            }
        }

        for rule in layout.balanceRows where CSVRowMapper.passes(rule.test, cell(rule.test.column)) {
            mapBalanceRow(rule.kind, amountColumn: rule.amountColumn, line: line, currency: currency, cell: cell)
            return
        }

        // Date.
        var dateCell = cell(layout.date)
        if dateCell.isEmpty, let fallback = layout.dateFallback { dateCell = cell(fallback) }
        guard !dateCell.isEmpty else {
            skip(line, "date is empty", valueFailure: true, textual: true)
            return
        }
        guard let date = dateFormat.parse(dateCell) else {
            let textual = !dateCell.contains { $0 >= 0x30 && $0 <= 0x39 }
            skip(
                line, "invalid date '\(string(dateCell))' (expected \(dateFormat))", valueFailure: true,
                textual: textual)
            return
        }

        // Amount.
        guard var amount = readAmount(line: line, currency: currency, cell: cell) else { return }
        if invertSign, let flipped = amount.negated { amount = flipped }
        if let plusColumn, amount.isPositive, cell(plusColumn).first(where: { $0 != 0x20 }) != UInt8(ascii: "+"),
            let flipped = amount.negated
        {
            amount = flipped
        }
        var fee: Money?
        if let column = layout.fee, !cell(column).isEmpty {
            guard let charged = parseAmount(cell(column), line: line, currency: currency, column: column) else {
                return
            }
            guard let magnitude = charged.isNegative ? charged.negated : charged,
                let net = amount.subtracting(magnitude)
            else {
                skip(line, "fee '\(string(cell(column)))' is too large to represent exactly", valueFailure: true)
                return
            }
            if !magnitude.isZero {
                amount = net
                fee = magnitude
            }
        }
        if amount.isZero && !keepZeroAmounts {
            skip(line, "zero-amount notice row")
            return
        }

        // The group, then the texts, straight into its table (nothing below skips the row).
        let index: Int
        if !groupsByCell, let last = lastGroup, last.key.currency == currency {
            index = last.index
        } else {
            index = group(for: groupKey(currency: currency, cell: cell))
        }
        var texts = RecordTable.TextLengths()
        texts.payee = appendText(layout.payee, cell, to: index)
        for fallback in layout.payeeFallback where texts.payee == 0 {
            texts.payee = appendText(fallback, cell, to: index)
        }
        texts.memo = appendText(layout.memo, cell, to: index)
        if let fee {
            // The amount includes the fee; the memo keeps what the bank split out.
            let note = "fee \(fee.decimalString)"
            texts.memo += groups[index].records.appendText(texts.memo == 0 ? note : " (" + note + ")")
        }
        if let source = layout.checkNumber { texts.checkNumber = optionalText(source, cell, to: index) }
        if let source = layout.type { texts.bankType = optionalText(source, cell, to: index) }
        if let source = layout.category { texts.bankCategory = optionalText(source, cell, to: index) }
        var status = TransactionStatus.posted
        if let column = layout.status, CSVRowMapper.matchesAny(cell(column), layout.pendingValues) { status = .pending }

        // Balance.
        var balanceAfter: Money?
        var balanceBefore: Money?
        if let column = layout.balance {
            balanceAfter = readBalance(cell(column), line: line, currency: currency)
        } else if let column = layout.balanceBefore {
            balanceBefore = readBalance(cell(column), line: line, currency: currency)
            balanceAfter = balanceBefore.flatMap { $0.adding(amount) }
        }

        groups[index].records.appendRecord(
            line: line, date: date, amount: amount, status: status, texts: texts, balanceAfter: balanceAfter)
        if layout.balanceBefore != nil { groups[index].balanceBefore.append(balanceBefore) }
    }

    /// A record whose quoting is broken beyond repair.
    mutating func skipUnreadable(line: Int, reason: String) {
        skipped.append(SkippedRecord(line: line, reason: reason))
    }

    mutating func warn(line: Int, column: Int, _ message: String) {
        warnings.append(ImportDiagnostic(severity: .warning, path: path, line: line, column: column, message: message))
    }

    mutating func skip(_ line: Int, _ reason: String, valueFailure: Bool = false, textual: Bool = false) {
        if textual { textualDateFailures.insert(skipped.count) }
        if valueFailure { valueFailures += 1 }
        skipped.append(SkippedRecord(line: line, reason: reason))
    }

    // MARK: - Finishing

    /// Relabels trailing rows that failed on a non-date text as summary lines.
    mutating func markSummaryLines() {
        var index = skipped.count - 1
        while index >= 0, textualDateFailures.contains(index) {
            skipped[index].reason = "summary line after the data (\(skipped[index].reason))"
            index -= 1
        }
    }
}

extension CSVProfile.AmountLayout {
    /// The indicator values, for messages.
    var indicatorValues: (debit: String, credit: String) {
        if case .indicator(_, _, let debit, let credit) = self {
            return (debit.joined(separator: "/"), credit.joined(separator: "/"))
        }
        return ("", "")
    }
}

extension String {
    var csvTrimmed: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
