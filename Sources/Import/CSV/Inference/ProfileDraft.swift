import Ledger

/// The profile to save when inference refuses a file for a reason no one account line settles
/// (no column it can trust as the amount or the date): what the file shows, written as a profile,
/// with each line inference could not decide marked `DECIDE` and the cell it was guessed from.
///
/// It is built from the file's first records alone, apart from inference, so that it exists for
/// every refusal: the delimiter, the header (or column numbers when there is none), the column
/// with most dates, the column with most decimal numbers, a debit/credit mark column when one
/// holds only such marks, and the text column with most different values as the payee. A
/// person checks the marked lines against the quoted cells and saves the file under `importers/`.
struct ProfileDraft {
    struct Column {
        var index: Int
        var name: String?
        var sample: String
        var dates = 0
        var numbers = 0
        var decimals = 0
        var texts = 0
        var distinct = Set<String>()
        var marks = Set<String>()
        var commaVotes = 0
        var pointVotes = 0
    }

    var fileName: String
    var delimiter: UInt8
    var encoding: TextEncoding?
    var header: [String]?
    var columns: [Column]
    /// Text cells are quoted with `'`: the profile trims it.
    var quoteTrimmed: Bool

    /// A draft from the head of a file; nil when it shows no rows of cells to describe.
    init?(head: [UInt8], path: String) {
        let encoding = EncodingInference.encoding(of: head)
        let decoded = TextDecoding.decode(head, declared: encoding)
        let sample = decoded.bytes.withUnsafeBufferPointer { InferenceSample(text: $0) }
        // Cells quoted with `'` (some exports quote so): the profile trims it, and so does the draft.
        let quoteTrimmed = Self.quotedWithApostrophes(sample.records)
        let records = sample.records.map { record in
            var record = record
            if quoteTrimmed { record.cells = record.cells.map(Self.trimmingApostrophes) }
            return record
        }
        let headerLine = RejectedHeader.find(head)?.line
        var headerIndex = headerLine.flatMap { line in records.firstIndex { $0.line == line } }
        // The rows of the width most rows have: preamble and summary lines are narrower.
        var widths: [Int: Int] = [:]
        for row in records[(headerIndex.map { $0 + 1 } ?? 0)...] { widths[row.cells.count, default: 0] += 1 }
        guard let width = widths.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key, width >= 2 else {
            return nil
        }
        // Without a header of bank words, a line of names just before rows that are not.
        if headerIndex == nil {
            let wide = records.indices.filter { records[$0].cells.count == width }
            if let first = wide.first, wide.count > 1, Self.isNames(records[first].cells),
                !Self.isNames(records[wide[1]].cells)
            {
                headerIndex = first
            }
        }
        let rows = records[(headerIndex.map { $0 + 1 } ?? 0)...]
        let header = headerIndex.map { records[$0].cells }
        var columns = (0..<width).map { index in
            Column(
                index: index, name: header.flatMap { index < $0.count && !$0[index].isEmpty ? $0[index] : nil },
                sample: "")
        }
        for row in rows where row.cells.count == width {
            for (index, cell) in row.cells.enumerated() where !cell.isEmpty {
                if columns[index].sample.isEmpty { columns[index].sample = cell }
                if columns[index].distinct.count < 64 { columns[index].distinct.insert(cell) }
                let folded = cell.lowercased()
                if AmountStyleInference.debitWords.contains(folded) || AmountStyleInference.creditWords.contains(folded)
                {
                    columns[index].marks.insert(cell)
                }
                switch CellShape(cell) {
                case .date: columns[index].dates += 1
                case .number:
                    columns[index].numbers += 1
                    switch CellShape.decimalMarkEvidence(cell) {
                    case UInt8(ascii: ","):
                        columns[index].commaVotes += 1
                        columns[index].decimals += 1
                    case UInt8(ascii: "."):
                        columns[index].pointVotes += 1
                        columns[index].decimals += 1
                    default: break
                    }
                case .text: columns[index].texts += 1
                case .empty: break
                }
            }
        }
        // Only a file that reads as a bank export is quoted (a file no profile knows may be
        // anything, and the message goes into reports): a header naming two bank columns, or a
        // column of dates on most rows beside one of numbers.
        let rowCount = rows.filter { $0.cells.count == width }.count
        let namedColumns = (header ?? []).filter { !HeaderVocabulary.hints(for: $0).isEmpty }.count
        let dated = columns.contains { $0.dates * 2 > rowCount }
        let numbered = columns.contains { $0.numbers * 2 > rowCount }
        guard namedColumns >= 2 || (dated && numbered) else { return nil }
        self.quoteTrimmed = quoteTrimmed
        self.fileName = LayoutInference.fileName(path)
        self.delimiter = sample.delimiter
        self.encoding = encoding
        self.header = header
        self.columns = columns
    }

    /// At least two thirds of the filled cells are text: a line of names.
    static func isNames(_ cells: [String]) -> Bool {
        let filled = cells.filter { !$0.isEmpty }
        let texts = filled.filter { CellShape($0) == .text }.count
        return filled.count >= 2 && texts * 3 >= filled.count * 2
    }

    /// Most text cells of the first records begin and end with `'`.
    static func quotedWithApostrophes(_ records: [InferenceSample.Record]) -> Bool {
        let texts = records.prefix(50).flatMap(\.cells).filter { $0.count > 1 && CellShape($0) == .text }
        let quoted = texts.filter { $0.hasPrefix("'") && $0.hasSuffix("'") }.count
        return quoted * 2 > texts.count
    }

    static func trimmingApostrophes(_ cell: String) -> String {
        guard cell.count > 1, cell.hasPrefix("'"), cell.hasSuffix("'") else { return cell }
        return String(cell.dropFirst().dropLast())
    }

    /// A column as a profile names it: its header name when it has a unique one, else its number.
    func reference(_ column: Column) -> String {
        if let name = column.name, header?.filter({ $0 == name }).count == 1 { return TOMLBasicString.quoted(name) }
        return String(column.index + 1)
    }

    func described(_ column: Column) -> String {
        "column \(column.index + 1)\(column.name.map { " ('\($0)')" } ?? "") holds '\(column.sample)'"
    }

    /// The column a role's header words name, if one does.
    func named(_ roles: Set<HeaderVocabulary.Role>) -> Column? {
        columns.first { column in
            column.name.map { name in HeaderVocabulary.hints(for: name).contains { roles.contains($0.role) } } ?? false
        }
    }

    /// The profile's text: save it as `importers/NAME.toml` once the `DECIDE` lines are right.
    var toml: String {
        let date =
            named([.bookingDate, .date]).flatMap { $0.dates > 0 ? $0 : nil }
            ?? columns.filter { $0.dates > 0 }.max { $0.dates < $1.dates } ?? named([.bookingDate, .date])
        let mark = columns.first { $0.marks.count == $0.distinct.count && !$0.marks.isEmpty && $0.marks.count <= 4 }
        // Numbers of a few digits, not identifiers: an amount has decimals, or at most 9 digits.
        let money = columns.filter { column in
            column.index != date?.index && column.numbers > 0
                && (column.decimals > 0 || column.sample.filter(\.isNumber).count <= 9)
        }
        let amount =
            named([.amount]).flatMap { $0.numbers > 0 ? $0 : nil }
            ?? money.max { ($0.decimals, $0.numbers, -$0.index) < ($1.decimals, $1.numbers, -$1.index) }
        let payee =
            named([.payee, .description])
            ?? columns.filter { $0.texts > 0 && $0.index != mark?.index }.max { $0.distinct.count < $1.distinct.count }

        var lines = [
            "name = \(TOMLBasicString.quoted(LayoutInference.inferredID(fileName)))",
            Self.line("bank = \"Unknown\"", "the bank's name, as the import report shows it"), "", "[file]",
        ]
        if let encoding { lines.append("encoding = \(TOMLBasicString.quoted(encoding.rawValue))") }
        let delimiterName = delimiter == 0x09 ? "tab" : String(UnicodeScalar(delimiter))
        lines.append("delimiter = \(TOMLBasicString.quoted(delimiterName))")
        if let header {
            let names = header.filter { CellShape($0) == .text }.prefix(6).map(TOMLBasicString.quoted)
            lines.append("signature = [\(names.joined(separator: ", "))]")
        } else {
            lines.append("header = false")
            lines.append("file_names = [\(TOMLBasicString.quoted(fileName))]")
        }
        lines += ["", "[columns]"]
        if let date {
            lines.append(Self.line("date = \(reference(date))", "DECIDE: the date; \(described(date))"))
        } else {
            lines.append(Self.line("date = ?", "DECIDE: no column holds dates this reader knows; name it"))
        }
        lines.append(Self.line("date_format = \"auto\"", "or the format, such as \"%d.%m.%Y\""))
        if let payee { lines.append(Self.line("payee = \(reference(payee))", described(payee))) }
        lines += ["", "[amount]"]
        if let amount {
            let others = money.filter { $0.index != amount.index }.prefix(3).map(described)
            let also = others.isEmpty ? "" : " (other numbers: \(others.joined(separator: "; ")))"
            lines.append(Self.line("column = \(reference(amount))", "DECIDE: the amount; \(described(amount))\(also)"))
            if amount.commaVotes > amount.pointVotes { lines.append("decimal_mark = \",\"") }
        } else {
            lines.append(Self.line("column = ?", "DECIDE: no column holds numbers on most rows; name the amount's"))
        }
        if let mark, mark.index != amount?.index {
            let debit = mark.marks.filter { AmountStyleInference.debitWords.contains($0.lowercased()) }.sorted()
            let credit = mark.marks.filter { AmountStyleInference.creditWords.contains($0.lowercased()) }.sorted()
            lines.append(Self.line("indicator = \(reference(mark))", "DECIDE: money out or in; \(described(mark))"))
            lines.append("debit_values = [\(debit.map(TOMLBasicString.quoted).joined(separator: ", "))]")
            lines.append("credit_values = [\(credit.map(TOMLBasicString.quoted).joined(separator: ", "))]")
        }
        if quoteTrimmed { lines += ["", "[text]", "trim = \"'\""] }
        return lines.joined(separator: "\n")
    }

    /// `text` and its comment, the comments aligned.
    static func line(_ text: String, _ comment: String) -> String {
        text.padding(toLength: max(text.count + 1, 26), withPad: " ", startingAt: 0) + "# " + comment
    }
}
