import Ledger

/// Turns data rows into records, grouped into one statement per account and currency.
///
/// Every row ends as a record or a `SkippedRecord`, never nowhere. Works on the tokenizer's byte
/// ranges: a record's texts go as bytes straight into its group's `RecordTable`.
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

    private(set) var groups: [Group] = []
    private var groupIndex: [GroupKey: Int] = [:]
    private(set) var skipped: [SkippedRecord] = []
    private(set) var warnings: [ImportDiagnostic] = []
    /// Indices in `skipped` of rows whose date cell held no digit (candidates for summary lines).
    private var textualDateFailures: Set<Int> = []
    /// How many rows were skipped because a date or an amount could not be read.
    private(set) var valueFailures = 0
    private var scratch: [UInt8] = []
    private var textScratch: [UInt8] = []
    /// Account cells repeat from row to row: one `String` per distinct text.
    private var interner = TextInterner()
    /// The last group a row went to: most files have one, so the dictionary is rarely consulted.
    private var lastGroup: (key: GroupKey, index: Int)?

    // Profile settings, copied out so the per-row code never copies the whole profile.
    private let dateFormat: DateFormat
    private let decimalStyle: DecimalStyle
    private let trailingMinus: Bool
    private let invertSign: Bool
    /// The `+` column of `sign = "plus-is-money-in"`: a cell without it went out.
    private let plusColumn: Int?
    private let keepZeroAmounts: Bool
    private let collapseSpaces: Bool
    private let trimBytes: [UInt8]
    private let joinBytes: [UInt8]
    private let fixedCurrency: Currency?
    private let groupsByCell: Bool

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

    private var reservation = (records: 0, textBytes: 0)

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

    private mutating func skip(_ line: Int, _ reason: String, valueFailure: Bool = false, textual: Bool = false) {
        if textual { textualDateFailures.insert(skipped.count) }
        if valueFailure { valueFailures += 1 }
        skipped.append(SkippedRecord(line: line, reason: reason))
    }

    private mutating func readAmount(
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

    private mutating func parseAmount(
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

    /// Rows whose debit and credit columns look wrong (a negative debit, both filled): the first
    /// of each kind is a warning, with how many more there are.
    private(set) var signNotes = SignNotes()

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

    /// Amounts with more decimals than their currency has, rounded (see `AmountRounding`).
    let rounded = AmountRounding.Tally()

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

    private mutating func readBalance(_ text: UnsafeBufferPointer<UInt8>, line: Int, currency: Currency) -> Money? {
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

    private mutating func mapBalanceRow(
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

    // MARK: - Groups

    private mutating func groupKey(currency: Currency, cell: (Int) -> UnsafeBufferPointer<UInt8>) -> GroupKey {
        var account = ""
        if let source = layout.account {
            account = text(source, cell)
            if account.hasPrefix("'") { account.removeFirst() }
        }
        let name = layout.accountName.map { text($0, cell) } ?? ""
        return GroupKey(account: account, name: name, currency: currency)
    }

    private mutating func group(for key: GroupKey) -> Int {
        if let last = lastGroup, last.key == key { return last.index }
        let index: Int
        if let known = groupIndex[key] {
            index = known
        } else {
            var group = Group(key: key)
            if groups.isEmpty { group.records.reserveCapacity(reservation.records, textBytes: reservation.textBytes) }
            groups.append(group)
            index = groups.count - 1
            groupIndex[key] = index
        }
        lastGroup = (key, index)
        return index
    }

    // MARK: - Text

    /// Appends the text of `source` to the record being made in group `group`; returns its length.
    private mutating func appendText(
        _ source: CSVLayout.Text?, _ cell: (Int) -> UnsafeBufferPointer<UInt8>, to group: Int
    ) -> UInt32 {
        guard let source else { return 0 }
        if case .column(let index) = source, !collapseSpaces {
            return groups[group].records.appendText(trim(cell(index)))
        }
        fillScratch(source, cell)
        if case .template = source {
            return groups[group].records.appendText(String(decoding: textScratch, as: UTF8.self).csvTrimmed)
        }
        return textScratch.withUnsafeBufferPointer { groups[group].records.appendText($0) }
    }

    /// `appendText`, for a text that is absent when empty.
    private mutating func optionalText(
        _ source: CSVLayout.Text, _ cell: (Int) -> UnsafeBufferPointer<UInt8>, to group: Int
    ) -> UInt32 {
        let length = appendText(source, cell, to: group)
        return length == 0 ? RecordTable.TextLengths.absent : length
    }

    /// The text of a source: cells trimmed of spaces and the profile's trim characters, runs of
    /// spaces collapsed when the profile says so.
    private mutating func text(_ source: CSVLayout.Text?, _ cell: (Int) -> UnsafeBufferPointer<UInt8>) -> String {
        guard let source else { return "" }
        if case .column(let index) = source, !collapseSpaces { return interner.string(trim(cell(index))) }
        fillScratch(source, cell)
        if case .template = source { return String(decoding: textScratch, as: UTF8.self).csvTrimmed }
        return textScratch.withUnsafeBufferPointer { interner.string($0) }
    }

    /// Puts the text of `source` (before a template's trimming) in `textScratch`.
    private mutating func fillScratch(_ source: CSVLayout.Text, _ cell: (Int) -> UnsafeBufferPointer<UInt8>) {
        textScratch.removeAll(keepingCapacity: true)
        switch source {
        case .column(let index):
            appendCollapsed(trim(cell(index)))
        case .joined(let indices):
            for index in indices {
                let part = trim(cell(index))
                if part.isEmpty { continue }
                if !textScratch.isEmpty { textScratch.append(contentsOf: joinBytes) }
                appendCollapsed(part)
            }
        case .template(let parts):
            _ = render(parts, cell)
        }
    }

    /// Appends `parts`; returns false when a cell in them was empty (so an optional part is dropped).
    private mutating func render(_ parts: [CSVLayout.Part], _ cell: (Int) -> UnsafeBufferPointer<UInt8>) -> Bool {
        var complete = true
        for part in parts {
            switch part {
            case .literal(let bytes):
                textScratch.append(contentsOf: bytes)
            case .cell(let index):
                let value = trim(cell(index))
                if value.isEmpty { complete = false }
                appendCollapsed(value)
            case .optional(let inner):
                let mark = textScratch.count
                if !render(inner, cell) { textScratch.removeSubrange(mark...) }
            }
        }
        return complete
    }

    private mutating func appendCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard collapseSpaces else {
            textScratch.append(contentsOf: bytes)
            return
        }
        var previousSpace = false
        for byte in bytes {
            let space = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if space {
                if !previousSpace { textScratch.append(0x20) }
            } else {
                textScratch.append(byte)
            }
            previousSpace = space
        }
    }

    @inline(__always)
    private func trim(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let extra = trimBytes
        var start = 0
        var end = bytes.count
        func trimmable(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || (!extra.isEmpty && extra.contains(byte))
        }
        while start < end && trimmable(bytes[start]) { start += 1 }
        while end > start && trimmable(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    private func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Tests on cells

    static func passes(_ test: CSVLayout.Test, _ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        var end = cell.count
        while start < end && cell[start] == 0x20 { start += 1 }
        while end > start && cell[end - 1] == 0x20 { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: cell[start..<end])
        switch test.kind {
        case .empty:
            return text.isEmpty
        case .equals:
            return matchesAny(text, test.values)
        case .startsWith:
            return test.values.contains { value in
                value.count <= text.count && zip(value, text).allSatisfy { $0 == lower($1) }
            }
        case .contains:
            return test.values.contains { value in
                guard value.count <= text.count else { return false }
                if value.isEmpty { return true }
                for offset in 0...(text.count - value.count)
                where zip(value, text[offset..<offset + value.count]).allSatisfy({ $0 == lower($1) }) {
                    return true
                }
                return false
            }
        }
    }

    static func matchesAny(_ cell: UnsafeBufferPointer<UInt8>, _ values: [[UInt8]]) -> Bool {
        var start = 0
        var end = cell.count
        while start < end && cell[start] == 0x20 { start += 1 }
        while end > start && cell[end - 1] == 0x20 { end -= 1 }
        return values.contains { value in
            value.count == end - start && zip(value, cell[start..<end]).allSatisfy { $0 == lower($1) }
        }
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    /// True when `cell` is exactly the code of `currency`.
    @inline(__always)
    static func equalsCode(_ cell: UnsafeBufferPointer<UInt8>, _ currency: Currency) -> Bool {
        cell.count == 3 && currency.code.utf8.elementsEqual(cell)
    }

    /// An ISO code cell; the pre-1998 rouble code RUR, which Russian banks still write, reads as RUB.
    static func currency(_ cell: UnsafeBufferPointer<UInt8>) -> Currency? {
        let code = String(decoding: cell, as: UTF8.self).csvTrimmed.uppercased()
        if code == "RUR" { return Currency(code: "RUB") }
        return Currency(code: code)
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
