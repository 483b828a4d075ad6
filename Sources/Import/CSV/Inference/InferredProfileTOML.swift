import Ledger

/// Writes an inferred profile as the TOML `CSVProfile.parse` reads (see `Importers/README.md`),
/// with comments saying that it was inferred, how sure the inference is, and why.
enum InferredProfileTOML {
    static func render(_ layout: InferredLayout) -> String {
        let profile = layout.profile
        var lines: [String] = []
        lines.append(
            "# Inferred by closebook-import from \(LayoutInference.fileName(profile.path)): no profile matched it.")
        lines.append("# Confidence: \(layout.confidence.rawValue).")
        for reason in layout.reasons { lines.append("# - \(reason)") }
        lines.append("# Check it, set name and bank, and save it as importers/\(profile.id).toml.")
        lines.append("name = \(TOMLBasicString.quoted(profile.name))")
        lines.append("bank = \(TOMLBasicString.quoted(profile.bank))")

        lines.append("")
        lines.append("[file]")
        if let encoding = profile.encoding { lines.append("encoding = \(TOMLBasicString.quoted(encoding.rawValue))") }
        if let delimiter = profile.delimiter {
            lines.append(
                "delimiter = \(TOMLBasicString.quoted(delimiter == 0x09 ? "tab" : String(UnicodeScalar(delimiter))))")
        }
        if !profile.hasHeader { lines.append("header = false") }
        if profile.skipLines > 0 { lines.append("skip_lines = \(profile.skipLines)") }
        if !profile.signature.isEmpty { lines.append("signature = \(list(profile.signature))") }
        if let order = profile.order { lines.append("order = \(TOMLBasicString.quoted(order.rawValue))") }

        lines.append("")
        lines.append("[columns]")
        lines.append("date = \(column(profile.date))")
        lines.append("date_format = \(TOMLBasicString.quoted(profile.dateFormat.description))")
        if let payee = profile.payee { lines.append("payee = \(text(payee))") }
        if !profile.payeeFallback.isEmpty {
            lines.append("payee_fallback = [\(profile.payeeFallback.map(text).joined(separator: ", "))]")
        }
        if let memo = profile.memo { lines.append("memo = \(text(memo))") }
        if let type = profile.type { lines.append("type = \(text(type))") }
        if let category = profile.category { lines.append("category = \(text(category))") }
        if let account = profile.account { lines.append("account = \(text(account))") }
        if let balance = profile.balance { lines.append("balance = \(column(balance))") }
        if let balance = profile.balanceBefore { lines.append("balance_before = \(column(balance))") }

        lines.append("")
        lines.append("[amount]")
        switch profile.amount {
        case .signed(let amount):
            lines.append("column = \(column(amount))")
        case .debitCredit(let debit, let credit):
            lines.append("debit = \(column(debit))")
            lines.append("credit = \(column(credit))")
        case .indicator(let amount, let indicator, let debitValues, let creditValues):
            lines.append("column = \(column(amount))")
            lines.append("indicator = \(column(indicator))")
            lines.append("debit_values = \(list(debitValues))")
            lines.append("credit_values = \(list(creditValues))")
        }
        if profile.invertSign { lines.append("sign = \"inverted\"") }
        if profile.plusIsMoneyIn { lines.append("sign = \"plus-is-money-in\"") }
        if profile.decimalStyle.decimalMark == UInt8(ascii: ",") { lines.append("decimal_mark = \",\"") }
        if profile.trailingMinus { lines.append("trailing_minus = true") }
        switch profile.currency {
        case .column(let currency): lines.append("currency_column = \(column(currency))")
        case .fixed(let currency): lines.append("currency = \(TOMLBasicString.quoted(currency.code))")
        case .context: break
        }

        for rule in profile.skipRules {
            lines.append("")
            lines.append("[[skip]]")
            lines.append("column = \(column(rule.test.column))")
            lines.append("\(rule.test.kind.rawValue) = \(list(rule.test.values))")
            lines.append("reason = \(TOMLBasicString.quoted(rule.reason))")
        }
        if profile.joinContinuationRows || profile.collapseSpaces {
            lines.append("")
            lines.append("[text]")
            if profile.collapseSpaces { lines.append("collapse_spaces = true") }
            if profile.joinContinuationRows { lines.append("join_continuation_rows = true") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func column(_ ref: CSVProfile.ColumnRef) -> String {
        switch ref {
        case .name(let name): TOMLBasicString.quoted(name)
        case .number(let number): String(number)
        }
    }

    static func text(_ source: CSVProfile.TextSource) -> String {
        switch source {
        case .column(let ref): column(ref)
        case .joined(let refs): "[" + refs.map(column).joined(separator: ", ") + "]"
        case .template(let template): TOMLBasicString.quoted(templateText(template.parts))
        }
    }

    static func templateText(_ parts: [TextTemplate.Part]) -> String {
        parts.map { part in
            switch part {
            case .literal(let text):
                text.reduce(into: "") { output, character in
                    if "{}[]\\".contains(character) { output.append("\\") }
                    output.append(character)
                }
            case .cell(.name(let name)): "{" + name + "}"
            case .cell(.number(let number)): "{\(number)}"
            case .optional(let inner): "[" + templateText(inner) + "]"
            }
        }.joined()
    }

    static func list(_ values: [String]) -> String {
        "[" + values.map(TOMLBasicString.quoted).joined(separator: ", ") + "]"
    }
}
