import Ledger

/// Builds the statements of a CSV file from its mapped rows: account hints, and the balances the
/// file states (balance columns, balance rows, preamble lines) as end-of-day ledger balances.
enum CSVStatementAssembly {
    static func statements(from mapper: CSVRowMapper, profile: CSVProfile, path: String) -> [ParsedStatement] {
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
    static func isNewestFirst(_ records: [ParsedRecord], order: CSVProfile.RowOrder?) -> Bool {
        if let order { return order == .newestFirst }
        guard let first = records.first, let last = records.last else { return false }
        if first.date != last.date { return first.date > last.date }
        var oldestFirstBreaks = 0
        var newestFirstBreaks = 0
        for index in records.indices.dropFirst() {
            guard let current = records[index].balanceAfter, let previous = records[index - 1].balanceAfter else {
                continue
            }
            if previous.adding(records[index].amount) != current { oldestFirstBreaks += 1 }
            if current.adding(records[index - 1].amount) != previous { newestFirstBreaks += 1 }
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
            let dayBefore = records[first].date.adding(days: -1)
        {
            result.append(StatedBalance(kind: .ledger, date: dayBefore, amount: before, line: records[first].line))
        }
        // The last record in time with a balance, and the last one on the first day.
        let firstDate = records[first].date
        var last: Int?
        var endOfFirstDay: Int?
        for step in 0..<count where records[at(step)].balanceAfter != nil {
            last = at(step)
            if records[at(step)].date == firstDate { endOfFirstDay = at(step) }
        }
        guard let last, let closing = records[last].balanceAfter else { return result }
        if firstDate != records[last].date, let endOfFirstDay, let amount = records[endOfFirstDay].balanceAfter {
            result.append(
                StatedBalance(kind: .ledger, date: firstDate, amount: amount, line: records[endOfFirstDay].line))
        }
        result.append(StatedBalance(kind: .ledger, date: records[last].date, amount: closing, line: records[last].line))
        return result
    }

    /// Opening and closing balances written in the preamble (`Saldo;150,00;EUR`).
    static func preambleBalances(
        _ mapper: CSVRowMapper, group: CSVRowMapper.Group, profile: CSVProfile, coverage: ClosedRange<CivilDate>?
    ) -> [StatedBalance] {
        var result: [StatedBalance] = []
        guard mapper.closingBalance != nil || mapper.openingBalance != nil else { return result }
        let dates = group.records.map(\.date)
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
