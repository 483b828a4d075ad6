import Ledger

extension OFXStatementBuilder {
    mutating func transactionLeaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>) {
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
        case .fitid:
            let text = keepText(value)
            transaction?.fitID = text
        case .name:
            let text = keepText(value)
            if transaction?.inPayee == true {
                transaction?.payeeName = text
            } else {
                transaction?.name = text
            }
        case .extdname:
            let text = keepText(value)
            transaction?.extendedName = text
        case .memo:
            let text = keepText(value)
            transaction?.memo = text
        case .checknum:
            let text = keepText(value)
            transaction?.checkNumber = text
        case .category:
            let text = keepText(value)
            transaction?.category = text
            transaction?.categoryIsCode = false
        // A merchant's industry code, kept as the bank category ("SIC 5411", "MCC 5812") unless the
        // bank also wrote a category in words, which says more; the starter pack maps the codes.
        case .sic, .mcc:
            if transaction?.category == nil || transaction?.categoryIsCode == true {
                let start = transactionText.count
                transactionText.append(contentsOf: (tag == .sic ? "SIC " : "MCC ").utf8)
                if let code = keepText(value) {
                    transaction?.category = start..<code.upperBound
                    transaction?.categoryIsCode = true
                } else {
                    transactionText.removeSubrange(start...)
                }
            }
        case .cursym:
            if transaction?.inCurrency == true, transaction?.inOriginalCurrency == false {
                transaction?.currency = values.currency(value)
            }
        default: break
        }
    }

    /// Keeps `value` in `transactionText` as `ValueDecoder.text` makes it (trimmed, references
    /// replaced in SGML, ill-formed UTF-8 as U+FFFD); where it is, or nil when that is empty.
    /// ASCII without a reference is copied as it is, without a string.
    private mutating func keepText(_ value: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let trimmed = OFXBytes.trimmed(value)
        guard !trimmed.isEmpty else { return nil }
        let start = transactionText.count
        if RecordTable.isASCII(trimmed), !values.decodesEntities || !trimmed.contains(UInt8(ascii: "&")) {
            transactionText.append(contentsOf: trimmed)
        } else {
            transactionText.append(contentsOf: values.text(value).utf8)
        }
        return start == transactionText.count ? nil : start..<transactionText.count
    }

    mutating func investmentLeaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>) {
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

    mutating func statementLeaf(_ tag: OFXTag, _ value: UnsafeBufferPointer<UInt8>, line: Int, column: Int) {
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
}
