import Foundation
import Ledger
import TOMLKit

extension ProfileTableReader {
    func read(_ root: TOMLTable, id: String) throws(CSVProfileError) -> CSVProfile {
        try checkKeys(
            root, "",
            [
                "name", "bank", "account_type", "source", "file", "columns", "amount", "statement", "text", "skip",
                "balance_row", "preamble",
            ])
        guard let bank = try string(root, "", "bank"), !bank.isEmpty else {
            throw fail("", nil, "missing 'bank' (the bank's name, reported as the institution)")
        }
        let name = try string(root, "", "name") ?? id

        // [file]
        let file = root["file"]?.table ?? TOMLTable()
        if root["file"] != nil && root["file"]?.table == nil { throw fail("", "file", "'file' must be a [file] table") }
        try checkKeys(
            file, "file", ["encoding", "delimiter", "header", "skip_lines", "signature", "file_names", "order"])
        let header = try bool(file, "file", "header") ?? true

        // [columns]
        guard let columns = root["columns"]?.table else {
            throw fail("", nil, "missing [columns] table (at least date and date_format)")
        }
        try checkKeys(
            columns, "columns",
            [
                "date", "date_format", "date_fallback", "payee", "payee_fallback", "memo", "type", "category",
                "check_number", "account", "account_name", "status", "pending_values", "balance", "balance_before",
            ])
        guard let date = try column(columns, "columns", "date", header: header) else {
            throw fail("columns", nil, "missing 'date' in [columns] (the column holding the booking date)")
        }
        guard let formatText = try string(columns, "columns", "date_format") else {
            throw fail("columns", nil, "missing 'date_format' in [columns] (for example \"%d/%m/%Y\", or \"auto\")")
        }
        let format = try dateFormat(formatText, "columns", "date_format")

        // [amount]
        guard let amountTable = root["amount"]?.table else {
            throw fail("", nil, "missing [amount] table (column, or debit and credit)")
        }
        try checkKeys(
            amountTable, "amount",
            [
                "column", "debit", "credit", "indicator", "debit_values", "credit_values", "sign", "decimal_mark",
                "grouping", "trailing_minus", "keep_zero", "currency", "currency_column", "fee_column",
            ])
        let amount = try amountLayout(amountTable, header: header)

        var profile = CSVProfile(
            id: id, path: path, name: name, bank: bank, date: date, dateFormat: format, amount: amount)
        if let kind = try string(root, "", "account_type") {
            guard let value = AccountKind(rawValue: kind) else {
                let kinds = AccountKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("", "account_type", "account_type '\(kind)' is not one of \(kinds)")
            }
            profile.accountKind = value
        }
        if let value = root["source"], value.string == nil, value.array == nil {
            throw fail("", "source", "'source' must be a quoted string or a list of them")
        }

        // [file] details
        if let encoding = try string(file, "file", "encoding") {
            if encoding.lowercased() != "auto" {
                guard let value = TextEncoding(name: encoding) else {
                    throw fail(
                        "file", "encoding",
                        "encoding '\(encoding)' is not known (use \(TextEncoding.acceptedNames))")
                }
                profile.encoding = value
            }
        }
        if let delimiter = try string(file, "file", "delimiter") {
            switch delimiter {
            case ",", ";", "|": profile.delimiter = delimiter.utf8.first
            case "\t", "tab": profile.delimiter = 0x09
            case "auto": profile.delimiter = nil
            default:
                throw fail(
                    "file", "delimiter", "delimiter '\(delimiter)' must be \",\", \";\", \"tab\", \"|\" or \"auto\"")
            }
        }
        profile.hasHeader = header
        if let value = file["skip_lines"] {
            guard let lines = value.int, lines >= 0 else {
                throw fail("file", "skip_lines", "'skip_lines' in [file] must be a whole number of lines, 0 or more")
            }
            profile.skipLines = lines
        }
        profile.signature = try strings(file, "file", "signature") ?? []
        if !header && !profile.signature.isEmpty {
            throw fail("file", "signature", "a profile with header = false cannot have a header signature")
        }
        profile.fileNames = try strings(file, "file", "file_names") ?? []
        if let order = try string(file, "file", "order") {
            guard let value = CSVProfile.RowOrder(rawValue: order) else {
                throw fail("file", "order", "order '\(order)' must be \"newest-first\" or \"oldest-first\"")
            }
            profile.order = value
        }

        // [columns] details
        profile.dateFallback = try column(columns, "columns", "date_fallback", header: header)
        profile.payee = try textSource(columns, "columns", "payee", header: header)
        if let fallback = columns["payee_fallback"], let array = fallback.array {
            for index in 0..<array.count {
                let ref = try column(array[index], "columns", "payee_fallback", header: header)
                profile.payeeFallback.append(.column(ref))
            }
        } else if let fallback = try textSource(columns, "columns", "payee_fallback", header: header) {
            profile.payeeFallback = [fallback]
        }
        profile.memo = try textSource(columns, "columns", "memo", header: header)
        profile.type = try textSource(columns, "columns", "type", header: header)
        profile.category = try textSource(columns, "columns", "category", header: header)
        profile.checkNumber = try textSource(columns, "columns", "check_number", header: header)
        profile.account = try textSource(columns, "columns", "account", header: header)
        profile.accountName = try textSource(columns, "columns", "account_name", header: header)
        profile.status = try column(columns, "columns", "status", header: header)
        profile.pendingValues = try strings(columns, "columns", "pending_values") ?? []
        profile.balance = try column(columns, "columns", "balance", header: header)
        profile.balanceBefore = try column(columns, "columns", "balance_before", header: header)
        if profile.balance != nil && profile.balanceBefore != nil {
            throw fail("columns", "balance_before", "give either 'balance' or 'balance_before' in [columns], not both")
        }

        // [amount] details
        try readAmountDetails(amountTable, into: &profile, header: header)

        // [statement]
        if let value = root["statement"] {
            guard let statement = value.table else {
                throw fail("", "statement", "'statement' must be a [statement] table")
            }
            try checkKeys(statement, "statement", ["opening_balance", "closing_balance"])
            profile.statementOpeningBalance = try column(statement, "statement", "opening_balance", header: header)
            profile.statementClosingBalance = try column(statement, "statement", "closing_balance", header: header)
        }

        // [text]
        if let value = root["text"] {
            guard let text = value.table else { throw fail("", "text", "'text' must be a [text] table") }
            try checkKeys(text, "text", ["join", "collapse_spaces", "trim", "join_continuation_rows"])
            profile.join = try string(text, "text", "join") ?? " "
            profile.collapseSpaces = try bool(text, "text", "collapse_spaces") ?? false
            profile.trimCharacters = try string(text, "text", "trim") ?? ""
            profile.joinContinuationRows = try bool(text, "text", "join_continuation_rows") ?? false
        }

        profile.skipRules = try rowRules(root, header: header)
        profile.balanceRows = try balanceRowRules(root, header: header)
        profile.preamble = try preambleFields(root)
        return profile
    }
}
