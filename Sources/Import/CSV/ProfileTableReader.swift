import Foundation
import Ledger
import TOMLKit

/// Turns a parsed TOML table into a `CSVProfile`, reporting each mistake at its key.
///
/// Here, the typed reads of one key each; the profile's tables in files of their own: the whole
/// profile (`ProfileTableReader+Profile`), its `[amount]` table (`+Amounts`), and its row rules
/// and preamble fields (`+Rules`).
struct ProfileTableReader {
    let path: String
    let positions: TOMLKeyPositions

    func fail(_ table: String, _ key: String?, _ message: String) -> CSVProfileError {
        let place = positions.position(table: table, key: key)
        return CSVProfileError(path: path, line: place.line, column: place.column, message: message)
    }

    /// `[amount] column` or `name` for messages.
    func label(_ table: String, _ key: String) -> String {
        let shown = table.split(separator: "#").first.map(String.init) ?? table
        return shown.isEmpty ? "'\(key)'" : "'\(key)' in [\(shown)]"
    }

    func checkKeys(_ table: TOMLTable, _ name: String, _ known: [String]) throws(CSVProfileError) {
        for key in table.keys.sorted() where !known.contains(key) {
            let shown = name.split(separator: "#").first.map(String.init) ?? name
            let place = shown.isEmpty ? "at the top level" : "in [\(shown)]"
            throw fail(name, key, "unknown key '\(key)' \(place) (expected one of \(known.joined(separator: ", ")))")
        }
    }

    func string(_ table: TOMLTable, _ name: String, _ key: String) throws(CSVProfileError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw fail(name, key, "\(label(name, key)) must be a quoted string") }
        return text
    }

    func bool(_ table: TOMLTable, _ name: String, _ key: String) throws(CSVProfileError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else { throw fail(name, key, "\(label(name, key)) must be true or false") }
        return flag
    }

    func strings(_ table: TOMLTable, _ name: String, _ key: String) throws(CSVProfileError) -> [String]? {
        guard let value = table[key] else { return nil }
        if let text = value.string { return [text] }
        guard let array = value.array else {
            throw fail(name, key, "\(label(name, key)) must be a list of quoted strings")
        }
        var result: [String] = []
        for index in 0..<array.count {
            guard let text = array[index].string else {
                throw fail(name, key, "\(label(name, key)) must be a list of quoted strings")
            }
            result.append(text)
        }
        return result
    }

    func column(
        _ table: TOMLTable, _ name: String, _ key: String, header: Bool
    ) throws(CSVProfileError)
        -> CSVProfile.ColumnRef?
    {
        guard let value = table[key] else { return nil }
        return try column(value, name, key, header: header)
    }

    func column(
        _ value: any TOMLValueConvertible, _ name: String, _ key: String, header: Bool
    ) throws(CSVProfileError)
        -> CSVProfile.ColumnRef
    {
        if let number = value.int {
            guard number >= 1 else { throw fail(name, key, "\(label(name, key)): columns are numbered from 1") }
            return .number(number)
        }
        if let text = value.string, !text.isEmpty {
            guard header else {
                throw fail(
                    name, key,
                    "\(label(name, key)) names the column '\(text)', but this profile has header = false; use its number"
                )
            }
            return .name(text)
        }
        throw fail(name, key, "\(label(name, key)) must be a column name (\"Date\") or number (1)")
    }

    func textSource(
        _ table: TOMLTable, _ name: String, _ key: String, header: Bool
    ) throws(CSVProfileError)
        -> CSVProfile.TextSource?
    {
        guard let value = table[key] else { return nil }
        if let array = value.array {
            var columns: [CSVProfile.ColumnRef] = []
            for index in 0..<array.count { columns.append(try column(array[index], name, key, header: header)) }
            guard !columns.isEmpty else { throw fail(name, key, "\(label(name, key)) lists no columns") }
            return .joined(columns)
        }
        if let text = value.string, text.contains("{") {
            let template: TextTemplate
            do {
                template = try TextTemplate(text)
            } catch {
                throw fail(name, key, "\(label(name, key)): \(error.message)")
            }
            if !header, let named = template.columns.first(where: { if case .name = $0 { true } else { false } }) {
                throw fail(
                    name, key,
                    "\(label(name, key)) names the column \(named), but this profile has header = false; use its number"
                )
            }
            return .template(template)
        }
        return .column(try column(value, name, key, header: header))
    }

    func dateFormat(_ text: String, _ name: String, _ key: String) throws(CSVProfileError) -> DateFormat {
        if text == "auto" { return .auto }
        do {
            return try DateFormat(text)
        } catch {
            throw fail(name, key, "\(label(name, key)): \(error.message)")
        }
    }

    func cellTest(_ table: TOMLTable, _ name: String, header: Bool) throws(CSVProfileError) -> CSVProfile.CellTest {
        guard let column = try column(table, name, "column", header: header) else {
            throw fail(name, nil, "each [[\(name.split(separator: "#")[0])]] needs a 'column'")
        }
        var found: [CSVProfile.CellTest] = []
        for kind in [CSVProfile.CellTest.Kind.equals, .startsWith, .contains] {
            if let values = try strings(table, name, kind.rawValue) {
                found.append(CSVProfile.CellTest(column: column, kind: kind, values: values))
            }
        }
        if let empty = try bool(table, name, "empty"), empty {
            found.append(CSVProfile.CellTest(column: column, kind: .empty, values: []))
        }
        guard found.count == 1 else {
            throw fail(
                name, "column",
                "each [[\(name.split(separator: "#")[0])]] needs exactly one of equals, starts_with, contains or empty = true"
            )
        }
        return found[0]
    }
}
