import Foundation
import Ledger
import TOMLKit

extension ProfileTableReader {
    func arrayOfTables(_ root: TOMLTable, _ key: String) throws(CSVProfileError) -> [TOMLTable] {
        guard let value = root[key] else { return [] }
        guard let array = value.array else { throw fail("", key, "'\(key)' must be written as [[\(key)]] tables") }
        var tables: [TOMLTable] = []
        for index in 0..<array.count {
            guard let table = array[index].table else {
                throw fail("\(key)#\(index)", nil, "each [[\(key)]] entry must be a table")
            }
            tables.append(table)
        }
        return tables
    }

    func rowRules(_ root: TOMLTable, header: Bool) throws(CSVProfileError) -> [CSVProfile.RowRule] {
        var rules: [CSVProfile.RowRule] = []
        for (index, table) in try arrayOfTables(root, "skip").enumerated() {
            let name = "skip#\(index)"
            try checkKeys(table, name, ["column", "equals", "starts_with", "contains", "empty", "reason"])
            let test = try cellTest(table, name, header: header)
            guard let reason = try string(table, name, "reason"), !reason.isEmpty else {
                throw fail(name, nil, "each [[skip]] needs a 'reason' (shown in the import report)")
            }
            rules.append(CSVProfile.RowRule(test: test, reason: reason))
        }
        return rules
    }

    func balanceRowRules(_ root: TOMLTable, header: Bool) throws(CSVProfileError) -> [CSVProfile.BalanceRowRule] {
        var rules: [CSVProfile.BalanceRowRule] = []
        for (index, table) in try arrayOfTables(root, "balance_row").enumerated() {
            let name = "balance_row#\(index)"
            try checkKeys(
                table, name, ["column", "equals", "starts_with", "contains", "empty", "kind", "amount_column"])
            let test = try cellTest(table, name, header: header)
            guard let kindText = try string(table, name, "kind"),
                let kind = CSVProfile.BalanceRowRule.Kind(rawValue: kindText)
            else {
                throw fail(name, "kind", "each [[balance_row]] needs kind = \"opening\" or \"closing\"")
            }
            let amountColumn = try column(table, name, "amount_column", header: header)
            rules.append(CSVProfile.BalanceRowRule(test: test, kind: kind, amountColumn: amountColumn))
        }
        return rules
    }

    func preambleFields(_ root: TOMLTable) throws(CSVProfileError) -> [CSVProfile.PreambleField] {
        var fields: [CSVProfile.PreambleField] = []
        for (index, table) in try arrayOfTables(root, "preamble").enumerated() {
            let name = "preamble#\(index)"
            try checkKeys(table, name, ["label", "value", "cell", "date_format"])
            guard let label = try string(table, name, "label"), !label.isEmpty else {
                throw fail(name, nil, "each [[preamble]] needs a 'label' (the first cell of the line)")
            }
            let values = CSVProfile.PreambleField.Value.allCases.map(\.rawValue).joined(separator: ", ")
            guard let valueText = try string(table, name, "value"),
                let value = CSVProfile.PreambleField.Value(rawValue: valueText)
            else {
                throw fail(name, "value", "each [[preamble]] needs a 'value', one of \(values)")
            }
            var cell = 2
            if let raw = table["cell"] {
                guard let number = raw.int, number >= 1 else {
                    throw fail(name, "cell", "'cell' in [[preamble]] must be a cell number from 1")
                }
                cell = number
            }
            let format = try string(table, name, "date_format").map { (text) throws(CSVProfileError) in
                try dateFormat(text, name, "date_format")
            }
            fields.append(CSVProfile.PreambleField(label: label, value: value, cell: cell, dateFormat: format))
        }
        return fields
    }
}
