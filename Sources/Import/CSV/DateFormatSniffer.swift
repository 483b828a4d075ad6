import Ledger

/// Decides a file's date format from its date cells, for `date_format = "auto"`.
///
/// The first date-like cell sets the shape (`2024-01-15`, `15/01/2024`, `15 Jan 2024`...) and with
/// it one or two candidate formats: a numeric date with the year last may be day/month or
/// month/day. Every later cell must parse with a candidate still standing; a cell that one of
/// two candidates cannot read (a day above 12) settles the order, as QIF dates do
/// (`QIFFileConventions`). An account's `date_order` removes the other order from the start.
///
/// The file is rejected, at the cell that shows it, when a cell fits no candidate left, or when
/// two candidates read every cell and give different dates for some of them. A date written with
/// full stops (`05.12.25`) is taken as day first unless a cell or the account says otherwise.
struct DateFormatSniffer {
    /// A format `auto` may settle on.
    struct Candidate {
        var format: DateFormat
        /// `dmy` or `mdy` for the two readings of a numeric date with the year last; nil when
        /// the shape has no day/month question (year first, month names).
        var order: DateOrder?
        /// The cell that ruled it out, if one did.
        var ruledOutBy: Cell?
    }

    /// A date cell as written, where it is, for messages.
    struct Cell {
        var text: String
        var line: Int
        var column: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>, _ place: (line: Int, column: Int)) {
            text = String(decoding: bytes, as: UTF8.self)
            line = place.line
            column = place.column
        }
    }

    /// Why the cells cannot settle a format; the reader turns it into a diagnostic with the remedy.
    struct Failure: Error {
        enum Kind {
            /// The first date-like cell has no shape `auto` knows.
            case unknownShape
            /// A cell fits none of the formats the cells before it left standing.
            case inconsistent
            /// A cell fits only the day/month order the account's `date_order` rules out.
            case ruledOutByDateOrder
            /// Two formats read every cell, some as different dates.
            case ambiguous
        }

        var kind: Kind
        var cell: Cell
        var message: String
    }

    /// The account's `date_order` from `closebook.toml`, which decides the day/month question.
    let configuredOrder: DateOrder?
    private(set) var candidates: [Candidate] = []
    /// Candidates of the shape that `configuredOrder` removed.
    private var excluded: [Candidate] = []
    /// The cell whose shape gave the candidates.
    private var shapeCell: Cell?
    /// The first cell two standing candidates read as different dates.
    private var ambiguous: Cell?
    /// The one candidate left, once the others are ruled out.
    private var settled: DateFormat?

    init(configuredOrder: DateOrder?) {
        self.configuredOrder = configuredOrder
    }

    /// Checks one non-empty date cell; `place` (its line and column) is worked out only when a
    /// message may need it.
    mutating func observe(_ cell: UnsafeBufferPointer<UInt8>, at place: () -> (line: Int, column: Int)) throws(Failure)
    {
        // Most files settle on one format within their first rows: then each cell is one parse.
        if let settled {
            if settled.parse(cell) != nil { return }
            throw failure(at: Cell(cell, place()))
        }
        if shapeCell == nil { try start(Cell(cell, place()), cell) }
        var date: CivilDate?
        var differ = false
        var fits = 0
        var standing = 0
        for candidate in candidates where candidate.ruledOutBy == nil {
            standing += 1
            guard let parsed = candidate.format.parse(cell) else { continue }
            fits += 1
            if let date, date != parsed { differ = true }
            date = parsed
        }
        guard fits > 0 else { throw failure(at: Cell(cell, place())) }
        if fits < standing {
            let here = Cell(cell, place())
            for index in candidates.indices
            where candidates[index].ruledOutBy == nil && candidates[index].format.parse(cell) == nil {
                candidates[index].ruledOutBy = here
            }
        }
        if differ && ambiguous == nil { ambiguous = Cell(cell, place()) }
        settle()
    }

    /// Sets `settled` when one candidate is left.
    private mutating func settle() {
        var count = 0
        var last: DateFormat?
        for candidate in candidates where candidate.ruledOutBy == nil {
            count += 1
            last = candidate.format
        }
        if count == 1 { settled = last }
    }

    /// The format the cells settle on: nil when no date-like cell was seen. `preferring` breaks a
    /// tie between day/month and month/day (the order the file's other dates are in).
    func resolve(preferring: DateOrder? = nil) throws(Failure) -> DateFormat? {
        let standing = self.standing
        guard let first = standing.first else { return nil }
        if standing.count > 1, let ambiguous {
            if let preferring, let preferred = standing.first(where: { $0.order == preferring }) {
                return preferred.format
            }
            // A date written with full stops and the year last (`05.12.2025`) is day first
            // wherever it is written so (Germany, Austria, Switzerland, Scandinavia, Eastern
            // Europe); month first is a US habit, written with slashes. So when no cell tells,
            // full stops mean day first; a cell only month first can read (`01.13.2018`) still
            // settles it the other way, as it does for slashes.
            if let dayFirst = standing.first(where: {
                $0.order == .dayMonthYear && $0.format.description.hasPrefix("%d.")
            }) {
                return dayFirst.format
            }
            let readings = standing.compactMap { $0.format.parse(ambiguous.text)?.isoString }
            let formats = standing.map(\.format.description).joined(separator: " and as ")
            throw Failure(
                kind: .ambiguous, cell: ambiguous,
                message:
                    "dates in this file read both as \(formats) (no day is above 12: '\(ambiguous.text)' is \(readings.joined(separator: " or ")))"
            )
        }
        return first.format
    }

    /// The candidates no cell has ruled out.
    var standing: [Candidate] { candidates.filter { $0.ruledOutBy == nil } }

    // MARK: - Shape

    private mutating func start(_ here: Cell, _ cell: UnsafeBufferPointer<UInt8>) throws(Failure) {
        shapeCell = here
        let all = DateFormatSniffer.candidates(for: cell)
        guard !all.isEmpty else {
            throw Failure(
                kind: .unknownShape, cell: here,
                message:
                    "date '\(here.text)' is not written in a form date_format = \"auto\" knows (such as 2024-01-15, 20240115, 15/01/2024, 01/15/2024, 15.01.24, 15 Jan 2024 or Jan 15 2024)"
            )
        }
        for candidate in all {
            if let order = candidate.order, let configuredOrder, order != configuredOrder {
                excluded.append(candidate)
            } else {
                candidates.append(candidate)
            }
        }
        settle()
    }

    /// Why `cell` fits no standing candidate.
    private func failure(at cell: Cell) -> Failure {
        for candidate in candidates {
            if let earlier = candidate.ruledOutBy, candidate.format.parse(cell.text) != nil {
                let others = candidates.filter { $0.ruledOutBy == nil }.map(\.format.description)
                return Failure(
                    kind: .inconsistent, cell: cell,
                    message:
                        "date '\(cell.text)' reads only as \(candidate.format), but '\(earlier.text)' on line \(earlier.line) reads only as \(others.joined(separator: " or "))"
                )
            }
        }
        for candidate in excluded where candidate.format.parse(cell.text) != nil {
            let order = configuredOrder?.rawValue ?? ""
            return Failure(
                kind: .ruledOutByDateOrder, cell: cell,
                message:
                    "date '\(cell.text)' reads only as \(candidate.format), which date_order = \"\(order)\" for this account in closebook.toml rules out"
            )
        }
        let formats = standing.map(\.format.description).joined(separator: " or ")
        if let shapeCell, shapeCell.line != cell.line {
            return Failure(
                kind: .inconsistent, cell: cell,
                message:
                    "date '\(cell.text)' does not fit \(formats), the format of the dates before it ('\(shapeCell.text)' on line \(shapeCell.line))"
            )
        }
        return Failure(kind: .unknownShape, cell: cell, message: "date '\(cell.text)' does not fit \(formats)")
    }

    /// The formats a date written like `cell` may be in, built from its shape: three parts
    /// (numbers, or a month name) with separators between them, or eight digits (`20240115`),
    /// then the end or a time after a space or `T`.
    static func candidates(for cell: UnsafeBufferPointer<UInt8>) -> [Candidate] {
        enum Part {
            case number(digits: Int)
            case monthName
        }
        let count = cell.count
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        func endsDate(_ index: Int) -> Bool {
            index == count || cell[index] == 0x20 || cell[index] == UInt8(ascii: "T")
        }

        if count >= 8, (0..<8).allSatisfy({ isDigit(cell[$0]) }), endsDate(8) {
            return (try? DateFormat("%Y%m%d")).map { [Candidate(format: $0, order: nil)] } ?? []
        }
        var parts: [Part] = []
        var separators: [[UInt8]] = []
        var separator: [UInt8] = []
        // `DateFormat` reads a full stop after a month name as part of the name (`Jan.`), so it
        // may stand for the separator.
        var afterMonthStop = false
        var index = 0
        while index < count, parts.count < 3 {
            let byte = cell[index]
            if isDigit(byte) || isLetter(byte) {
                if !parts.isEmpty {
                    guard !separator.isEmpty || afterMonthStop else { return [] }
                    separators.append(separator)
                    separator = []
                }
                afterMonthStop = false
                let start = index
                if isDigit(byte) {
                    while index < count, isDigit(cell[index]) { index += 1 }
                    parts.append(.number(digits: index - start))
                } else {
                    var letters: [UInt8] = []
                    while index < count, isLetter(cell[index]) {
                        letters.append(cell[index] | 0x20)
                        index += 1
                    }
                    guard DateFormat.monthNumber(letters) != nil else { return [] }
                    parts.append(.monthName)
                    if index < count, cell[index] == UInt8(ascii: ".") {
                        index += 1
                        afterMonthStop = true
                    }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ","):
                guard !parts.isEmpty, separator.isEmpty else { return [] }
                separator.append(byte)
            case 0x20:
                guard !parts.isEmpty else { return [] }
                // A space in a pattern matches one or more spaces.
                if separator.last != 0x20 { separator.append(0x20) }
            default:
                return []
            }
            index += 1
        }
        guard parts.count == 3, separators.count == 2, endsDate(index) else { return [] }

        func candidate(_ fields: [String], _ order: DateOrder?) -> Candidate? {
            var pattern = fields[0]
            for (separator, field) in zip(separators, fields.dropFirst()) {
                pattern += String(decoding: separator, as: UTF8.self) + field
            }
            guard let format = try? DateFormat(pattern) else { return nil }
            return Candidate(format: format, order: order)
        }
        func year(_ digits: Int) -> String { digits == 4 ? "%Y" : "%y" }
        switch (parts[0], parts[1], parts[2]) {
        case (.number(4), .number(1...2), .number(1...2)):
            return [candidate(["%Y", "%m", "%d"], nil)].compactMap { $0 }
        case (.number(1...2), .number(1...2), .number(let digits)) where digits == 4 || digits == 2:
            return [
                candidate(["%d", "%m", year(digits)], .dayMonthYear),
                candidate(["%m", "%d", year(digits)], .monthDayYear),
            ].compactMap { $0 }
        case (.number(1...2), .monthName, .number(let digits)) where digits == 4 || digits == 2:
            return [candidate(["%d", "%b", year(digits)], nil)].compactMap { $0 }
        case (.monthName, .number(1...2), .number(let digits)) where digits == 4 || digits == 2:
            return [candidate(["%b", "%d", year(digits)], nil)].compactMap { $0 }
        case (.number(4), .monthName, .number(1...2)):
            return [candidate(["%Y", "%b", "%d"], nil)].compactMap { $0 }
        default:
            return []
        }
    }
}

extension DateFormat {
    /// `dmy` when the day comes before the month, `mdy` when after; nil when the year comes first.
    var dayMonthOrder: DateOrder? {
        for token in tokens {
            switch token {
            case .day: return .dayMonthYear
            case .month, .monthName: return .monthDayYear
            case .year4, .year2: return nil
            case .ignoredNumber, .literal: continue
            }
        }
        return nil
    }
}
