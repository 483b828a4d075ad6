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
///
/// `infer` runs the steps in order, and the decisions that stand alone are types of their own:
/// the decimal mark (`DecimalMarkInference`), the date column (`DateColumnChoice`) and its format
/// (`DateFormatChoice`), the rows' order (`RowDateOrder`), the amounts
/// (`AmountStyleInference`), the currency (`CurrencyInference`) and the text columns
/// (`TextColumnChoice`); each adds its reasons to the run's `InferenceFindings`.
enum LayoutInference {
    /// The most of the file decoded and tokenized for evidence.
    static let headBytes = 512 * 1024

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
        var findings = InferenceFindings()

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
            findings.reasons.append(
                "no header line: columns are numbers, decided from their contents (which text is the payee is a guess)")
            findings.lower(to: .low)
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
            findings.reasons.append(
                "line \(records[row].line) has text past the header's \(header.cells.count) columns, which is not read")
            findings.lower(to: .low)
        }
        func headerName(_ column: Int) -> String? {
            guard let header, column < header.cells.count, !header.cells[column].isEmpty else { return nil }
            return header.cells[column]
        }

        let (style, trailingMinus) = DecimalMarkInference.infer(
            records, shapes: shapes, dataRows: dataRows, delimiter: sample.delimiter, findings: &findings)

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

        let (dateColumn, dateColumns) = try DateColumnChoice.choose(
            evidence, lines: lines, describe: describe, findings: &findings)

        let dateFormat = try DateFormatChoice.choose(
            column: dateColumn, records: records, dataRows: dataRows, lines: lines, order: context.dateOrder,
            moreRowsFollow: truncated || sample.records.count >= InferenceSample.recordLimit - 1, describe: describe,
            findings: &findings)

        // The amount and the balance.
        let usable = evidence.map { column -> ColumnEvidence in column }
        var amountInference = AmountStyleInference(
            columns: usable.filter { !dateColumns.map(\.index).contains($0.index) }, lines: lines, describe: describe)
        amountInference.accountKind = context.accountKind
        amountInference.accountSign = context.accountSign
        if !dateFormat.isAuto {
            let dates = evidence[dateColumn].cells.compactMap { dateFormat.parse($0) }
            amountInference.newestFirst = RowDateOrder.newestFirst(dates, findings: &findings)
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
            findings.reasons.append(
                "'+' in \(describe(column)) marks money in on \(evidence[column].pluses) of \(dataRows.count) rows, and no amount has a minus; the amounts without a sign went out"
            )
            findings.lower(to: .medium)
        case .debitCredit(let debit, let credit):
            amountLayout = .debitCredit(debit: ref(debit), credit: ref(credit))
        case .indicator(let amount, let indicator, let debitValues, let creditValues):
            amountLayout = .indicator(
                amount: ref(amount), indicator: ref(indicator), debitValues: debitValues, creditValues: creditValues)
            // A mark on a few rows (a card's payments `CR`): strong, but one column of evidence.
            if debitValues == [""] || creditValues == [""] {
                let mark = debitValues == [""] ? creditValues[0] : debitValues[0]
                let side = debitValues == [""] ? "money in" : "money out"
                findings.reasons.append(
                    "'\(mark)' in \(describe(indicator)) marks \(side) on \(evidence[indicator].filled) of \(dataRows.count) rows; the rows without it went the other way"
                )
                findings.lower(to: .medium)
            }
        }
        let roles: [HeaderVocabulary.Role] = [.amount, .debit, .credit]
        let moneyNamed = decision.hypothesis.moneyColumns.contains { column in
            roles.contains { evidence[column].strength(of: $0) > 0 }
        }
        if let balance = decision.balance, let chain = balance.chain {
            let order = chain.newestFirst ? "newest first" : "oldest first"
            findings.reasons.append(
                "\(describe(balance.column)) is the balance \(chain.kind == .after ? "after" : "before") each row: it follows the amounts' running sum on \(chain.matches) of \(chain.pairs) rows, \(order)"
            )
        } else if !moneyNamed || evidence[dateColumn].hints.isEmpty {
            findings.lower(to: .medium)
            if header != nil {
                findings.reasons.append("the header names do not say which columns hold the date and the amount")
            }
        }
        if let balance = decision.balance, balance.chain == nil {
            findings.reasons.append(
                "\(describe(balance.column)) is taken as the balance by its name alone (too few rows to check)")
        }
        if invert && decision.balance?.chain != nil {
            findings.reasons.append("amounts are written as positive charges: the balance shows they are money out")
        }
        findings.reasons += decision.notes
        findings.lower(to: decision.ceiling)
        // Another column named as an amount (the amount in the account's currency beside the
        // original one): which is meant, the names do not say.
        let otherAmounts = evidence.filter {
            $0.strength(of: .amount) > 0 && $0.couldBeAmount && !used.contains($0.index)
                && $0.values != evidence[decision.hypothesis.moneyColumns[0]].values
        }
        if case .signed = decision.hypothesis.kind, decision.balance?.chain == nil, let other = otherAmounts.first {
            findings.reasons.append(
                "\(describe(other.index)) is named as an amount too, and holds other numbers; \(describe(decision.hypothesis.moneyColumns[0])) is read"
            )
            findings.lower(to: .low)
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
            findings.reasons.append(
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
            if let reason = currency.reason { findings.reasons.append(reason) }
            assumedCurrency = currency.assumed
            findings.lower(to: currency.ceiling)
        }
        let accounts = evidence.filter { !used.contains($0.index) && $0.isAccountColumn }
        if let account = accounts.max(by: { $0.strength(of: .account) < $1.strength(of: .account) }) {
            profile.account = .column(ref(account.index))
            used.insert(account.index)
        }

        TextColumnChoice.choose(
            evidence, used: &used, hasHeader: header != nil, ref: ref, profile: &profile, findings: &findings)
        if continuationRows > 0 {
            profile.joinContinuationRows = true
            findings.reasons.append(
                "\(continuationRows) row\(continuationRows == 1 ? " holds" : "s hold") only more description for the row above, and \(continuationRows == 1 ? "is" : "are") joined to it"
            )
        }
        findings.reasons.insert(
            "read \(dataRows.count) row\(dataRows.count == 1 ? "" : "s"): \(summary(profile, describe: describe, ref: ref))",
            at: 0)
        return InferredLayout(
            profile: profile, headerRecord: header?.ordinal, confidence: findings.confidence, reasons: findings.reasons,
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
