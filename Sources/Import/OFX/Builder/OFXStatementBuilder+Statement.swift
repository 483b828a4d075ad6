import Ledger

extension OFXStatementBuilder {
    mutating func closeStatement() throws(ImportDiagnostic) {
        closeTransaction()
        closeBalance()
        closeInvestment()
        closePosition()
        guard let state = statement else { return }
        statement = nil
        let kind: AccountKind?
        let accountAggregate: String
        switch state.tag {
        case .ccstmtrs:
            (kind, accountAggregate) = (.creditCard, "CCACCTFROM")
        case .invstmtrs:
            (kind, accountAggregate) = (.investment, "INVACCTFROM")
        default:
            accountAggregate = "BANKACCTFROM"
            switch state.accountType {
            case "CHECKING": kind = .checking
            case "SAVINGS", "MONEYMRKT", "CD": kind = .savings
            case "CREDITLINE": kind = .loan
            default: kind = nil
            }
        }
        guard state.hasAccount else {
            throw ImportDiagnostic(
                path: path, line: state.line, column: state.column,
                message: "the statement (\(state.tag.name)) has no \(accountAggregate), so its account is unknown")
        }
        if state.accountID == nil {
            warn(line: state.line, column: state.column, "the statement's \(accountAggregate) has no ACCTID")
        }
        // The currency: CURDEF, else the transactions' own CURRENCY, else the workspace's.
        var currency = state.currency
        if currency == nil {
            if state.transactionCurrencies.count == 1, let only = state.transactionCurrencies.first {
                currency = only
                warn(
                    line: state.line, column: state.column,
                    "the statement has no CURDEF; its currency \(only.code) is taken from its transactions' CURRENCY")
            } else {
                warn(
                    line: state.line, column: state.column,
                    "the statement has no CURDEF; amounts are read as \(fallbackCurrency.code)")
            }
        }
        if let first = state.firstForeign, let declared = currency {
            let more = state.foreignCount > 1 ? " (and \(state.foreignCount - 1) more)" : ""
            warn(
                line: first.line, column: 1,
                "the transaction is in \(first.currency.code) (its CURRENCY), not the statement's \(declared.code)\(more)"
            )
        }
        if state.roundedCount > 0, let first = state.firstRounded {
            warn(
                line: first.line, column: 1,
                AmountRounding.message(
                    field: first.tag, text: first.text, rounded: first.rounded, more: state.roundedCount - 1))
        }
        let repeated = OFXStatementBuilder.repeatedFITIDs(in: state.records, hashes: state.fitIDHashes)
        for (fitID, lines) in repeated.prefix(20) {
            let lineList = lines.map(String.init).joined(separator: ", ")
            warn(
                line: lines[0], column: 1,
                "FITID '\(fitID)' appears more than once in the statement (lines \(lineList)); all are kept")
        }
        if repeated.count > 20 {
            warn(line: state.line, column: 1, "\(repeated.count - 20) more FITIDs appear more than once")
        }
        var coverage: ClosedRange<CivilDate>?
        var ignored: [String] = []
        if let start = state.start.date(tag: "DTSTART", reasons: &ignored),
            let end = state.end.date(tag: "DTEND", reasons: &ignored)
        {
            if start <= end {
                coverage = start...end
            } else {
                warn(line: state.line, column: 1, "DTSTART \(start) is after DTEND \(end); the coverage is ignored")
            }
        }
        var statedBalances = state.balances
        // A balance dated years away from the statement (a placeholder such as 1900-01-01) is not one
        // to trust, and an opening balance worked back from it would be wrong.
        if let span = OFXStatementBuilder.span(of: state.records, coverage: state.start, state.end) {
            statedBalances.removeAll { balance in
                // Days outside the statement's span (0 within it).
                let distance = max(balance.date.days(to: span.lowerBound), span.upperBound.days(to: balance.date), 0)
                guard distance > OFXStatementBuilder.placeholderBalanceDays else { return false }
                warn(
                    line: balance.line, column: 1,
                    "the balance dated \(balance.date.isoString) is years away from the statement "
                        + "(\(span.lowerBound.isoString) to \(span.upperBound.isoString)); it is ignored")
                return true
            }
        }
        if let cash = state.availableCash {
            var cashText = cash.text
            let parsed = cashText.withUTF8 { OFXAmount.parse($0, currency: currency ?? fallbackCurrency) }
            if case .success(let value) = parsed, let date = state.asOf.date(tag: "DTASOF", reasons: &ignored) {
                statedBalances.append(StatedBalance(kind: .available, date: date, amount: value.money, line: cash.line))
            }
        }
        var positionsValue: Money?
        var positionsDate: CivilDate?
        if let positions = state.positions, !state.positionsInvalid {
            positionsDate = state.asOf.date(tag: "DTASOF", reasons: &ignored)
            if positions.overflowed {
                warn(line: state.line, column: 1, "the positions' market values add up to more than can be represented")
            } else {
                positionsValue = Money(
                    minorUnits: OFXStatementBuilder.roundPositions(positions.total),
                    currency: currency ?? fallbackCurrency)
            }
        }
        let institution = organization ?? financialInstitutionID ?? state.brokerID
        var records = state.records
        records.releaseUnusedCapacity()  // a small statement in a large file gives back what was reserved
        var statement = ParsedStatement(
            accountHint: AccountHint(
                institution: institution, accountNumber: state.accountID, kind: kind, bankID: state.bankID,
                accountType: state.tag == .ccstmtrs ? "CREDITCARD" : state.accountType),
            currency: currency, records: records, statedBalances: statedBalances, coverage: coverage,
            positionsValue: positionsValue)
        statement.positionsDate = positionsDate
        statements.append(statement)
    }

    /// Days a stated balance may lie outside its statement's dates before it is a placeholder.
    static let placeholderBalanceDays = 400

    /// The first and last day of a statement: its transactions' dates, widened by DTSTART and DTEND.
    static func span(of records: RecordTable, coverage start: DateField, _ end: DateField) -> ClosedRange<CivilDate>? {
        var first: CivilDate?
        var last: CivilDate?
        for index in 0..<records.count {
            let date = records.date(at: index)
            if first == nil || date < first! { first = date }
            if last == nil || date > last! { last = date }
        }
        var ignored: [String] = []
        for field in [start, end] {
            guard let date = field.date(tag: "", reasons: &ignored) else { continue }
            if first == nil || date < first! { first = date }
            if last == nil || date > last! { last = date }
        }
        guard let first, let last else { return nil }
        return first...last
    }

    /// FITIDs that more than one record carries, with the records' lines, in order of first appearance.
    ///
    /// `hashes` holds a hash of each record's FITID, taken when the record was made. Sorting them
    /// and looking for neighbours is one pass over 8-byte integers; only when two hashes are equal
    /// are the records themselves grouped by their FITID text.
    static func repeatedFITIDs(in records: RecordTable, hashes: [UInt64]) -> [(fitID: String, lines: [Int])] {
        var sorted = hashes
        sorted.sort()
        var candidates = Set<UInt64>()
        var index = 1
        while index < sorted.count {
            if sorted[index] == sorted[index - 1] { candidates.insert(sorted[index]) }
            index += 1
        }
        guard !candidates.isEmpty else { return [] }
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for index in records.indices {
            guard let fitID = records.fitID(at: index), candidates.contains(fitIDHash(fitID)) else { continue }
            if groups[fitID] == nil { order.append(fitID) }
            groups[fitID, default: []].append(records.line(at: index))
        }
        return order.compactMap { fitID in
            guard let lines = groups[fitID], lines.count > 1 else { return nil }
            return (fitID, lines)
        }
    }

    /// FNV-1a over the FITID's UTF-8 (read as one buffer: iterating a `String`'s `utf8` view costs
    /// several times more per byte).
    @inline(__always)
    static func fitIDHash(_ fitID: String) -> UInt64 {
        var text = fitID
        return text.withUTF8 { fitIDHash($0) }
    }

    @inline(__always)
    static func fitIDHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
