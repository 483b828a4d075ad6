import Ledger

/// Builds statements from the element events of either OFX tokenizer (SGML or XML).
///
/// The builder is the one aggregate model of OFX that both dialects share. It tracks only the
/// aggregates it acts on (statement responses, accounts, transactions, balances, investment
/// transactions, positions, securities, status) and hands each leaf value to the innermost of
/// them, so unknown and proprietary elements are skipped wherever they appear and aggregates an
/// SGML file forgets to close do not derail it: opening a transaction or a balance closes any
/// transaction still open, and opening a statement closes any statement still open.
///
/// Every `STMTTRN` (and `STMTTRNP`, and every investment transaction) becomes exactly one
/// `ParsedRecord` or one `SkippedRecord`, so the counts add up; the one exception is `REINVEST`,
/// which becomes two records (the income, and the purchase it paid for) and counts as two.
struct OFXStatementBuilder {
    private let path: String
    private let context: ReadContext
    private let values: ValueDecoder
    /// Bytes of the file after the statement tag being opened; the tokenizers set it so a large
    /// statement's record array is sized once instead of being grown and copied twenty times.
    var bytesRemaining = 0

    private var statements: [ParsedStatement] = []
    private var skipped: [SkippedRecord] = []
    private var warnings: [ImportDiagnostic] = []

    // Sign-on: the institution named by `SONRS/FI`.
    private var inSignOn = false
    private var inFI = false
    private var organization: String?
    private var financialInstitutionID: String?
    private var openWrappers = 0

    private var status: StatusState?
    private var statement: StatementState?
    private var transaction: TransactionState?
    private var balance: BalanceState?
    private var investment: InvestmentState?
    private var position: PositionState?
    private var security: SecurityState?
    private var securityNames: [String: String] = [:]
    /// Investment records whose payee names a security, resolved once `SECLIST` has been read.
    private var recordsNamingSecurities: [(statement: Int, record: Int, verb: String, securityID: String)] = []

    /// `decodesEntities`: SGML values may carry `&amp;` and the like; libxml2 has already replaced them in XML.
    init(path: String, context: ReadContext, decodesEntities: Bool) {
        self.path = path
        self.context = context
        self.values = ValueDecoder(decodesEntities: decodesEntities)
    }

    // MARK: - Events

    /// An aggregate (or an element whose value has not been seen yet) opens.
    mutating func start(_ tag: OFXTag, line: Int, column: Int) throws(ImportDiagnostic) {
        if !tag.isAggregate {
            // An SGML leaf left empty and unclosed (`<FITID><NAME>...`) looks like an aggregate start.
            leaf(tag, UnsafeBufferPointer(start: nil, count: 0), line: line, column: column)
            return
        }
        if status != nil && tag != .other { try closeStatus() }
        switch tag {
        case .other, .ofx:
            break
        case .sonrs:
            inSignOn = true
        case .fi:
            inFI = true
        case .stmttrnrs, .ccstmttrnrs, .invstmttrnrs:
            openWrappers += 1
        case .status:
            let owner: StatusState.Owner
            if statement != nil {
                owner = .other
            } else if openWrappers > 0 {
                owner = .statementWrapper
            } else if inSignOn {
                owner = .signOn
            } else {
                owner = .other
            }
            status = StatusState(owner: owner, line: line, column: column)
        case .stmtrs, .ccstmtrs, .invstmtrs:
            if statement != nil { try closeStatement() }
            statement = StatementState(tag: tag, line: line, column: column)
            if bytesRemaining > 1 << 20 {
                // No record takes fewer than about 80 bytes; 128 is a generous upper bound on the count.
                let capacity = min(bytesRemaining / 128, 1 << 26)
                statement?.records.reserveCapacity(capacity, textBytes: bytesRemaining / 2)
                statement?.fitIDHashes.reserveCapacity(capacity)
            }
        case .bankacctfrom, .ccacctfrom, .invacctfrom:
            if transaction == nil && investment == nil, statement != nil {
                statement?.hasAccount = true
                statement?.inAccount = true
            }
        case .banktranlist, .invtranlist:
            statement?.inAccount = false
            statement?.inTransactionList = true
        case .banktranlistp:
            statement?.inAccount = false
            statement?.inPendingList = true
        case .stmttrn, .stmttrnp:
            closeTransaction()
            closeBalance()
            let pending = tag == .stmttrnp || statement?.inPendingList == true
            transaction = TransactionState(line: line, pending: pending)
        case .ledgerbal, .availbal:
            closeTransaction()
            closeBalance()
            statement?.inAccount = false
            balance = BalanceState(kind: tag == .ledgerbal ? .ledger : .available, tag: tag, line: line, column: column)
        case .currency:
            transaction?.inCurrency = true
            investment?.inCurrency = true
        case .origcurrency:
            transaction?.inOriginalCurrency = true
        case .payee:
            transaction?.inPayee = true
        case .secid:
            investment?.inSecurityID = true
            security?.inSecurityID = true
        case .invposlist:
            if statement != nil, statement?.positions == nil { statement?.positions = MoneyAccumulator() }
        case .invpos:
            position = PositionState(line: line)
        case .invbal:
            statement?.inCashBalance = true
        case .seclist:
            break
        case .secinfo:
            security = SecurityState()
        default:
            if tag.isCashInvestmentTransaction || tag.isOtherInvestmentTransaction {
                closeTransaction()
                investment = InvestmentState(tag: tag, line: line)
            }
        }
    }

    /// An aggregate closes (explicitly, or implicitly when an enclosing one closes).
    mutating func end(_ tag: OFXTag) throws(ImportDiagnostic) {
        switch tag {
        case .sonrs:
            inSignOn = false
            inFI = false
        case .fi:
            inFI = false
        case .stmttrnrs, .ccstmttrnrs, .invstmttrnrs:
            if status != nil { try closeStatus() }
            if statement != nil { try closeStatement() }
            openWrappers = max(0, openWrappers - 1)
        case .status:
            if status != nil { try closeStatus() }
        case .stmtrs, .ccstmtrs, .invstmtrs:
            if statement != nil { try closeStatement() }
        case .bankacctfrom, .ccacctfrom, .invacctfrom:
            statement?.inAccount = false
        case .banktranlist, .invtranlist:
            closeTransaction()
            statement?.inTransactionList = false
        case .banktranlistp:
            closeTransaction()
            statement?.inPendingList = false
        case .stmttrn, .stmttrnp:
            closeTransaction()
        case .ledgerbal, .availbal:
            closeBalance()
        case .currency:
            transaction?.inCurrency = false
            investment?.inCurrency = false
        case .origcurrency:
            transaction?.inOriginalCurrency = false
        case .payee:
            transaction?.inPayee = false
        case .secid:
            investment?.inSecurityID = false
            security?.inSecurityID = false
        case .invpos:
            closePosition()
        case .invbal:
            statement?.inCashBalance = false
        case .secinfo:
            closeSecurity()
        default:
            if tag.isCashInvestmentTransaction || tag.isOtherInvestmentTransaction, investment?.tag == tag {
                closeInvestment()
            }
        }
    }

    /// An element with a value (`<TRNAMT>-12.50`); the value is raw, untrimmed bytes.
    mutating func leaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        if tag == .other { return }
        if transaction != nil {
            transactionLeaf(tag, value)
            return
        }
        if status != nil {
            switch tag {
            case .code:
                status?.code = values.text(value)
                status?.line = line
                status?.column = column
            case .severity: status?.severity = values.text(value)
            case .message: status?.message = values.text(value)
            default: break
            }
            return
        }
        if balance != nil {
            switch tag {
            case .balamt: balance?.amount = values.raw(value)
            case .dtasof: balance?.date = DateField(value)
            default: break
            }
            return
        }
        if investment != nil {
            investmentLeaf(tag, value)
            return
        }
        if position != nil {
            if tag == .mktval { position?.marketValue = values.raw(value) }
            return
        }
        if security != nil {
            switch tag {
            case .uniqueid where security?.inSecurityID == true: security?.uniqueID = values.text(value)
            case .secname: security?.name = values.text(value)
            case .ticker: security?.ticker = values.text(value)
            default: break
            }
            return
        }
        if statement != nil {
            statementLeaf(tag, value, line: line, column: column)
            return
        }
        if inFI {
            switch tag {
            case .org: organization = values.nonEmpty(values.text(value))
            case .fid: financialInstitutionID = values.nonEmpty(values.text(value))
            default: break
            }
        }
    }

    /// Closes whatever is still open and returns what the file holds.
    mutating func finish(format: FileFormat) throws(ImportDiagnostic) -> ParsedFile {
        if status != nil { try closeStatus() }
        closeTransaction()
        closeInvestment()
        if statement != nil { try closeStatement() }
        guard !statements.isEmpty else {
            throw ImportDiagnostic(
                path: path, line: 1,
                message: "the file has no bank, credit card or investment statement (STMTRS, CCSTMTRS or INVSTMTRS)")
        }
        for entry in recordsNamingSecurities {
            if let name = securityNames[entry.securityID] {
                statements[entry.statement].records[entry.record].payee = "\(entry.verb) \(name)"
            }
        }
        return ParsedFile(format: format, statements: statements, skipped: skipped, warnings: warnings)
    }

    // MARK: - Leaves by aggregate

    private mutating func transactionLeaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>) {
        // As a CSV cell: no bank writes a value this long (a 100 MB NAME would reach every output).
        if value.count > CSVTokenizer.maximumFieldBytes {
            if transaction?.oversized == nil { transaction?.oversized = tag.name }
            return
        }
        switch tag {
        case .trntype: transaction?.type = values.nonEmpty(values.upperCased(value))
        case .dtposted: transaction?.posted = DateField(value)
        case .dttran: transaction?.transacted = DateField(value)
        case .trnamt: transaction?.amount = values.raw(value)
        case .fitid: transaction?.fitID = values.nonEmpty(values.text(value))
        case .name:
            if transaction?.inPayee == true {
                transaction?.payeeName = values.nonEmpty(values.text(value))
            } else {
                transaction?.name = values.nonEmpty(values.text(value))
            }
        case .extdname: transaction?.extendedName = values.nonEmpty(values.text(value))
        case .memo: transaction?.memo = values.nonEmpty(values.text(value))
        case .checknum: transaction?.checkNumber = values.nonEmpty(values.text(value))
        case .category:
            transaction?.category = values.nonEmpty(values.text(value))
            transaction?.categoryIsCode = false
        // A merchant's industry code, kept as the bank category ("SIC 5411", "MCC 5812") unless the
        // bank also wrote a category in words, which says more; the starter pack maps the codes.
        case .sic, .mcc:
            if transaction?.category == nil || transaction?.categoryIsCode == true,
                let code = values.nonEmpty(values.text(value))
            {
                transaction?.category = (tag == .sic ? "SIC " : "MCC ") + code
                transaction?.categoryIsCode = true
            }
        case .cursym:
            if transaction?.inCurrency == true, transaction?.inOriginalCurrency == false {
                transaction?.currency = values.currency(value)
            }
        default: break
        }
    }

    private mutating func investmentLeaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>) {
        switch tag {
        case .fitid: investment?.fitID = values.nonEmpty(values.text(value))
        case .dttrade: investment?.traded = DateField(value)
        case .dtsettle: investment?.settled = DateField(value)
        case .total: investment?.total = values.raw(value)
        case .memo: investment?.memo = values.nonEmpty(values.text(value))
        case .uniqueid where investment?.inSecurityID == true:
            investment?.securityID = values.nonEmpty(values.text(value))
        case .cursym where investment?.inCurrency == true: investment?.currency = values.currency(value)
        default: break
        }
    }

    private mutating func statementLeaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
        if statement?.inAccount == true {
            switch tag {
            case .acctid: statement?.accountID = values.nonEmpty(values.text(value))
            case .accttype: statement?.accountType = values.nonEmpty(values.text(value).uppercased())
            case .brokerid: statement?.brokerID = values.nonEmpty(values.text(value))
            case .bankid: statement?.bankID = values.nonEmpty(values.text(value))
            default: break
            }
            return
        }
        if statement?.inCashBalance == true {
            if tag == .availcash { statement?.availableCash = (values.raw(value), line, column) }
            return
        }
        switch tag {
        case .curdef:
            let code = values.text(value)
            if code.isEmpty {
                statement?.currency = nil
            } else if let currency = Currency(code: code) {
                statement?.currency = currency
            } else {
                warn(line: line, column: column, "CURDEF '\(code)' is not a currency code; it is ignored")
            }
        case .dtstart where statement?.inTransactionList == true:
            statement?.start = DateField(value)
        case .dtend where statement?.inTransactionList == true:
            statement?.end = DateField(value)
        case .dtasof where statement?.inPendingList == false:
            statement?.asOf = DateField(value)
        default:
            break
        }
    }

    // MARK: - Closing aggregates

    private mutating func closeStatus() throws(ImportDiagnostic) {
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

    private mutating func closeTransaction() {
        guard let transaction = self.transaction.take() else { return }
        guard statement != nil else {
            skipped.append(
                SkippedRecord(
                    line: transaction.line,
                    reason: "transaction is outside any statement (STMTRS, CCSTMTRS or INVSTMTRS)"))
            return
        }
        var reasons: [String] = []
        if let tag = transaction.oversized {
            reasons.append("\(tag) is longer than \(CSVTokenizer.maximumFieldBytes) bytes (no bank writes one so long)")
        }
        let dateTag = transaction.pending && transaction.transacted != .missing ? "DTTRAN" : "DTPOSTED"
        let dateField = dateTag == "DTTRAN" ? transaction.transacted : transaction.posted
        let date = dateField.date(tag: dateTag, reasons: &reasons)
        let currency = transaction.currency ?? statement?.currency ?? fallbackCurrency
        if transaction.currency != nil { statement?.transactionCurrencies.insert(currency) }
        if let own = transaction.currency, let declared = statement?.currency, own != declared {
            // CURRENCY says the amounts are in another currency than CURDEF; they stay in it.
            statement?.foreignCount += 1
            if statement?.firstForeign == nil { statement?.firstForeign = (transaction.line, own) }
        }
        let amount = money(
            transaction.amount, tag: "TRNAMT", currency: currency, line: transaction.line, reasons: &reasons)
        guard let date, let amount, reasons.isEmpty else {
            skipped.append(SkippedRecord(line: transaction.line, reason: reasons.joined(separator: "; ")))
            return
        }
        let payee = transaction.name ?? transaction.payeeName ?? transaction.extendedName ?? transaction.memo ?? ""
        if let fitID = transaction.fitID { statement?.fitIDHashes.append(OFXStatementBuilder.fitIDHash(fitID)) }
        statement?.records.append(
            ParsedRecord(
                date: date, amount: amount, payee: payee, memo: transaction.memo ?? "",
                status: transaction.pending ? .pending : .posted, fitID: transaction.fitID,
                checkNumber: transaction.checkNumber, bankType: transaction.type, bankCategory: transaction.category,
                line: transaction.line))
    }

    private mutating func closeInvestment() {
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

    private mutating func appendInvestmentRecord(
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

    private mutating func closeBalance() {
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

    private mutating func closePosition() {
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
    private static let positionDigits = 4

    /// `units` (in ten-thousandths of the minor unit) rounded half to even to the minor unit.
    private static func roundPositions(_ units: Int64) -> Int64 {
        var scale: Int64 = 1
        for _ in 0..<positionDigits { scale *= 10 }
        let quotient = units / scale
        let remainder = (units % scale).magnitude
        let half = UInt64(scale / 2)
        let away = remainder > half || (remainder == half && quotient % 2 != 0)
        return away ? quotient + (units < 0 ? -1 : 1) : quotient
    }

    private mutating func closeSecurity() {
        guard let security = self.security.take() else { return }
        guard let id = security.uniqueID, securityNames[id] == nil else { return }
        if let name = security.name ?? security.ticker { securityNames[id] = name }
    }

    private mutating func closeStatement() throws(ImportDiagnostic) {
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
        return text.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
    }

    // MARK: - Values

    private var fallbackCurrency: Currency { context.account?.currency ?? context.defaultCurrency }

    private mutating func money(
        _ text: String?, tag: String, currency: Currency, line: Int, reasons: inout [String]
    ) -> Money? {
        guard var text, !text.isEmpty else {
            reasons.append(text == nil ? "\(tag) is missing" : "\(tag) is empty")
            return nil
        }
        let parsed = text.withUTF8 { OFXAmount.parse($0, currency: currency) }
        switch parsed {
        case .success(let value):
            if value.rounded {
                statement?.roundedCount += 1
                if statement?.firstRounded == nil {
                    statement?.firstRounded = (line, tag, text, value.money)
                }
            }
            return value.money
        case .failure(.notANumber):
            reasons.append("\(tag) '\(text)' is not a number")
        case .failure(.tooLarge):
            reasons.append("\(tag) '\(text)' is too large to represent exactly")
        }
        return nil
    }

    /// Records a warning about the file (tokenizers report theirs here too, to keep them in order).
    mutating func warn(line: Int, column: Int, _ message: String) {
        warnings.append(ImportDiagnostic(severity: .warning, path: path, line: line, column: column, message: message))
    }
}

// MARK: - Aggregate state

/// Turns raw value bytes (UTF-8: `OFXDocument` decodes the file first) into text: trimmed, and
/// for SGML, where values may carry `&amp;` and the like, with character references replaced.
private struct ValueDecoder {
    let decodesEntities: Bool

    @inline(__always)
    func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let trimmed = OFXBytes.trimmed(bytes)
        if trimmed.isEmpty { return "" }
        let string = String(decoding: trimmed, as: UTF8.self)
        guard decodesEntities, trimmed.contains(UInt8(ascii: "&")) else { return string }
        return OFXBytes.decodingEntities(string)
    }

    /// A value kept as written (amounts), trimmed; ASCII in any valid file.
    @inline(__always)
    func raw(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: OFXBytes.trimmed(bytes), as: UTF8.self)
    }

    @inline(__always)
    func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// Upper-cased text (`Credit` -> `CREDIT`), without Unicode case mapping when the value is ASCII.
    @inline(__always)
    func upperCased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let trimmed = OFXBytes.trimmed(bytes)
        guard trimmed.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "&") }) else { return text(bytes).uppercased() }
        return String(unsafeUninitializedCapacity: trimmed.count) { buffer in
            for (index, byte) in trimmed.enumerated() {
                buffer[index] = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
            }
            return trimmed.count
        }
    }

    func currency(_ value: UnsafeBufferPointer<UInt8>) -> Currency? {
        let code = text(value)
        return code.isEmpty ? nil : Currency(code: code)
    }
}

/// A date-time element as found: absent, empty, unreadable, or a date.
enum DateField: Equatable {
    case missing
    case empty
    case invalid(String)
    case valid(CivilDate)
    /// A real day with an impossible time of day (`20240131078200`: minute 82).
    case impossibleTime(CivilDate, String)

    init(_ value: UnsafeBufferPointer<UInt8>) {
        let trimmed = OFXBytes.trimmed(value)
        if trimmed.isEmpty {
            self = .empty
        } else if let date = OFXDateTime.localDate(trimmed) {
            self = .valid(date)
        } else if let date = OFXDateTime.localDate(trimmed, checkingTime: false) {
            self = .impossibleTime(date, String(decoding: trimmed, as: UTF8.self))
        } else {
            self = .invalid(String(decoding: trimmed, as: UTF8.self))
        }
    }

    /// The date, or nil with the reason appended.
    func date(tag: String, reasons: inout [String]) -> CivilDate? {
        switch self {
        case .valid(let date): return date
        case .missing: reasons.append("\(tag) is missing")
        case .empty: reasons.append("\(tag) is empty")
        case .invalid(let text), .impossibleTime(_, let text): reasons.append("\(tag) '\(text)' is not a valid date")
        }
        return nil
    }
}

private struct StatusState {
    enum Owner { case signOn, statementWrapper, other }
    var owner: Owner
    var line: Int
    var column: Int
    var code: String?
    var severity: String?
    var message: String?
}

private struct StatementState {
    var tag: OFXTag
    var line: Int
    var column: Int
    var currency: Currency?
    var transactionCurrencies: Set<Currency> = []
    var hasAccount = false
    var inAccount = false
    var inTransactionList = false
    var inPendingList = false
    var inCashBalance = false
    var accountID: String?
    var accountType: String?
    var bankID: String?
    var brokerID: String?
    var start = DateField.missing
    var end = DateField.missing
    var asOf = DateField.missing
    var records = RecordTable()
    /// `fitIDHash` of every record's FITID, for finding repeats at the end.
    var fitIDHashes: [UInt64] = []
    var balances: [StatedBalance] = []
    var availableCash: (text: String, line: Int, column: Int)?
    var positions: MoneyAccumulator?
    var positionsInvalid = false
    var roundedCount = 0
    var foreignCount = 0
    var firstForeign: (line: Int, currency: Currency)?
    var firstRounded: (line: Int, tag: String, text: String, rounded: Money)?

    init(tag: OFXTag, line: Int, column: Int) {
        self.tag = tag
        self.line = line
        self.column = column
    }
}

private struct TransactionState {
    var line: Int
    var pending: Bool
    var type: String?
    var posted = DateField.missing
    var transacted = DateField.missing
    var amount: String?
    var fitID: String?
    var name: String?
    var payeeName: String?
    var extendedName: String?
    var memo: String?
    var checkNumber: String?
    var category: String?
    /// `category` holds an industry code (`SIC`/`MCC`), which a `CATEGORY` in words replaces.
    var categoryIsCode = false
    var currency: Currency?
    var inCurrency = false
    var inOriginalCurrency = false
    var inPayee = false
    /// The first element whose value was longer than a field may be (its value was dropped).
    var oversized: String?

    init(line: Int, pending: Bool) {
        self.line = line
        self.pending = pending
    }
}

private struct BalanceState {
    var kind: StatedBalance.Kind
    var tag: OFXTag
    var line: Int
    var column: Int
    var amount: String?
    var date = DateField.missing
}

private struct InvestmentState {
    var tag: OFXTag
    var line: Int
    var fitID: String?
    var traded = DateField.missing
    var settled = DateField.missing
    var total: String?
    var memo: String?
    var securityID: String?
    var currency: Currency?
    var inSecurityID = false
    var inCurrency = false
}

private struct PositionState {
    var line: Int
    var marketValue: String?
}

private struct SecurityState {
    var uniqueID: String?
    var name: String?
    var ticker: String?
    var inSecurityID = false
}
