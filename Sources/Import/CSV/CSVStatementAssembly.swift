import Ledger

/// Builds the statements of a CSV file from its mapped rows: account hints, and the balances the
/// file states (balance columns, balance rows, preamble lines) as end-of-day ledger balances.
enum CSVStatementAssembly {
    /// `statementBalances` are the `[statement]` cells the rows repeat; a statement whose rows
    /// disagree about them gets a warning in `warnings`.
    static func statements(
        from mapper: CSVRowMapper, profile: CSVProfile, path: String,
        statementBalances: StatementBalanceCells? = nil, warnings: inout [ImportDiagnostic]
    ) -> [ParsedStatement] {
        var groups = mapper.groups
        let hasPreambleBalance = mapper.openingBalance != nil || mapper.closingBalance != nil
        if groups.isEmpty && (hasPreambleBalance || mapper.preambleAccount != nil) {
            groups.append(
                CSVRowMapper.Group(
                    key: CSVRowMapper.GroupKey(
                        account: "", name: "", currency: mapper.preambleCurrency ?? mapper.defaultCurrency)))
        }
        var coverage: ClosedRange<CivilDate>?
        if let start = mapper.coverageStart, let end = mapper.coverageEnd, start <= end { coverage = start...end }

        return groups.map { group in
            let account = group.key.account.isEmpty ? mapper.preambleAccount : group.key.account
            let hint = AccountHint(
                institution: profile.bank, accountNumber: account,
                name: group.key.name.isEmpty ? nil : group.key.name, kind: profile.accountKind)
            var balances = group.balanceRows
            balances.append(contentsOf: columnBalances(group, order: profile.order))
            if groups.count == 1 {
                balances.append(
                    contentsOf: preambleBalances(mapper, group: group, profile: profile, coverage: coverage))
            }
            if let statementBalances {
                balances.append(
                    contentsOf: statementColumnBalances(
                        statementBalances, group: group, layout: mapper.layout, coverage: coverage, path: path,
                        warnings: &warnings))
            }
            var unique: [StatedBalance] = []
            for balance in balances
            where !unique.contains(where: { $0.date == balance.date && $0.amount == balance.amount }) {
                unique.append(balance)
            }
            unique.sort { ($0.date, $0.line) < ($1.date, $1.line) }
            return ParsedStatement(
                accountHint: hint, currency: group.key.currency, records: group.records, statedBalances: unique,
                coverage: coverage)
        }
    }

    /// Whether the records run newest first: as the profile says, else by their dates, else by
    /// which way the running balances chain.
    static func isNewestFirst(_ records: RecordTable, order: CSVProfile.RowOrder?) -> Bool {
        if let order { return order == .newestFirst }
        guard !records.isEmpty else { return false }
        let (first, last) = (records.date(at: 0), records.date(at: records.count - 1))
        if first != last { return first > last }
        var oldestFirstBreaks = 0
        var newestFirstBreaks = 0
        for index in records.indices.dropFirst() {
            guard let current = records.balanceAfter(at: index), let previous = records.balanceAfter(at: index - 1)
            else {
                continue
            }
            if previous.adding(records.amount(at: index)) != current { oldestFirstBreaks += 1 }
            if current.adding(records.amount(at: index - 1)) != previous { newestFirstBreaks += 1 }
        }
        return newestFirstBreaks < oldestFirstBreaks
    }

    /// The end-of-day balances of the first and last days from a balance column.
    ///
    /// Records are visited by position in time (`newestFirst` flips the file order) without
    /// building an index list: a large export has a million rows.
    static func columnBalances(_ group: CSVRowMapper.Group, order: CSVProfile.RowOrder?) -> [StatedBalance] {
        let records = group.records
        guard !records.isEmpty else { return [] }
        let newestFirst = isNewestFirst(records, order: order)
        let count = records.count
        // The record at `step` in time (0 the oldest).
        func at(_ step: Int) -> Int { newestFirst ? count - 1 - step : step }
        let first = at(0)
        var result: [StatedBalance] = []
        // Opening balance from a balance-before column: the end of the day before the first row.
        if !group.balanceBefore.isEmpty, let before = group.balanceBefore[first],
            let dayBefore = records.date(at: first).adding(days: -1)
        {
            result.append(StatedBalance(kind: .ledger, date: dayBefore, amount: before, line: records.line(at: first)))
        }
        // The last record in time with a balance, and the last one on the first day.
        let firstDate = records.date(at: first)
        var last: Int?
        var endOfFirstDay: Int?
        for step in 0..<count where records.hasBalance(at: at(step)) {
            last = at(step)
            if records.date(at: at(step)) == firstDate { endOfFirstDay = at(step) }
        }
        guard let last, let closing = records.balanceAfter(at: last) else { return result }
        if firstDate != records.date(at: last), let endOfFirstDay, let amount = records.balanceAfter(at: endOfFirstDay)
        {
            result.append(
                StatedBalance(kind: .ledger, date: firstDate, amount: amount, line: records.line(at: endOfFirstDay)))
        }
        result.append(
            StatedBalance(kind: .ledger, date: records.date(at: last), amount: closing, line: records.line(at: last)))
        return result
    }

    /// Opening and closing balances the rows repeat (`[statement]` in the profile).
    ///
    /// The opening balance is read from the statement's first row in time and stated at the end of
    /// the day before its first day; the closing balance from its last row, at the end of its last
    /// day (the preamble's period when it gives one, else the rows' dates). A row whose value
    /// differs from the statement's first row gets a warning, once per balance.
    static func statementColumnBalances(
        _ cells: StatementBalanceCells, group: CSVRowMapper.Group, layout: CSVLayout,
        coverage: ClosedRange<CivilDate>?, path: String, warnings: inout [ImportDiagnostic]
    ) -> [StatedBalance] {
        let records = group.records
        guard !records.isEmpty else { return [] }
        let profile = layout.profile
        var scratch: [UInt8] = []
        // Each change of the cells is parsed once: the amounts (nil for an empty or bad cell).
        var parsed: [Int: (opening: Money?, closing: Money?)] = [:]
        func amounts(_ index: Int, line: Int) -> (opening: Money?, closing: Money?) {
            if let known = parsed[index] { return known }
            func money(_ bytes: [UInt8], _ name: String, _ column: Int?) -> Money? {
                guard !bytes.isEmpty, let column else { return nil }
                let result = bytes.withUnsafeBufferPointer {
                    AmountCell.parse(
                        $0, currency: group.key.currency, style: profile.decimalStyle,
                        trailingMinus: profile.trailingMinus, scratch: &scratch)
                }
                switch result {
                case .success(let amount):
                    return amount
                case .failure(let failure):
                    let reason = CSVRowMapper.describe(
                        failure, text: String(decoding: bytes, as: UTF8.self), currency: group.key.currency,
                        style: profile.decimalStyle)
                    warnings.append(
                        ImportDiagnostic(
                            severity: .warning, path: path, line: line, column: 1,
                            message: "statement \(name) balance in \(layout.describe(column)) ignored: \(reason)"))
                    return nil
                }
            }
            let values = cells.values[index]
            let result = (
                money(values.opening, "opening", layout.statementOpeningBalance),
                money(values.closing, "closing", layout.statementClosingBalance)
            )
            parsed[index] = result
            return result
        }

        // The first row in file order is the reference; warn at the first row that disagrees.
        var reference: (opening: Money?, closing: Money?, line: Int)?
        var warned = (opening: false, closing: false)
        var previousIndex: Int?
        func warn(_ name: String, _ mine: Money, _ theirs: Money, line: Int, column: Int, reference: Int) {
            warnings.append(
                ImportDiagnostic(
                    severity: .warning, path: path, line: line, column: 1,
                    message:
                        "statement \(name) balance \(mine.decimalString) in \(layout.describe(column)) differs from \(theirs.decimalString) on line \(reference) of the same statement; the opening balance is read from the statement's first row in time and the closing balance from its last"
                ))
        }
        for row in records.indices {
            let line = records.line(at: row)
            // Rows repeat the same cells: only a change needs a look.
            guard let index = cells.index(at: line), index != previousIndex else { continue }
            previousIndex = index
            let values = amounts(index, line: line)
            guard let known = reference else {
                reference = (values.opening, values.closing, line)
                continue
            }
            if !warned.opening, let mine = values.opening, let theirs = known.opening, mine != theirs,
                let column = layout.statementOpeningBalance
            {
                warned.opening = true
                warn("opening", mine, theirs, line: line, column: column, reference: known.line)
            }
            if !warned.closing, let mine = values.closing, let theirs = known.closing, mine != theirs,
                let column = layout.statementClosingBalance
            {
                warned.closing = true
                warn("closing", mine, theirs, line: line, column: column, reference: known.line)
            }
        }

        let newestFirst = isNewestFirst(records, order: profile.order)
        let oldest = newestFirst ? records.count - 1 : 0
        let newest = newestFirst ? 0 : records.count - 1
        var result: [StatedBalance] = []
        let dates = records.indices.lazy.map { records.date(at: $0) }
        let (oldestLine, newestLine) = (records.line(at: oldest), records.line(at: newest))
        if let index = cells.index(at: oldestLine), let opening = amounts(index, line: oldestLine).opening,
            let start = coverage?.lowerBound ?? dates.min(), let day = start.adding(days: -1)
        {
            result.append(StatedBalance(kind: .ledger, date: day, amount: opening, line: oldestLine))
        }
        if let index = cells.index(at: newestLine), let closing = amounts(index, line: newestLine).closing,
            let end = coverage?.upperBound ?? dates.max()
        {
            result.append(StatedBalance(kind: .ledger, date: end, amount: closing, line: newestLine))
        }
        return result
    }

    /// Opening and closing balances written in the preamble (`Saldo;150,00;EUR`).
    static func preambleBalances(
        _ mapper: CSVRowMapper, group: CSVRowMapper.Group, profile: CSVProfile, coverage: ClosedRange<CivilDate>?
    ) -> [StatedBalance] {
        var result: [StatedBalance] = []
        guard mapper.closingBalance != nil || mapper.openingBalance != nil else { return result }
        let dates = group.records.indices.map { group.records.date(at: $0) }
        var scratch: [UInt8] = []
        func money(_ text: String) -> Money? {
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                let parsed = AmountCell.parse(
                    UnsafeBufferPointer(buffer), currency: group.key.currency, style: profile.decimalStyle,
                    trailingMinus: profile.trailingMinus, scratch: &scratch)
                if case .success(let value) = parsed { return value }
                return nil
            }
        }
        if let (text, line) = mapper.closingBalance, let amount = money(text),
            let date = coverage?.upperBound ?? dates.max()
        {
            result.append(StatedBalance(kind: .ledger, date: date, amount: amount, line: line))
        }
        if let (text, line) = mapper.openingBalance, let amount = money(text),
            let start = coverage?.lowerBound ?? dates.min(), let date = start.adding(days: -1)
        {
            result.append(StatedBalance(kind: .ledger, date: date, amount: amount, line: line))
        }
        return result
    }
}
