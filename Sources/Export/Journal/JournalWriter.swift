import Ledger

/// Writes the books as one journal file that hledger and ledger both read (`closebook.journal`).
///
/// The file, top to bottom: a comment saying what it is; one `commodity` per currency with a
/// `format` line giving its decimals (`1000.00 GBP`; `commodity 1000. JPY` on one line for a
/// currency without decimals), and one per valued account's unit (`commodity 1. PENSION`); one `account` per account with
/// its type as an hledger `type:` tag (`A` assets, `C` cash-like assets, `L` liabilities, `E`
/// equity, `R` income, `X` expenses; ledger keeps it as a comment); one `P` line per rate of
/// `rates.csv`; the opening balances, each asserting the balance it opens with; then one
/// transaction per ledger row, in the ledger's order:
///
///     2026-10-03 * Tesco Stores
///         ; import-id: current/3f2a…-0
///         ; source: inbox/northwind-current.csv:14
///         ; CARD PAYMENT TO TESCO STORES 3297
///         Assets:Current  -54.20 GBP
///         Expenses:Food:Groceries  54.20 GBP
///
/// `*` marks posted rows and `!` pending ones (which Closebook's figures leave out:
/// `hledger balance --cleared` shows what the report counts). The memo and the override note are
/// comments. A paired transfer's second leg carries its own id and source under its posting, and
/// its own date as a bracketed posting date (`; [2026-10-04]`) when it differs.
enum JournalWriter {
    static func write(_ book: ExportBook, to output: inout ExportOutput) {
        var names: [BookAccount: [UInt8]] = [:]
        func name(_ account: BookAccount) -> [UInt8] {
            if let known = names[account] { return known }
            let spelled = Array(JournalAccountName.name(account).utf8)
            names[account] = spelled
            return spelled
        }
        // The postings' accounts by their place in `book.accounts`, each spelled once.
        let placed = book.accounts.map(name)
        var lines: [PostingLine] = []
        output.append("; The categorised ledger, written by closebook-export from build/ledger.jsonl.\n")
        output.append(
            "; Read it with `hledger -f closebook.journal balance` or `ledger -f closebook.journal balance`.\n")
        output.append(
            "; `*` rows are posted, `!` rows pending (Closebook's figures leave them out: use --cleared).\n\n")
        for currency in book.currencies {
            // Both tools need a decimal mark to tell decimals from thousands; ledger refuses a
            // `format` subdirective with one and no decimals, so a currency without decimals
            // is declared on one line: `commodity 1000. JPY`.
            if currency.exponent == 0 {
                output.append("commodity 1000. \(currency.code)\n")
                continue
            }
            output.append("commodity \(currency.code)\n    format ")
            output.appendDecimal(Money(minorUnits: 1000 * currency.scale, currency: currency))
            output.append(" \(currency.code)\n")
        }
        // A valued account's unit: whole units, declared as a currency without decimals.
        for valued in book.valued { output.append("commodity 1. \(quoted(valued.symbol))\n") }
        if !book.currencies.isEmpty || !book.valued.isEmpty { output.append(byte: 0x0A) }
        for account in book.accounts {
            output.append("account ")
            output.bytes += name(account)
            output.append("  ; type: \(typeCode(account))\n")
        }
        if !book.accounts.isEmpty { output.append(byte: 0x0A) }
        for price in book.prices {
            output.append("P ")
            output.append(price.date)
            output.append(" \(price.currency.code) \(price.rate) \(price.base.code)\n")
        }
        if !book.prices.isEmpty { output.append(byte: 0x0A) }
        for valued in book.valued {
            for valuation in valued.valuations {
                output.append("P ")
                output.append(valuation.date)
                output.append(" \(quoted(valued.symbol)) ")
                appendAmount(ExportBook.magnitude(valuation.value), to: &output)
                output.append(byte: 0x0A)
            }
        }
        if !book.valued.isEmpty { output.append(byte: 0x0A) }
        for opening in book.openingBalances {
            output.append(opening.date)
            output.append(" * Opening balance\n    ")
            output.bytes += name(book.account(opening.account.id))
            output.append("  ")
            appendAmount(opening.amount, to: &output)
            output.append(" = ")
            appendAmount(opening.amount, to: &output)
            output.append("\n    ")
            output.bytes += name(.openingBalances)
            output.append("  ")
            appendAmount(opening.amount.negated ?? opening.amount, to: &output)
            output.append("\n\n")
        }
        for valued in book.valued {
            guard let first = valued.valuations.first else { continue }
            let cost = ExportBook.magnitude(first.value)
            output.append(first.date)
            output.append(" * Valuation\n    ; source: \(Valuation.fileName):")
            output.appendNumber(first.line)
            output.append("\n    ")
            output.bytes += name(book.account(valued.account))
            output.append("  \(valued.units) \(quoted(valued.symbol)) @@ ")
            appendAmount(cost, to: &output)
            output.append("\n    ")
            output.bytes += name(.openingBalances)
            output.append("  ")
            appendAmount(valued.units < 0 ? cost : (cost.negated ?? cost), to: &output)
            output.append("\n\n")
        }
        // hledger counts a posting on its own date, ledger in the file's order (a transfer's second
        // leg on its first leg's day): where the two disagree, no assertion can hold in both.
        let assertions = book.balanceAssertions(legsOnTransactionDate: false)
        let inFileOrder = book.balanceAssertions(legsOnTransactionDate: true)
        let agreed = zip(assertions, inFileOrder).map { $0.amount == $1.amount }
        var nextAssertion = 0
        var nextRevaluation = 0
        book.journal.transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                guard book.lines(of: rows, at: index, into: &lines) else { continue }
                let row = rows.baseAddress! + index
                // A day's assertions follow its last transaction: rows come in date order.
                while nextAssertion < assertions.count, assertions[nextAssertion].stated.date < row.pointee.date {
                    let assertion = assertions[nextAssertion]
                    appendAssertion(
                        assertion, account: name(book.account(assertion.stated.account)),
                        asserted: agreed[nextAssertion], to: &output)
                    nextAssertion += 1
                }
                // A day's revaluations follow its last transaction too.
                while nextRevaluation < book.revaluations.count,
                    book.revaluations[nextRevaluation].date < row.pointee.date
                {
                    appendRevaluation(book.revaluations[nextRevaluation], book: book, name: name, to: &output)
                    nextRevaluation += 1
                }
                output.append(row.pointee.date)
                output.append(row.pointee.status == .pending ? " ! " : " * ")
                // Both tools read a description's leading `(...)` as the transaction's code; an
                // empty code first keeps a payee such as `(Amazon) Marketplace` whole.
                if row.pointee.payee.utf8.first == UInt8(ascii: "(") { output.append("() ") }
                appendText(row.pointee.payee, to: &output, payee: true)
                output.append(byte: 0x0A)
                appendDetails(of: row, indent: "    ", to: &output)
                for posting in lines {
                    output.append("    ")
                    output.bytes += placed[posting.account]
                    output.append("  ")
                    appendAmount(posting.amount, to: &output)
                    if let price = posting.totalPrice {
                        output.append(" @@ ")
                        appendAmount(price, to: &output)
                    }
                    if let other = posting.row {
                        let leg = rows.baseAddress! + other
                        if leg.pointee.date != row.pointee.date {
                            output.append("  ; [")
                            output.append(leg.pointee.date)
                            output.append(byte: UInt8(ascii: "]"))
                        }
                        output.append(byte: 0x0A)
                        appendDetails(of: leg, indent: "        ", to: &output)
                    } else {
                        output.append(byte: 0x0A)
                    }
                }
                output.append(byte: 0x0A)
                output.flushIfFull()
            }
        }
        for revaluation in book.revaluations.dropFirst(nextRevaluation) {
            appendRevaluation(revaluation, book: book, name: name, to: &output)
        }
        for index in assertions.indices.dropFirst(nextAssertion) {
            let assertion = assertions[index]
            appendAssertion(
                assertion, account: name(book.account(assertion.stated.account)), asserted: agreed[index],
                to: &output)
        }
    }

    /// A revaluation as a transaction of its day whose account posting asserts the value in force,
    /// checked by both tools after the day's earlier postings:
    ///
    ///     2026-09-30 * Valuation
    ///         ; source: valuations.csv:10
    ///         Assets:Pension  1234.56 GBP = 25388.52 GBP
    ///         Income:Investment Growth  -1234.56 GBP
    ///
    /// On a month end between valuations it says which valuation is in force (`; valued on …`).
    static func appendRevaluation(
        _ revaluation: Revaluation, book: ExportBook, name: (BookAccount) -> [UInt8], to output: inout ExportOutput
    ) {
        output.append(revaluation.date)
        output.append(" * Valuation\n    ; source: \(Valuation.fileName):")
        output.appendNumber(revaluation.line)
        output.append(byte: 0x0A)
        if revaluation.valuedOn != revaluation.date {
            output.append("    ; valued on ")
            output.append(revaluation.valuedOn)
            output.append(", the latest valuation: what was paid in since counts from the next\n")
        }
        output.append("    ")
        output.bytes += name(book.account(revaluation.account))
        output.append("  ")
        appendAmount(revaluation.amount, to: &output)
        output.append(" = ")
        appendAmount(revaluation.balance, to: &output)
        output.append("\n    ")
        output.bytes += name(revaluation.counterpart)
        output.append("  ")
        appendAmount(revaluation.amount.negated ?? revaluation.amount, to: &output)
        output.append("\n\n")
    }

    /// A stated balance as a transaction of its day with one posting of nothing and the
    /// balance it asserts (`= AMOUNT`), checked by both tools after the day's earlier postings:
    ///
    ///     2026-10-31 * Statement balance
    ///         ; source: inbox/northwind-current.csv:2
    ///         Assets:Current  0.00 GBP = 1234.56 GBP
    ///
    /// Not `asserted` (the tools would disagree), it is a comment saying so.
    static func appendAssertion(
        _ assertion: BalanceAssertion, account: [UInt8], asserted: Bool, to output: inout ExportOutput
    ) {
        let stated = assertion.stated
        guard asserted else {
            output.append("; ")
            output.append(stated.date)
            output.append(" statement balance ")
            output.bytes += account
            output.append("  ")
            appendAmount(stated.amount, to: &output)
            output.append(" (")
            appendText(stated.source.file, to: &output)
            output.append(byte: UInt8(ascii: ":"))
            output.appendNumber(stated.source.line)
            output.append("), not asserted: a transfer's later leg is written in an earlier transaction,\n")
            output.append("; which ledger counts on that transaction's day and hledger on its own\n\n")
            return
        }
        output.append(stated.date)
        output.append(" * Statement balance\n    ; source: ")
        appendText(stated.source.file, to: &output)
        output.append(byte: UInt8(ascii: ":"))
        output.appendNumber(stated.source.line)
        output.append(byte: 0x0A)
        if assertion.amount != stated.amount {
            output.append("    ; stated: ")
            appendAmount(stated.amount, to: &output)
            output.append(", without the pending rows counted here\n")
        }
        output.append("    ")
        output.bytes += account
        output.append("  ")
        appendAmount(.zero(stated.amount.currency), to: &output)
        output.append(" = ")
        appendAmount(assertion.amount, to: &output)
        output.append("\n\n")
    }

    /// The id, source, memo and note of a row, as comment lines.
    static func appendDetails(of row: UnsafePointer<Transaction>, indent: StaticString, to output: inout ExportOutput) {
        output.append(indent)
        output.append("; import-id: ")
        appendText(row.pointee.id.rawValue, to: &output)
        output.append(byte: 0x0A)
        output.append(indent)
        output.append("; source: ")
        appendText(row.pointee.source.file, to: &output)
        output.append(byte: UInt8(ascii: ":"))
        output.appendNumber(row.pointee.source.line)
        output.append(byte: 0x0A)
        if !row.pointee.memo.isEmpty, row.pointee.memo != row.pointee.payee {
            output.append(indent)
            output.append("; ")
            appendText(row.pointee.memo, to: &output)
            output.append(byte: 0x0A)
        }
        if let note = row.pointee.note, !note.isEmpty {
            output.append(indent)
            output.append("; note: ")
            appendText(note, to: &output)
            output.append(byte: 0x0A)
        }
    }

    /// `-54.20 GBP`.
    static func appendAmount(_ money: Money, to output: inout ExportOutput) {
        output.appendDecimal(money)
        output.append(byte: 0x20)
        output.append(money.currency.code)
    }

    /// Text on one line: line breaks, tabs and other control characters become spaces. In a
    /// payee (the transaction's description) `;` would start a comment and `|` split hledger's
    /// payee from its note, so they become `,` and `/`.
    static func appendText(_ text: String, to output: inout ExportOutput, payee: Bool = false) {
        // Most texts need none of it: checked first, they are copied whole, not byte by byte.
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x7F {
                return false
            }
            if payee, bytes.contains(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "|") }) { return false }
            output.bytes.append(contentsOf: bytes)
            return true
        }
        if copied == true { return }
        for byte in text.utf8 {
            switch byte {
            case 0x00..<0x20, 0x7F: output.bytes.append(0x20)
            case UInt8(ascii: ";") where payee: output.bytes.append(UInt8(ascii: ","))
            case UInt8(ascii: "|") where payee: output.bytes.append(UInt8(ascii: "/"))
            default: output.bytes.append(byte)
            }
        }
    }

    /// A commodity symbol as both tools read it: in double quotes unless it is letters only.
    static func quoted(_ symbol: String) -> String {
        symbol.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } ? symbol : "\"\(symbol)\""
    }

    /// hledger's account type code.
    static func typeCode(_ account: BookAccount) -> String {
        switch account.kind {
        case .asset: account.isCash ? "C" : "A"
        case .liability: "L"
        case .equity: "E"
        case .income: "R"
        case .expense: "X"
        }
    }
}
