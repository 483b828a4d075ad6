import Ledger

extension OFXStatementBuilder {
    mutating func closeStatus() throws(ImportDiagnostic) {
        guard let status = self.status.take() else { return }
        guard status.owner != .other, let code = status.code, code != "0" else { return }
        let description = [code, status.message ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
        switch status.severity?.uppercased() {
        case "ERROR":
            throw ImportDiagnostic(
                path: path, line: status.line, column: status.column,
                message: "the bank returned an error: \(description)")
        case "WARN":
            warn(line: status.line, column: status.column, "the bank returned a warning: \(description)")
        default:
            break
        }
    }

    mutating func closeTransaction() {
        guard let transaction = self.transaction.take() else { return }
        guard statement != nil else {
            skipped.append(
                SkippedRecord(
                    line: transaction.line,
                    reason: "transaction is outside any statement (STMTRS, CCSTMTRS or INVSTMTRS)"))
            return
        }
        // The statement is changed in place (`statement!.`): read through `statement?.`, it was
        // copied whole, every array and string in it retained and released, several times a
        // transaction.
        let fallback = fallbackCurrency
        let refused = transactionText.withUnsafeBufferPointer { text in
            statement!.append(transaction, text: text, fallbackCurrency: fallback)
        }
        if let refused { skipped.append(refused) }
    }

    /// True when transactions that open now are closed as a statement in `currency` closes them
    /// in its (not pending) transaction list with nothing else open: the state a part of the
    /// document read elsewhere was read in (`OFXXMLTwoParts`).
    func acceptsTransactions(closedIn currency: Currency?) -> Bool {
        guard transaction == nil, balance == nil, status == nil, investment == nil, position == nil, security == nil,
            let statement
        else { return false }
        return statement.inTransactionList && !statement.inPendingList && statement.currency == currency
    }

    /// A builder for transactions read apart from the rest of a document, as the statement the
    /// document is in reads them: open in a transaction list in `currency`, as this one's.
    func partReader(currency: Currency?, reserving count: Int, textBytes: Int) -> OFXStatementBuilder {
        var part = OFXStatementBuilder(path: path, context: context, decodesEntities: values.decodesEntities)
        var statement = StatementState(tag: .stmtrs, line: 1, column: 1)
        statement.currency = currency
        statement.inTransactionList = true
        statement.records.reserveCapacity(count, textBytes: textBytes)
        statement.fitIDHashes.reserveCapacity(count)
        part.statement = statement
        return part
    }

    /// Takes in the records a part of the document read elsewhere made of its transactions
    /// (`OFXXMLTwoParts`), as if they had been closed here in order: `part` is that reader's
    /// statement, which held only them, `partSkipped` its skipped records; both numbered their
    /// lines `lines` lines short.
    mutating func absorb(_ part: StatementState, skipped partSkipped: [SkippedRecord], movingLinesBy lines: Int) {
        guard statement != nil else { return }
        statement!.records.append(contentsOf: part.records, movingLinesBy: lines)
        statement!.fitIDHashes.append(contentsOf: part.fitIDHashes)
        statement!.transactionCurrencies.formUnion(part.transactionCurrencies)
        statement!.foreignCount += part.foreignCount
        if statement!.firstForeign == nil, let first = part.firstForeign {
            statement!.firstForeign = (first.line + lines, first.currency)
        }
        statement!.roundedCount += part.roundedCount
        if statement!.firstRounded == nil, let first = part.firstRounded {
            statement!.firstRounded = (first.line + lines, first.tag, first.text, first.rounded)
        }
        skipped.append(contentsOf: partSkipped.map { SkippedRecord(line: $0.line + lines, reason: $0.reason) })
    }

    mutating func closeInvestment() {
        guard let investment = self.investment.take() else { return }
        guard statement != nil else {
            skipped.append(
                SkippedRecord(
                    line: investment.line, reason: "\(investment.tag.name) is outside any statement (INVSTMTRS)"))
            return
        }
        guard investment.tag.isCashInvestmentTransaction || investment.tag == .reinvest else {
            skipped.append(
                SkippedRecord(
                    line: investment.line,
                    reason:
                        "\(investment.tag.name) is not imported as a cash movement (only bank, buy, sell, income and "
                        + "reinvested income transactions are)"))
            return
        }
        var reasons: [String] = []
        let dateTag = investment.traded == .missing ? "DTSETTLE" : "DTTRADE"
        let date = (dateTag == "DTTRADE" ? investment.traded : investment.settled).date(tag: dateTag, reasons: &reasons)
        let currency = investment.currency ?? statement?.currency ?? fallbackCurrency
        let amount = money(investment.total, tag: "TOTAL", currency: currency, line: investment.line, reasons: &reasons)
        guard let date, let amount, reasons.isEmpty else {
            skipped.append(SkippedRecord(line: investment.line, reason: reasons.joined(separator: "; ")))
            return
        }
        if investment.tag == .reinvest {
            // Reinvested income is income and a purchase of the same amount on one day: the cash
            // does not move, but the income counts. Two records; the purchase's FITID is derived.
            let income = Money(minorUnits: Int64(amount.minorUnits.magnitude), currency: amount.currency)
            let purchase = Money(minorUnits: -income.minorUnits, currency: amount.currency)
            appendInvestmentRecord(investment, date: date, amount: income, verb: "Income", fitID: investment.fitID)
            appendInvestmentRecord(
                investment, date: date, amount: purchase, verb: "Buy", fitID: investment.fitID.map { $0 + "/buy" })
            return
        }
        let verb: String
        switch investment.tag {
        case .income: verb = "Income"
        case .selldebt, .sellmf, .sellopt, .sellother, .sellstock: verb = "Sell"
        default: verb = "Buy"
        }
        appendInvestmentRecord(investment, date: date, amount: amount, verb: verb, fitID: investment.fitID)
    }

    mutating func appendInvestmentRecord(
        _ investment: InvestmentState, date: CivilDate, amount: Money, verb: String, fitID: String?
    ) {
        let payee = investment.securityID.map { "\(verb) \($0)" } ?? verb
        if let fitID { statement?.fitIDHashes.append(OFXStatementBuilder.fitIDHash(fitID)) }
        statement?.records.append(
            ParsedRecord(
                date: date, amount: amount, payee: payee, memo: investment.memo ?? "", fitID: fitID,
                bankType: investment.tag.name, line: investment.line))
        if let securityID = investment.securityID, let count = statement?.records.count {
            recordsNamingSecurities.append((statements.count, count - 1, verb, securityID))
        }
    }

    mutating func closeBalance() {
        guard let balance = self.balance.take() else { return }
        guard statement != nil else { return }
        let name = balance.tag.name
        guard let amountText = balance.amount, !amountText.isEmpty else {
            warn(line: balance.line, column: balance.column, "\(name) has no BALAMT; the balance is ignored")
            return
        }
        var reasons: [String] = []
        var date = balance.date.date(tag: "DTASOF", reasons: &reasons)
        if case .impossibleTime(let day, let text) = balance.date {
            // The day is what a balance is about; a broken time of day does not make it unknown.
            reasons.removeAll()
            date = day
            warn(
                line: balance.line, column: balance.column,
                "\(name) DTASOF '\(text)' has an impossible time of day; its date \(day.isoString) is kept")
        }
        let currency = statement?.currency ?? statement?.transactionCurrencies.first ?? fallbackCurrency
        let amount = money(amountText, tag: "BALAMT", currency: currency, line: balance.line, reasons: &reasons)
        guard let date, let amount, reasons.isEmpty else {
            let because = reasons.joined(separator: "; ")
            warn(line: balance.line, column: balance.column, "\(name) is ignored: \(because)")
            return
        }
        statement?.balances.append(StatedBalance(kind: balance.kind, date: date, amount: amount, line: balance.line))
    }

    mutating func closePosition() {
        guard let position = self.position.take() else { return }
        guard statement?.positions != nil else { return }
        let currency = statement?.currency ?? fallbackCurrency
        guard var text = position.marketValue, !text.isEmpty else {
            warn(line: position.line, column: 1, "INVPOS has no MKTVAL; the positions' value is unknown")
            statement?.positionsInvalid = true
            return
        }
        // Market values often carry sub-cent digits (units times price): they are added exactly, in
        // ten-thousandths of the minor unit, and the sum is rounded once when the statement closes.
        let fine = Currency(code: currency.code, exponent: currency.exponent + OFXStatementBuilder.positionDigits)
        switch text.withUTF8({ OFXAmount.parse($0, currency: fine) }) {
        case .success(let value):
            statement?.positions?.add(value.money.minorUnits)
        case .failure:
            warn(line: position.line, column: 1, "MKTVAL '\(text)' is not a number; the positions' value is unknown")
            statement?.positionsInvalid = true
        }
    }

    /// Extra decimal digits the positions' market values are summed with.
    static let positionDigits = 4

    /// `units` (in ten-thousandths of the minor unit) rounded half to even to the minor unit.
    static func roundPositions(_ units: Int64) -> Int64 {
        var scale: Int64 = 1
        for _ in 0..<positionDigits { scale *= 10 }
        let quotient = units / scale
        let remainder = (units % scale).magnitude
        let half = UInt64(scale / 2)
        let away = remainder > half || (remainder == half && quotient % 2 != 0)
        return away ? quotient + (units < 0 ? -1 : 1) : quotient
    }

    mutating func closeSecurity() {
        guard let security = self.security.take() else { return }
        guard let id = security.uniqueID, securityNames[id] == nil else { return }
        if let name = security.name ?? security.ticker { securityNames[id] = name }
    }
}

extension OFXStatementBuilder.StatementState {
    /// Appends `transaction` as a record, its texts taken from `text` (the builder's
    /// `transactionText`); the skipped record instead when it has no date or amount.
    mutating func append(
        _ transaction: OFXStatementBuilder.TransactionState, text: UnsafeBufferPointer<UInt8>,
        fallbackCurrency: Currency
    ) -> SkippedRecord? {
        var reasons: [String] = []
        if let tag = transaction.oversized {
            reasons.append("\(tag) is longer than \(CSVTokenizer.maximumFieldBytes) bytes (no bank writes one so long)")
        }
        let dateTag = transaction.pending && transaction.transacted != .missing ? "DTTRAN" : "DTPOSTED"
        let dateField = dateTag == "DTTRAN" ? transaction.transacted : transaction.posted
        let date = dateField.date(tag: dateTag, reasons: &reasons)
        let currency = transaction.currency ?? self.currency ?? fallbackCurrency
        if transaction.currency != nil { transactionCurrencies.insert(currency) }
        if let own = transaction.currency, let declared = self.currency, own != declared {
            // CURRENCY says the amounts are in another currency than CURDEF; they stay in it.
            foreignCount += 1
            if firstForeign == nil { firstForeign = (transaction.line, own) }
        }
        let value = OFXStatementBuilder.amount(transaction.amount, tag: "TRNAMT", currency: currency, reasons: &reasons)
        if let value, value.rounded {
            noteRounded(line: transaction.line, tag: "TRNAMT", text: transaction.amount ?? "", to: value.money)
        }
        guard let date, let amount = value?.money, reasons.isEmpty else {
            return SkippedRecord(line: transaction.line, reason: reasons.joined(separator: "; "))
        }
        // The texts go into the record table as they are (as `RecordTable.append` would copy a
        // `ParsedRecord`'s strings), in `TextLengths` order.
        func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[range]) }
        let payee = transaction.name ?? transaction.payeeName ?? transaction.extendedName ?? transaction.memo
        if let fitID = transaction.fitID { fitIDHashes.append(OFXStatementBuilder.fitIDHash(bytes(fitID))) }
        records.discardPendingText()
        var lengths = RecordTable.TextLengths()
        if let payee { lengths.payee = records.appendText(bytes(payee)) }
        if let memo = transaction.memo { lengths.memo = records.appendText(bytes(memo)) }
        if let fitID = transaction.fitID { lengths.fitID = records.appendText(bytes(fitID)) }
        if let number = transaction.checkNumber { lengths.checkNumber = records.appendText(bytes(number)) }
        if let type = transaction.type { lengths.bankType = records.appendText(type) }
        if let category = transaction.category { lengths.bankCategory = records.appendText(bytes(category)) }
        records.appendRecord(
            line: transaction.line, date: date, amount: amount, status: transaction.pending ? .pending : .posted,
            texts: lengths, balanceAfter: nil)
        return nil
    }
}
