import Ledger

/// Writes the books as a beancount file (`closebook.beancount`) that `bean-check` accepts.
///
/// From the top: `operating_currency` (the ledger's base currency); a `commodity` per currency and
/// an `open` per account on the first day anything happens (the user's accounts restricted to the
/// currencies their rows are in); a `price` per rate of `rates.csv`; the opening balances; then one
/// transaction per ledger row, in the ledger's order:
///
///     2026-10-03 * "Tesco Stores" "CARD PAYMENT TO TESCO STORES 3297"
///       import-id: "current/3f2a…-0"
///       source: "inbox/northwind-current.csv:14"
///       Assets:Current  -54.20 GBP
///       Expenses:Food:Groceries  54.20 GBP
///
/// The payee is the payee, the narration the memo (empty when it only repeats the payee), the
/// override note a `note` entry. An opening balance is a transaction on the day before the opening
/// date, followed by a `balance` assertion on the opening date itself: beancount checks a
/// `balance` at the start of its day, before that day's transactions, which is exactly what an
/// opening balance states ("the balance at the start of opening_date"). A transfer's second leg
/// carries its id and source under its posting and its own date as `posted`; beancount books it
/// on the transaction's date.
enum BeancountWriter {
    static func write(_ book: ExportBook, to output: inout ExportOutput) {
        var names: [BookAccount: [UInt8]] = [:]
        func name(_ account: BookAccount) -> [UInt8] {
            if let known = names[account] { return known }
            let spelled = Array(BeancountAccountName.name(account).utf8)
            names[account] = spelled
            return spelled
        }
        // The postings' accounts by their place in `book.accounts`, each spelled once.
        let placed = book.accounts.map(name)
        var lines: [PostingLine] = []
        let rows = book.journal.transactions
        output.append("; The categorised ledger, written by closebook-export from build/ledger.jsonl.\n")
        output.append(
            "; Check it with `bean-check closebook.beancount`; `!` rows are pending (left out of the figures).\n\n")
        output.append("option \"operating_currency\" \"\(book.journal.baseCurrency.code)\"\n\n")
        // Opening balances are booked the day before their date, so accounts open before that.
        let openings = book.openingBalances
        let firstOpening = openings.map(\.date).min().flatMap { CivilDate(dayNumber: $0.dayNumber - 1) }
        let openDate = [book.firstDate, firstOpening].compactMap { $0 }.min()
        if let openDate {
            for currency in book.currencies {
                output.append(openDate)
                output.append(" commodity \(currency.code)\n")
            }
            for valued in book.valued {
                output.append(openDate)
                output.append(" commodity \(valued.symbol)\n")
            }
            if !book.currencies.isEmpty || !book.valued.isEmpty { output.append(byte: 0x0A) }
            var held: [AccountID: Set<Currency>] = [:]
            for account in book.journal.accounts { held[account.id] = [account.currency] }
            var last: (AccountID, Currency)?
            for row in rows where last.map({ $0 != row.account || $1 != row.amount.currency }) ?? true {
                held[row.account, default: []].insert(row.amount.currency)
                last = (row.account, row.amount.currency)
            }
            var currenciesOf: [BookAccount: Set<String>] = [:]
            for (id, currencies) in held {
                currenciesOf[book.account(id), default: []].formUnion(currencies.map(\.code))
            }
            // A valued account holds its unit only (it has no rows).
            for valued in book.valued { currenciesOf[book.account(valued.account)] = [valued.symbol] }
            var opened: Set<[UInt8]> = []
            for account in book.accounts {
                let spelled = name(account)
                guard opened.insert(spelled).inserted else { continue }
                output.append(openDate)
                output.append(" open ")
                output.bytes += spelled
                if let currencies = currenciesOf[account] {
                    output.append(byte: 0x20)
                    output.append(currencies.sorted().joined(separator: ","))
                }
                output.append(byte: 0x0A)
            }
            output.append(byte: 0x0A)
        }
        for price in book.prices {
            output.append(price.date)
            output.append(" price \(price.currency.code) \(price.rate) \(price.base.code)\n")
        }
        if !book.prices.isEmpty { output.append(byte: 0x0A) }
        for valued in book.valued {
            for valuation in valued.valuations {
                output.append(valuation.date)
                output.append(" price \(valued.symbol) ")
                appendAmount(ExportBook.magnitude(valuation.value), to: &output)
                output.append(byte: 0x0A)
            }
        }
        if !book.valued.isEmpty { output.append(byte: 0x0A) }
        for opening in openings {
            guard let dayBefore = CivilDate(dayNumber: opening.date.dayNumber - 1) else { continue }
            output.append(dayBefore)
            output.append(" * \"Opening balance\" \"\"\n  ")
            output.bytes += name(book.account(opening.account.id))
            output.append("  ")
            appendAmount(opening.amount, to: &output)
            output.append("\n  ")
            output.bytes += name(.openingBalances)
            output.append("  ")
            appendAmount(opening.amount.negated ?? opening.amount, to: &output)
            output.append("\n")
            output.append(opening.date)
            output.append(" balance ")
            output.bytes += name(book.account(opening.account.id))
            output.append(byte: 0x20)
            appendAmount(opening.amount, to: &output)
            output.append("\n\n")
        }
        for valued in book.valued {
            guard let first = valued.valuations.first else { continue }
            let cost = ExportBook.magnitude(first.value)
            output.append(first.date)
            output.append(" * \"Valuation\" \"\"\n  source: \"\(Valuation.fileName):")
            output.appendNumber(first.line)
            output.append("\"\n  ")
            output.bytes += name(book.account(valued.account))
            output.append("  \(valued.units) \(valued.symbol) {")
            appendAmount(cost, to: &output)
            output.append("}\n  ")
            output.bytes += name(.openingBalances)
            output.append("  ")
            appendAmount(valued.units < 0 ? cost : (cost.negated ?? cost), to: &output)
            output.append("\n\n")
        }
        let assertions = book.balanceAssertions(legsOnTransactionDate: true)
        var nextAssertion = 0
        var nextRevaluation = 0
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                guard book.lines(of: rows, at: index, into: &lines) else { continue }
                let row = rows.baseAddress! + index
                // A day's balances, dated the day after, come before that day's transactions.
                while nextAssertion < assertions.count, assertions[nextAssertion].stated.date < row.pointee.date {
                    let assertion = assertions[nextAssertion]
                    appendBalance(assertion, account: name(book.account(assertion.stated.account)), to: &output)
                    nextAssertion += 1
                }
                // A day's revaluations follow its last transaction.
                while nextRevaluation < book.revaluations.count,
                    book.revaluations[nextRevaluation].date < row.pointee.date
                {
                    appendRevaluation(book.revaluations[nextRevaluation], book: book, name: name, to: &output)
                    nextRevaluation += 1
                }
                output.append(row.pointee.date)
                output.append(row.pointee.status == .pending ? " ! " : " * ")
                appendString(row.pointee.payee, to: &output)
                output.append(byte: 0x20)
                appendString(row.pointee.memo == row.pointee.payee ? "" : row.pointee.memo, to: &output)
                output.append(byte: 0x0A)
                appendMetadata(of: row, indent: "  ", to: &output)
                for posting in lines {
                    output.append("  ")
                    output.bytes += placed[posting.account]
                    output.append("  ")
                    appendAmount(posting.amount, to: &output)
                    if let price = posting.totalPrice {
                        output.append(" @@ ")
                        appendAmount(price, to: &output)
                    }
                    output.append(byte: 0x0A)
                    if let other = posting.row {
                        let leg = rows.baseAddress! + other
                        appendMetadata(of: leg, indent: "    ", to: &output)
                        if leg.pointee.date != row.pointee.date {
                            output.append("    posted: ")
                            output.append(leg.pointee.date)
                            output.append(byte: 0x0A)
                        }
                    }
                }
                output.append(byte: 0x0A)
                output.flushIfFull()
            }
        }
        for revaluation in book.revaluations.dropFirst(nextRevaluation) {
            appendRevaluation(revaluation, book: book, name: name, to: &output)
        }
        for assertion in assertions[nextAssertion...] {
            appendBalance(assertion, account: name(book.account(assertion.stated.account)), to: &output)
        }
    }

    /// A revaluation as a transaction of its day (none when nothing moves) and a `balance` of the
    /// value in force on the day after, which beancount checks at the start of that day:
    ///
    ///     2026-09-30 * "Valuation" ""
    ///       source: "valuations.csv:10"
    ///       Assets:Pension  1234.56 GBP
    ///       Income:Investment-Growth  -1234.56 GBP
    ///
    ///     2026-10-01 balance Assets:Pension 25388.52 GBP
    ///       source: "valuations.csv:10"
    static func appendRevaluation(
        _ revaluation: Revaluation, book: ExportBook, name: (BookAccount) -> [UInt8], to output: inout ExportOutput
    ) {
        let account = name(book.account(revaluation.account))
        if !revaluation.amount.isZero {
            output.append(revaluation.date)
            output.append(" * \"Valuation\" ")
            appendString(
                revaluation.valuedOn == revaluation.date
                    ? "" : "valued on \(revaluation.valuedOn.isoString), the latest valuation", to: &output)
            output.append("\n  source: \"\(Valuation.fileName):")
            output.appendNumber(revaluation.line)
            output.append("\"\n  ")
            output.bytes += account
            output.append("  ")
            appendAmount(revaluation.amount, to: &output)
            output.append("\n  ")
            output.bytes += name(revaluation.counterpart)
            output.append("  ")
            appendAmount(revaluation.amount.negated ?? revaluation.amount, to: &output)
            output.append("\n\n")
        }
        guard let dayAfter = CivilDate(dayNumber: revaluation.date.dayNumber + 1) else { return }
        output.append(dayAfter)
        output.append(" balance ")
        output.bytes += account
        output.append(byte: 0x20)
        appendAmount(revaluation.balance, to: &output)
        output.append("\n  source: \"\(Valuation.fileName):")
        output.appendNumber(revaluation.line)
        output.append("\"\n\n")
    }

    /// A stated balance (the balance at the END of its day) as a `balance` directive on the day
    /// after, which beancount checks at the start of that day:
    ///
    ///     2026-11-01 balance Assets:Current 1234.56 GBP
    ///       source: "inbox/northwind-current.csv:2"
    static func appendBalance(_ assertion: BalanceAssertion, account: [UInt8], to output: inout ExportOutput) {
        let stated = assertion.stated
        guard let dayAfter = CivilDate(dayNumber: stated.date.dayNumber + 1) else { return }
        output.append(dayAfter)
        output.append(" balance ")
        output.bytes += account
        output.append(byte: 0x20)
        appendAmount(assertion.amount, to: &output)
        output.append("\n  source: ")
        appendString(stated.source.file, to: &output, closed: false)
        output.append(byte: UInt8(ascii: ":"))
        output.appendNumber(stated.source.line)
        output.append("\"\n")
        if assertion.amount != stated.amount {
            output.append("  stated: ")
            appendAmount(stated.amount, to: &output)
            output.append(byte: 0x0A)
        }
        output.append(byte: 0x0A)
    }

    /// `import-id`, `source` and `note` entries.
    static func appendMetadata(
        of row: UnsafePointer<Transaction>, indent: StaticString, to output: inout ExportOutput
    ) {
        output.append(indent)
        output.append("import-id: ")
        appendString(row.pointee.id.rawValue, to: &output)
        output.append(byte: 0x0A)
        output.append(indent)
        output.append("source: ")
        appendString(row.pointee.source.file, to: &output, closed: false)
        output.append(byte: UInt8(ascii: ":"))
        output.appendNumber(row.pointee.source.line)
        output.append(byte: UInt8(ascii: "\""))
        output.append(byte: 0x0A)
        if let note = row.pointee.note, !note.isEmpty {
            output.append(indent)
            output.append("note: ")
            appendString(note, to: &output)
            output.append(byte: 0x0A)
        }
    }

    /// `-54.20 GBP`.
    static func appendAmount(_ money: Money, to output: inout ExportOutput) {
        output.appendDecimal(money)
        output.append(byte: 0x20)
        output.append(money.currency.code)
    }

    /// A beancount string: quoted, `"` and `\` escaped, line breaks and control characters as spaces.
    /// `closed: false` leaves the closing quote to the caller, who appends more first.
    static func appendString(_ text: String, to output: inout ExportOutput, closed: Bool = true) {
        output.bytes.append(UInt8(ascii: "\""))
        // Most texts need none of it: checked first, they are copied whole, not byte by byte.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == 0x5C {
                return false
            }
            output.bytes.append(contentsOf: bytes)
            return true
        }
        if copied == true {
            if closed { output.bytes.append(UInt8(ascii: "\"")) }
            return
        }
        for byte in text.utf8 {
            switch byte {
            case 0x00..<0x20, 0x7F: output.bytes.append(0x20)
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.bytes.append(UInt8(ascii: "\\"))
                output.bytes.append(byte)
            default: output.bytes.append(byte)
            }
        }
        if closed { output.bytes.append(UInt8(ascii: "\"")) }
    }
}
