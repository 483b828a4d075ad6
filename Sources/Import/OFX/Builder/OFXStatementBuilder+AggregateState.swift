import Ledger

/// What the builder holds of each aggregate while it is open, until its end tag (or the next
/// aggregate of its kind) closes it and it becomes records, balances or skipped records.
///
/// Seven plain records in one file, against the habit of one type per file: they are read together,
/// as the one picture of what an OFX file can hold open at once.
extension OFXStatementBuilder {
    struct StatusState {
        enum Owner { case signOn, statementWrapper, other }
        var owner: Owner
        var line: Int
        var column: Int
        var code: String?
        var severity: String?
        var message: String?
    }

    struct StatementState {
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

        /// Counts an amount rounded to the currency's minor unit, keeping the first.
        mutating func noteRounded(line: Int, tag: String, text: String, to money: Money) {
            roundedCount += 1
            if firstRounded == nil { firstRounded = (line, tag, text, money) }
        }

        init(tag: OFXTag, line: Int, column: Int) {
            self.tag = tag
            self.line = line
            self.column = column
        }
    }

    /// An open transaction. Its texts are where they are kept in the builder's `transactionText`
    /// (one buffer reused for every transaction), not strings of their own: a million
    /// transactions' strings were made, copied into the statement's record table and freed
    /// again, which cost more than parsing the XML.
    struct TransactionState {
        var line: Int
        var pending: Bool
        var type: String?
        var posted = DateField.missing
        var transacted = DateField.missing
        var amount: String?
        var fitID: Range<Int>?
        var name: Range<Int>?
        var payeeName: Range<Int>?
        var extendedName: Range<Int>?
        var memo: Range<Int>?
        var checkNumber: Range<Int>?
        var category: Range<Int>?
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

    struct BalanceState {
        var kind: StatedBalance.Kind
        var tag: OFXTag
        var line: Int
        var column: Int
        var amount: String?
        var date = DateField.missing
    }

    struct InvestmentState {
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

    struct PositionState {
        var line: Int
        var marketValue: String?
    }

    struct SecurityState {
        var uniqueID: String?
        var name: String?
        var ticker: String?
        var inSecurityID = false
    }
}
