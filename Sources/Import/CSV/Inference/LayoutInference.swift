import Ledger

/// Works out a CSV file's layout from the file itself, for files no profile matches: encoding,
/// delimiter and decimal mark; the header after any preamble; the date column and its format;
/// the amount (signed, debit and credit, or with an indicator); text, balance, currency and
/// account columns; continuation rows.
///
/// Content decides; header names (`HeaderVocabulary`) break ties and name what content cannot
/// (which date is the booking date, which text is the payee). The result is an ordinary
/// `CSVProfile`, so the file is then read exactly as if the profile had been written by hand.
/// Only the first `InferenceSample.recordLimit` records are weighed.
enum LayoutInference {
    /// The most of the file decoded and tokenized for evidence.
    static let headBytes = 512 * 1024
    /// Steps back and forth in the dates, each way, from which rows are not in date order.
    static let unorderedSteps = 2

    static func infer(
        _ bytes: [UInt8], path: String, context: InferenceContext
    ) throws(LayoutInferenceFailure) -> InferredLayout {
        var head = bytes
        var truncated = false
        if bytes.count > headBytes {
            var end = headBytes
            while end > 0 && bytes[end - 1] != 0x0A { end -= 1 }
            head = Array(bytes[..<(end > 0 ? end : headBytes)])
            truncated = true
        }
        let encoding = EncodingInference.encoding(of: head)
        let decoded = TextDecoding.decode(head, declared: encoding)
        var sample = decoded.bytes.withUnsafeBufferPointer { InferenceSample(text: $0) }
        if truncated || sample.records.count == InferenceSample.recordLimit { sample.records.removeLast() }
        var reasons: [String] = []
        var confidence = InferredLayout.Confidence.high
        func lower(to level: InferredLayout.Confidence) {
            if level == .low || (level == .medium && confidence == .high) { confidence = level }
        }

        // Where the data is: the column with most dates on rows that also hold a number.
        let records = sample.records
        let shapes = records.map { $0.cells.map(CellShape.init) }
        func isDataRow(_ row: Int, dateColumn: Int) -> Bool {
            let cells = shapes[row]
            guard dateColumn < cells.count, cells[dateColumn] == .date else { return false }
            return cells.indices.contains { $0 != dateColumn && cells[$0] == .number }
        }
        let width = records.reduce(0) { max($0, $1.cells.count) }
        var dateScores = [Int](repeating: 0, count: width)
        for row in records.indices {
            for column in shapes[row].indices where isDataRow(row, dateColumn: column) { dateScores[column] += 1 }
        }
        guard let best = dateScores.max(), best > 0, let anchor = dateScores.firstIndex(of: best) else {
            throw LayoutInferenceFailure(
                line: records.first?.line ?? 1, column: 1,
                message: "no column holds dates next to amounts, so this does not look like a bank statement")
        }
        guard var firstData = records.indices.first(where: { isDataRow($0, dateColumn: anchor) }) else {
            throw LayoutInferenceFailure(line: 1, column: 1, message: "no data rows")
        }

        // The header: a line of names (text in most of its cells, about as many as the data has).
        func isLineOfNames(_ row: Int, before data: Int) -> Bool {
            let filled = records[row].cells.filter { !$0.isEmpty }
            let names = zip(records[row].cells, shapes[row]).filter { !$0.0.isEmpty && $0.1 == .text }.count
            let dataWidth = records[data].cells.filter { !$0.isEmpty }.count
            return filled.count >= 2 && names * 10 >= filled.count * 8 && filled.count * 2 >= dataWidth
        }
        // Of the lines whose cells name bank columns, the one the most data rows follow: account
        // lines before it may hold dates and numbers too (an opening balance, a period), and a
        // row under the header may not be a transaction (an opening balance with a mark).
        // Without one, the record just before the data, when it is a line of names.
        var header: InferenceSample.Record?
        var headerRow: Int?
        if let named = namedHeader(records, isDataRow: { isDataRow($0, dateColumn: anchor) }, isLineOfNames) {
            headerRow = named.header
            firstData = named.firstData
        } else if firstData > 0, isLineOfNames(firstData - 1, before: firstData) {
            headerRow = firstData - 1
        }
        if let headerRow { header = records[headerRow] }
        if header == nil {
            reasons.append(
                "no header line: columns are numbers, decided from their contents (which text is the payee is a guess)")
            lower(to: .low)
        }

        // Data rows: from the first one on, those with a date where the anchor column has them.
        // Rows without one that hold only text (the rest of a description) are continuation rows.
        // Rows that state a balance are left out, and skipped by the profile.
        var dataRows: [Int] = []
        var continuationRows = 0
        var balanceLines: [Int: Set<String>] = [:]
        var balanceRows = Set<Int>()
        for row in (headerRow.map { $0 + 1 } ?? firstData)..<records.count {
            let labelled = records[row].cells.enumerated().compactMap { column, cell in
                shapes[row][column] == .text ? BalanceLineLabels.label(of: cell).map { (column, $0) } : nil
            }
            if let (column, label) = labelled.first {
                balanceLines[column, default: []].insert(label)
                balanceRows.insert(row)
            }
        }
        for row in firstData..<records.count where !records[row].unreadable && !balanceRows.contains(row) {
            if isDataRow(row, dateColumn: anchor) {
                dataRows.append(row)
            } else if let last = dataRows.last, last == row - 1 || continuationRows > 0,
                shapes[row].allSatisfy({ $0 == .empty || $0 == .text }),
                anchor >= shapes[row].count || shapes[row][anchor] == .empty
            {
                continuationRows += 1
            }
        }
        let columnCount = dataRows.reduce(0) { max($0, records[$1].cells.count) }
        // Text in cells past the header's names: a column the names do not describe.
        func textPastHeader(_ row: Int) -> Bool {
            guard let header else { return false }
            return records[row].cells.dropFirst(header.cells.count).contains { !$0.isEmpty }
        }
        if let header, let row = dataRows.first(where: textPastHeader) {
            reasons.append(
                "line \(records[row].line) has text past the header's \(header.cells.count) columns, which is not read")
            lower(to: .low)
        }
        func headerName(_ column: Int) -> String? {
            guard let header, column < header.cells.count, !header.cells[column].isEmpty else { return nil }
            return header.cells[column]
        }

        // Decimal mark and trailing minus, from every number in the data rows.
        var pointVotes = 0
        var commaVotes = 0
        var undecided = 0
        var trailingMinus = false
        for row in dataRows {
            for (column, cell) in records[row].cells.enumerated() where shapes[row][column] == .number {
                switch CellShape.decimalMarkEvidence(cell) {
                case UInt8(ascii: "."): pointVotes += 1
                case UInt8(ascii: ","): commaVotes += 1
                default:
                    if cell.contains(where: { $0 == "." || $0 == "," }) { undecided += 1 }
                }
                if ColumnEvidence.hasTrailingMinus(cell) { trailingMinus = true }
            }
        }
        // As the loader reads `decimal_mark` without `grouping`, so the printed profile reads the same.
        let comma = DecimalStyle(decimalMark: UInt8(ascii: ","), groupingMarks: [UInt8(ascii: "."), 0x20])
        let point = DecimalStyle(decimalMark: UInt8(ascii: "."), groupingMarks: [UInt8(ascii: ",")])
        let style: DecimalStyle
        if commaVotes > pointVotes {
            style = comma
        } else if pointVotes > commaVotes {
            style = point
        } else if undecided > 0 {
            style = sample.delimiter == UInt8(ascii: ";") ? comma : point
            let mark = style == comma ? "," : "."
            reasons.append(
                "no amount shows its decimal mark (all are like 1.500 or 1,500); taken as '\(mark)' from the delimiter")
            lower(to: .low)
        } else {
            style = point
        }

        var evidence = (0..<columnCount).map { ColumnEvidence(index: $0, header: headerName($0)) }
        for row in dataRows {
            let cells = records[row].cells
            for column in 0..<columnCount {
                evidence[column].observe(
                    column < cells.count ? cells[column] : "", style: style, trailingMinusStyle: trailingMinus)
            }
        }
        func describe(_ column: Int) -> String {
            headerName(column).map { "'\($0)'" } ?? "column \(column + 1)"
        }
        let lines = dataRows.map { records[$0].line }

        // The date column: among the columns of dates, the booking date by name, else the first.
        let dateColumns = evidence.filter { $0.isDateColumn && $0.fillRatio >= 0.5 }
        func dateRank(_ column: ColumnEvidence) -> Int {
            if column.strength(of: .bookingDate) > 0 { return 30 + column.strength(of: .bookingDate) }
            if column.strength(of: .date) > 0 { return 20 + column.strength(of: .date) }
            if column.strength(of: .valueDate) > 0 { return 5 }
            return 10
        }
        // A date column empty on some rows loses to one with a date on every row: read from it,
        // those rows would be skipped (a bank that dates some rows only by their value date).
        func full(_ column: ColumnEvidence) -> Int { column.dates == column.rows ? 1 : 0 }
        guard
            let dateColumn = dateColumns.max(by: {
                (full($0), dateRank($0), -$0.index) < (full($1), dateRank($1), -$1.index)
            })?.index
        else {
            throw LayoutInferenceFailure(
                line: lines.first ?? 1, column: 1, message: "no column holds a date on most rows")
        }
        if dateColumns.count > 1 {
            let others = dateColumns.filter { $0.index != dateColumn }.map { describe($0.index) }
            let byName = dateColumns.max { (dateRank($0), -$0.index) < (dateRank($1), -$1.index) }?.index
            let why = byName == dateColumn ? "the booking date" : "the only one with a date on every row"
            reasons.append(
                "dates are read from \(describe(dateColumn)) (\(why)), not \(others.joined(separator: " or "))")
        }

        // Its format, with the day/month rules of `date_format = "auto"`.
        var sniffer = DateFormatSniffer(configuredOrder: context.dateOrder)
        var dateFormat = DateFormat.auto
        do {
            for (position, row) in dataRows.enumerated() {
                let cells = records[row].cells
                guard dateColumn < cells.count, !cells[dateColumn].isEmpty else { continue }
                var bytes = Array(cells[dateColumn].utf8)
                try bytes.withUnsafeMutableBufferPointer { (buffer) throws(DateFormatSniffer.Failure) in
                    try sniffer.observe(UnsafeBufferPointer(buffer)) { (lines[position], dateColumn + 1) }
                }
            }
            if let format = try sniffer.resolve() { dateFormat = format }
        } catch {
            if error.kind == .ambiguous && (truncated || sample.records.count >= InferenceSample.recordLimit - 1) {
                // Later rows may settle it: the reader decides from all of them.
                reasons.append("the day/month order is decided from all the file's dates when it is read")
            } else {
                let remedy =
                    error.kind == .ambiguous
                    ? "; set date_order = \"dmy\" or \"mdy\" for this file's account in closebook.toml" : ""
                var decision: AccountDecision?
                if error.kind == .ambiguous {
                    let readings = sniffer.standing.sorted { $0.order == .dayMonthYear && $1.order != .dayMonthYear }
                        .compactMap { $0.format.parse(error.cell.text)?.isoString }
                    if readings.count == 2 {
                        decision = .dateOrder(example: error.cell.text, dayFirst: readings[0], monthFirst: readings[1])
                    }
                }
                throw LayoutInferenceFailure(
                    line: error.cell.line, column: error.cell.column,
                    message: "the date column \(describe(dateColumn)) cannot be read: \(error.message)\(remedy)",
                    decision: decision)
            }
        }

        // The amount and the balance.
        let usable = evidence.map { column -> ColumnEvidence in column }
        var amountInference = AmountStyleInference(
            columns: usable.filter { !dateColumns.map(\.index).contains($0.index) }, lines: lines, describe: describe)
        amountInference.accountKind = context.accountKind
        amountInference.accountSign = context.accountSign
        // The row order, when the first and last dates differ.
        if !dateFormat.isAuto {
            let dates = evidence[dateColumn].cells.compactMap { dateFormat.parse($0) }
            if let first = dates.first, let last = dates.last, first != last {
                amountInference.newestFirst = first > last
            }
            // Bank statements list rows in date order. Dates that go back and forth more than
            // once each way are rows of another kind among them (balance and turnover lines) or
            // several statements in one file: what the layout alone cannot tell apart.
            let steps = zip(dates, dates.dropFirst())
            let forward = steps.filter { $0 < $1 }.count
            let backward = steps.filter { $0 > $1 }.count
            if min(forward, backward) >= LayoutInference.unorderedSteps {
                reasons.append(
                    "the dates are not in order (\(forward) steps forward, \(backward) back): some rows may not be transactions"
                )
                lower(to: .low)
            }
        }
        let decision: AmountStyleInference.Decision
        do {
            decision = try amountInference.decide()
        } catch {
            throw LayoutInferenceFailure(
                line: lines.first ?? 1, column: 1, message: error.message, decision: error.decision)
        }
        var used = Set(decision.hypothesis.columns + [dateColumn])
        if let balance = decision.balance { used.insert(balance.column) }

        func ref(_ column: Int) -> CSVProfile.ColumnRef {
            guard let name = headerName(column), let header else { return .number(column + 1) }
            let folded = CSVLayout.fold(name)
            let first = header.cells.firstIndex { CSVLayout.fold($0) == folded }
            return first == column ? .name(name) : .number(column + 1)
        }
        let amountLayout: CSVProfile.AmountLayout
        var invert = false
        var plusIsMoneyIn = false
        switch decision.hypothesis.kind {
        case .signed(let column, let inverted):
            amountLayout = .signed(ref(column))
            invert = inverted
        case .plusMarked(let column):
            amountLayout = .signed(ref(column))
            plusIsMoneyIn = true
            // Strong, but one column of evidence, as a mark on a few rows is.
            reasons.append(
                "'+' in \(describe(column)) marks money in on \(evidence[column].pluses) of \(dataRows.count) rows, and no amount has a minus; the amounts without a sign went out"
            )
            lower(to: .medium)
        case .debitCredit(let debit, let credit):
            amountLayout = .debitCredit(debit: ref(debit), credit: ref(credit))
        case .indicator(let amount, let indicator, let debitValues, let creditValues):
            amountLayout = .indicator(
                amount: ref(amount), indicator: ref(indicator), debitValues: debitValues, creditValues: creditValues)
            // A mark on a few rows (a card's payments `CR`): strong, but one column of evidence.
            if debitValues == [""] || creditValues == [""] {
                let mark = debitValues == [""] ? creditValues[0] : debitValues[0]
                let side = debitValues == [""] ? "money in" : "money out"
                reasons.append(
                    "'\(mark)' in \(describe(indicator)) marks \(side) on \(evidence[indicator].filled) of \(dataRows.count) rows; the rows without it went the other way"
                )
                lower(to: .medium)
            }
        }
        let roles: [HeaderVocabulary.Role] = [.amount, .debit, .credit]
        let moneyNamed = decision.hypothesis.moneyColumns.contains { column in
            roles.contains { evidence[column].strength(of: $0) > 0 }
        }
        if let balance = decision.balance, let chain = balance.chain {
            let order = chain.newestFirst ? "newest first" : "oldest first"
            reasons.append(
                "\(describe(balance.column)) is the balance \(chain.kind == .after ? "after" : "before") each row: it follows the amounts' running sum on \(chain.matches) of \(chain.pairs) rows, \(order)"
            )
        } else if !moneyNamed || evidence[dateColumn].hints.isEmpty {
            lower(to: .medium)
            if header != nil {
                reasons.append("the header names do not say which columns hold the date and the amount")
            }
        }
        if let balance = decision.balance, balance.chain == nil {
            reasons.append(
                "\(describe(balance.column)) is taken as the balance by its name alone (too few rows to check)")
        }
        if invert && decision.balance?.chain != nil {
            reasons.append("amounts are written as positive charges: the balance shows they are money out")
        }
        reasons += decision.notes
        lower(to: decision.ceiling)
        // Another column named as an amount (the amount in the account's currency beside the
        // original one): which is meant, the names do not say.
        let otherAmounts = evidence.filter {
            $0.strength(of: .amount) > 0 && $0.couldBeAmount && !used.contains($0.index)
                && $0.values != evidence[decision.hypothesis.moneyColumns[0]].values
        }
        if case .signed = decision.hypothesis.kind, decision.balance?.chain == nil, let other = otherAmounts.first {
            reasons.append(
                "\(describe(other.index)) is named as an amount too, and holds other numbers; \(describe(decision.hypothesis.moneyColumns[0])) is read"
            )
            lower(to: .low)
        }

        var profile = CSVProfile(
            id: inferredID(path), path: path, name: "Inferred from \(fileName(path))", bank: "unknown",
            date: ref(dateColumn), dateFormat: dateFormat, amount: amountLayout)
        profile.encoding = encoding
        profile.delimiter = sample.delimiter
        profile.hasHeader = header != nil
        if let header {
            profile.signature = header.cells.filter { !$0.isEmpty }
        } else if let first = dataRows.first {
            profile.skipLines = records[first].line - 1
        }
        profile.decimalStyle = style
        profile.trailingMinus = trailingMinus
        for (column, labels) in balanceLines.sorted(by: { $0.key < $1.key }) {
            profile.skipRules.append(
                CSVProfile.RowRule(
                    test: CSVProfile.CellTest(column: ref(column), kind: .contains, values: labels.sorted()),
                    reason: BalanceLineLabels.reason))
        }
        if !balanceLines.isEmpty {
            let count = balanceLines.count
            reasons.append(
                "rows that state a balance are skipped (\(count == 1 ? "one column names them" : "\(count) columns name them"))"
            )
        }
        profile.invertSign = invert
        profile.plusIsMoneyIn = plusIsMoneyIn
        if let balance = decision.balance {
            if balance.chain?.kind == .before {
                profile.balanceBefore = ref(balance.column)
            } else {
                profile.balance = ref(balance.column)
            }
            if let chain = balance.chain { profile.order = chain.newestFirst ? .newestFirst : .oldestFirst }
        }

        // Currency and account.
        let currencies = evidence.filter { !used.contains($0.index) && $0.isCurrencyColumn }
        if let currency = currencies.max(by: { $0.strength(of: .currency) < $1.strength(of: .currency) }) {
            profile.currency = .column(ref(currency.index))
            used.insert(currency.index)
        }
        var assumedCurrency: String?
        if profile.currency == .context {
            let money = decision.hypothesis.moneyColumns.map {
                (header: headerName($0), cells: evidence[$0].cells, describe: describe($0))
            }
            let currency = CurrencyInference.decide(columns: money, context: context)
            if let fixed = currency.currency { profile.currency = .fixed(fixed) }
            if let reason = currency.reason { reasons.append(reason) }
            assumedCurrency = currency.assumed
            lower(to: currency.ceiling)
        }
        let accounts = evidence.filter { !used.contains($0.index) && $0.isAccountColumn }
        if let account = accounts.max(by: { $0.strength(of: .account) < $1.strength(of: .account) }) {
            profile.account = .column(ref(account.index))
            used.insert(account.index)
        }

        // Text: the payee by name (a counterparty, else a description), else the fullest text.
        // A column with one value on every row names the account holder, not the other party.
        let texts = evidence.filter { !used.contains($0.index) && $0.isText && !$0.isConstant }
        func named(_ role: HeaderVocabulary.Role) -> ColumnEvidence? {
            texts.filter { $0.strength(of: role) > 0 && $0.fillRatio >= 0.2 }
                .max { ($0.strength(of: role), $0.textScore) < ($1.strength(of: role), $1.textScore) }
        }
        let counterparty = named(.payee)
        let description = named(.description)
        let note = named(.memo)
        let type = texts.first { $0.strength(of: .type) == 2 && $0.index != counterparty?.index }
        // A column of category names: by its header, else by its cells (`CategoryVocabulary`).
        let category =
            texts.first { $0.strength(of: .category) > 0 && $0.index != counterparty?.index }
            ?? texts.first { CategoryVocabulary.holdsCategories($0) }
        var payee = counterparty ?? description
        if payee == nil {
            // Not the category column while another text could be the payee.
            let candidates = texts.filter { $0.strength(of: .type) == 0 && $0.strength(of: .account) == 0 }
            payee =
                candidates.filter { $0.index != category?.index }.max { $0.textScore < $1.textScore }
                ?? candidates.max { $0.textScore < $1.textScore }
        }
        if let payee {
            profile.payee = .column(ref(payee.index))
            used.insert(payee.index)
            // The other party's account after the name, as `Name (NL99...)`.
            let accounts = evidence.filter {
                !used.contains($0.index) && $0.strength(of: .counterpartyAccount) > 0
                    && $0.accountNumbers * 2 >= $0.filled
            }
            if let account = accounts.first {
                profile.payee = .template(
                    TextTemplate(parts: [
                        .cell(ref(payee.index)), .optional([.literal(" ("), .cell(ref(account.index)), .literal(")")]),
                    ]))
                used.insert(account.index)
            }
            // When the payee cell is empty, the first text that says what the row was.
            if payee.fillRatio < 1 {
                profile.payeeFallback = [description, type, category].compactMap { $0 }
                    .filter { $0.index != payee.index }.prefix(1).map { .column(ref($0.index)) }
            }
        }
        let memo =
            [note, counterparty != nil ? description : nil].compactMap { $0 }.first { !used.contains($0.index) }
            ?? (header == nil
                ? texts.filter { !used.contains($0.index) && $0.fillRatio >= 0.3 }.max { $0.textScore < $1.textScore }
                : nil)
        if let memo {
            profile.memo = .column(ref(memo.index))
            used.insert(memo.index)
        }
        if let type, !used.contains(type.index) { profile.type = .column(ref(type.index)) }
        if let category, !used.contains(category.index) { profile.category = .column(ref(category.index)) }
        if [payee, memo].contains(where: { $0.map { $0.padded > 0 } ?? false }) {
            profile.collapseSpaces = true
            reasons.append("text cells are padded with runs of spaces, which are collapsed")
        }
        if continuationRows > 0 {
            profile.joinContinuationRows = true
            reasons.append(
                "\(continuationRows) row\(continuationRows == 1 ? " holds" : "s hold") only more description for the row above, and \(continuationRows == 1 ? "is" : "are") joined to it"
            )
        }
        reasons.insert(
            "read \(dataRows.count) row\(dataRows.count == 1 ? "" : "s"): \(summary(profile, describe: describe, ref: ref))",
            at: 0)
        return InferredLayout(
            profile: profile, headerRecord: header?.ordinal, confidence: confidence, reasons: reasons,
            assumedCurrency: assumedCurrency)
    }

    /// The line of names, two or more of them bank columns' (`HeaderVocabulary`), that the most
    /// data rows follow before the next such line, and the first of those rows; nil when no such
    /// line has data rows under it.
    static func namedHeader(
        _ records: [InferenceSample.Record], isDataRow: (Int) -> Bool, _ isLineOfNames: (Int, Int) -> Bool
    ) -> (header: Int, firstData: Int)? {
        let named = records.indices.filter { row in
            records[row].cells.filter { !HeaderVocabulary.hints(for: $0).isEmpty }.count >= 2
        }
        var best: (header: Int, firstData: Int, rows: Int)?
        for (position, row) in named.enumerated() {
            let end = position + 1 < named.count ? named[position + 1] : records.count
            let data = (row + 1..<end).filter(isDataRow)
            guard let first = data.first, isLineOfNames(row, first) else { continue }
            if data.count > best?.rows ?? 0 { best = (row, first, data.count) }
        }
        return best.map { ($0.header, $0.firstData) }
    }

    /// One sentence naming the columns chosen.
    private static func summary(
        _ profile: CSVProfile, describe: (Int) -> String, ref: (Int) -> CSVProfile.ColumnRef
    ) -> String {
        func shown(_ values: [String]) -> String { values == [""] ? "unmarked" : values.joined(separator: "/") }
        var parts = ["date \(profile.date) (\(profile.dateFormat))"]
        switch profile.amount {
        case .signed(let column):
            let sign = profile.invertSign ? " (sign inverted)" : profile.plusIsMoneyIn ? " ('+' is money in)" : ""
            parts.append("amount \(column)\(sign)")
        case .debitCredit(let debit, let credit): parts.append("money out \(debit), money in \(credit)")
        case .indicator(let amount, let indicator, let debit, let credit):
            parts.append(
                "amount \(amount) with \(indicator) (\(shown(debit)) out, \(shown(credit)) in)"
            )
        }
        if case .column(let payee)? = profile.payee { parts.append("payee \(payee)") }
        if let balance = profile.balance ?? profile.balanceBefore { parts.append("balance \(balance)") }
        if case .column(let currency) = profile.currency { parts.append("currency \(currency)") }
        let mark = profile.decimalStyle.decimalMark == UInt8(ascii: ",") ? "," : "."
        parts.append("decimal mark '\(mark)'")
        return parts.joined(separator: ", ")
    }

    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// `inferred-` and the file's stem in lower-case letters, digits and dashes.
    static func inferredID(_ path: String) -> String {
        var stem = fileName(path)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        var id = "inferred-"
        var lastDash = true
        for character in stem.lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                id.append(character)
                lastDash = false
            } else if !lastDash {
                id.append("-")
                lastDash = true
            }
        }
        while id.hasSuffix("-") { id.removeLast() }
        return id
    }
}
