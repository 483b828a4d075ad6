/// The records of a workspace's hand-written CSV files (`overrides.csv`, `rates.csv`,
/// `valuations.csv`), RFC 4180 style, with the place of each field for messages: the one reader
/// of those files (bank exports have their own, `CSVTokenizer`, built for millions of rows).
///
/// A field that starts with a double quote runs to its closing quote, across commas and line
/// ends; a quote inside it is written twice. A quote that is never closed is not an error here:
/// the record says where it was opened (`unclosedQuote`), and the caller names that place, since
/// every later line was read into the field. Lines whose first character (after spaces and tabs)
/// is `#` are comments when the caller asks (`skippingComments`), and are then never read as the
/// start of a quoted field.
///
/// Columns count Unicode scalars from 1. The text should have LF line ends (`TextLines.normalised`);
/// a leading byte order mark is skipped.
public enum CSVRecords {
    public struct Record: Sendable {
        public var fields: [String]
        /// 1-based column of each field's first character on its line.
        public var columns: [Int]
        public var quoted: [Bool]
        public var line: Int
        /// The record's first line as written.
        public var text: String
        /// The column of a quote that opens a field and is never closed: the rest of the file
        /// was read into that field.
        public var unclosedQuote: Int?
    }

    /// What to say at the place where a quote was opened and never closed.
    public static let unclosedQuoteMessage =
        "the quote opened here is never closed, so every line after it is read as part of this field; close it (a quote inside a field is written twice)"

    /// The records of `text`; with `skippingComments`, lines starting with `#` give none.
    public static func parse(_ text: String, skippingComments: Bool = false) -> [Record] {
        let scalars = Array(text.unicodeScalars)
        var records: [Record] = []
        var index = scalars.first == "\u{FEFF}" ? 1 : 0
        var line = 1
        while index < scalars.count {
            let recordLine = line
            var lineEnd = index
            while lineEnd < scalars.count, scalars[lineEnd] != "\n" { lineEnd += 1 }
            if skippingComments, scalars[index..<lineEnd].first(where: { $0 != " " && $0 != "\t" }) == "#" {
                index = lineEnd + 1
                line += 1
                continue
            }
            var lineText = String(String.UnicodeScalarView(scalars[index..<lineEnd]))
            if lineText.hasSuffix("\r") { lineText.removeLast() }
            let lineStart = index
            var fields: [String] = []
            var columns: [Int] = []
            var quoted: [Bool] = []
            var field = ""
            var fieldStart = index
            var inQuotes = false
            var wasQuoted = false
            var atFieldStart = true
            var endedByNewline = false
            while index < scalars.count {
                let scalar = scalars[index]
                if inQuotes {
                    if scalar == "\"" {
                        if index + 1 < scalars.count, scalars[index + 1] == "\"" {
                            field.unicodeScalars.append("\"")
                            index += 2
                            continue
                        }
                        inQuotes = false
                    } else {
                        if scalar == "\n" { line += 1 }
                        field.unicodeScalars.append(scalar)
                    }
                    index += 1
                    continue
                }
                if scalar == "\"" && atFieldStart {
                    inQuotes = true
                    wasQuoted = true
                    atFieldStart = false
                    index += 1
                    continue
                }
                if scalar == "," || scalar == "\n" {
                    fields.append(field)
                    columns.append(fieldStart - lineStart + 1)
                    quoted.append(wasQuoted)
                    field = ""
                    wasQuoted = false
                    atFieldStart = true
                    index += 1
                    fieldStart = index
                    if scalar == "\n" {
                        line += 1
                        endedByNewline = true
                        break
                    }
                    continue
                }
                if scalar != "\r" { field.unicodeScalars.append(scalar) }
                atFieldStart = false
                index += 1
            }
            if !endedByNewline, !(fields.isEmpty && field.isEmpty && !wasQuoted) {
                fields.append(field)
                columns.append(fieldStart - lineStart + 1)
                quoted.append(wasQuoted)
            }
            if fields.isEmpty { continue }
            records.append(
                Record(
                    fields: fields, columns: columns, quoted: quoted, line: recordLine, text: lineText,
                    unclosedQuote: inQuotes ? fieldStart - lineStart + 1 : nil))
        }
        return records
    }
}
