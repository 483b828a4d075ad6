import Foundation
import Ledger
import TOMLKit

extension ProfileTableReader {
    func amountLayout(_ table: TOMLTable, header: Bool) throws(CSVProfileError) -> CSVProfile.AmountLayout {
        let single = try column(table, "amount", "column", header: header)
        let debit = try column(table, "amount", "debit", header: header)
        let credit = try column(table, "amount", "credit", header: header)
        let indicator = try column(table, "amount", "indicator", header: header)
        switch (single, debit, credit, indicator) {
        case (let single?, nil, nil, nil):
            return .signed(single)
        case (let single?, nil, nil, let indicator?):
            guard let debitValues = try strings(table, "amount", "debit_values"),
                let creditValues = try strings(table, "amount", "credit_values")
            else {
                throw fail(
                    "amount", "indicator",
                    "'indicator' in [amount] needs debit_values and credit_values (for example [\"D\"] and [\"C\"])")
            }
            return .indicator(
                amount: single, indicator: indicator, debitValues: debitValues, creditValues: creditValues)
        case (nil, let debit?, let credit?, nil):
            return .debitCredit(debit: debit, credit: credit)
        case (nil, _?, nil, nil):
            throw fail("amount", "debit", "'debit' in [amount] needs a 'credit' column too (money in)")
        case (nil, nil, _?, nil):
            throw fail("amount", "credit", "'credit' in [amount] needs a 'debit' column too (money out)")
        case (nil, nil, nil, _):
            throw fail("amount", nil, "[amount] needs 'column' (one signed amount) or 'debit' and 'credit' columns")
        default:
            throw fail(
                "amount", single != nil ? "column" : "debit",
                "[amount] takes either 'column' (with an optional 'indicator') or both 'debit' and 'credit'")
        }
    }

    func readAmountDetails(_ table: TOMLTable, into profile: inout CSVProfile, header: Bool) throws(CSVProfileError) {
        if let sign = try string(table, "amount", "sign") {
            switch sign {
            case "normal": profile.invertSign = false
            case "inverted": profile.invertSign = true
            case "plus-is-money-in": profile.plusIsMoneyIn = true
            default:
                throw fail(
                    "amount", "sign", "sign '\(sign)' must be \"normal\", \"inverted\" or \"plus-is-money-in\"")
            }
        }
        var decimalMark = UInt8(ascii: ".")
        if let mark = try string(table, "amount", "decimal_mark") {
            guard mark == "." || mark == "," else {
                throw fail("amount", "decimal_mark", "decimal_mark '\(mark)' must be \".\" or \",\"")
            }
            decimalMark = mark.utf8.first!
        }
        var grouping: [UInt8] =
            decimalMark == UInt8(ascii: ".") ? [UInt8(ascii: ",")] : [UInt8(ascii: "."), 0x20]
        if let marks = try strings(table, "amount", "grouping") {
            grouping = []
            for mark in marks {
                switch mark {
                case ",", ".", "'", " ": grouping.append(mark.utf8.first!)
                case "space", "nbsp": grouping.append(0x20)
                default:
                    throw fail(
                        "amount", "grouping", "grouping mark '\(mark)' must be \",\", \".\", \"'\" or \" \" (space)")
                }
            }
            if grouping.contains(decimalMark) {
                throw fail("amount", "grouping", "the grouping marks cannot include the decimal mark")
            }
        }
        profile.decimalStyle = DecimalStyle(decimalMark: decimalMark, groupingMarks: grouping)
        profile.trailingMinus = try bool(table, "amount", "trailing_minus") ?? false
        profile.keepZeroAmounts = try bool(table, "amount", "keep_zero") ?? false
        profile.fee = try column(table, "amount", "fee_column", header: header)
        let fixed = try string(table, "amount", "currency")
        let column = try column(table, "amount", "currency_column", header: header)
        switch (fixed, column) {
        case (let code?, nil):
            guard let currency = Currency(code: code) else {
                throw fail("amount", "currency", "currency '\(code)' is not an ISO 4217 code such as \"EUR\"")
            }
            profile.currency = .fixed(currency)
        case (nil, let column?):
            profile.currency = .column(column)
        case (nil, nil):
            profile.currency = .context
        default:
            throw fail("amount", "currency_column", "give either 'currency' or 'currency_column' in [amount], not both")
        }
    }
}
