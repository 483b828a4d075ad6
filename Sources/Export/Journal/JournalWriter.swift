import Ledger

/// Writes the books as one journal file that hledger and ledger both read (`closebook.journal`).
///
/// The file, top to bottom: a comment saying what it is; one `commodity` per currency with a
/// `format` line giving its decimals (`1000.00 GBP`, `1000 JPY`); one `account` per account with
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
        output.append("; The categorised ledger, written by closebook-export from build/ledger.jsonl.\n")
        output.append(
            "; Read it with `hledger -f closebook.journal balance` or `ledger -f closebook.journal balance`.\n")
        output.append(
            "; `*` rows are posted, `!` rows pending (Closebook's figures leave them out: use --cleared).\n\n")
        for currency in book.currencies {
            output.append("commodity \(currency.code)\n    format ")
            output.appendDecimal(Money(minorUnits: 1000 * currency.scale, currency: currency))
            output.append(" \(currency.code)\n")
        }
        if !book.currencies.isEmpty { output.append(byte: 0x0A) }
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
        book.journal.transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                guard let postings = book.postings(of: rows, at: index) else { continue }
                let row = rows.baseAddress! + index
                output.append(row.pointee.date)
                output.append(row.pointee.status == .pending ? " ! " : " * ")
                // Both tools read a description's leading `(...)` as the transaction's code; an
                // empty code first keeps a payee such as `(Amazon) Marketplace` whole.
                if row.pointee.payee.utf8.first == UInt8(ascii: "(") { output.append("() ") }
                appendText(row.pointee.payee, to: &output, payee: true)
                output.append(byte: 0x0A)
                appendDetails(of: row, indent: "    ", to: &output)
                for posting in postings {
                    output.append("    ")
                    output.bytes += name(posting.account)
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
        for byte in text.utf8 {
            switch byte {
            case 0x00..<0x20, 0x7F: output.bytes.append(0x20)
            case UInt8(ascii: ";") where payee: output.bytes.append(UInt8(ascii: ","))
            case UInt8(ascii: "|") where payee: output.bytes.append(UInt8(ascii: "/"))
            default: output.bytes.append(byte)
            }
        }
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
