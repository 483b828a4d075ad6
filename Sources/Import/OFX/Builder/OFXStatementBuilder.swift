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
///
/// The events are here; the rest is one concern a file: each aggregate's leaves
/// (`OFXStatementBuilder+Leaves`), closing an aggregate (`+Closing`), closing a statement with its
/// checks (`+Statement`), amounts (`+Values`), and the aggregates' open state (`+AggregateState`).
struct OFXStatementBuilder {
    let path: String
    let context: ReadContext
    let values: ValueDecoder
    /// Bytes of the file after the statement tag being opened; the tokenizers set it so a large
    /// statement's record array is sized once instead of being grown and copied twenty times.
    var bytesRemaining = 0

    var statements: [ParsedStatement] = []
    var skipped: [SkippedRecord] = []
    var warnings: [ImportDiagnostic] = []

    // Sign-on: the institution named by `SONRS/FI`.
    var inSignOn = false
    var inFI = false
    var organization: String?
    var financialInstitutionID: String?
    var openWrappers = 0

    var status: StatusState?
    var statement: StatementState?
    var transaction: TransactionState?
    /// The open transaction's texts (`TransactionState`), trimmed and decoded as `ValueDecoder.text`
    /// makes them; emptied when a transaction opens.
    var transactionText: [UInt8] = []
    var balance: BalanceState?
    var investment: InvestmentState?
    var position: PositionState?
    var security: SecurityState?
    var securityNames: [String: String] = [:]
    /// Investment records whose payee names a security, resolved once `SECLIST` has been read.
    var recordsNamingSecurities: [(statement: Int, record: Int, verb: String, securityID: String)] = []

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
            transactionText.removeAll(keepingCapacity: true)
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
}
