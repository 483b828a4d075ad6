import Ledger

/// `uncategorized.csv`: what still needs a rule or an override, most money first.
///
/// Columns `id,date,account,amount,payee,memo,suggestion,confidence`; ids are ready to paste into
/// `overrides.csv`, the suggestion is the classifier's guess below the threshold.
public enum UncategorizedCSV {
    public static let header = "id,date,account,amount,payee,memo,suggestion,confidence"

    /// Writes fields as bytes straight into the output (no array of field strings per row, no copy
    /// of each transaction): the file can list hundreds of thousands of transactions.
    public static func encode(_ entries: [UncategorizedEntry]) -> [UInt8] {
        var bytes = Array((header + "\n").utf8)
        bytes.reserveCapacity(entries.count * 96 + bytes.count)
        var categoryCells: [CategoryPath: [UInt8]] = [:]
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                append(entries[index].transaction.id.rawValue, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                entries[index].transaction.date.appendISOString(to: &bytes)
                bytes.append(UInt8(ascii: ","))
                append(entries[index].transaction.account.rawValue, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                entries[index].transaction.amount.appendDecimalString(to: &bytes)
                bytes.append(UInt8(ascii: ","))
                append(entries[index].rawPayee, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                append(entries[index].transaction.memo, to: &bytes)
                bytes.append(UInt8(ascii: ","))
                appendSuggestion(entries[index].prediction, to: &bytes, categoryCells: &categoryCells)
            }
        }
        return bytes
    }

    /// Writes the rows `result` left uncategorised: the same bytes as `encode` gives for their entries.
    ///
    /// Each row's whole line is made first, in row order, into one buffer: in that order the journal
    /// is read front to back for the ids (its pages let go behind), and the payees and the learned
    /// guesses, numbered in row order, are read where they lie. The lines are then written in the
    /// file's order (most money first), a chunk at a time, each line read from one place. Fields
    /// that repeat (memos, accounts, the guesses' categories) are made once.
    ///
    /// Why lines and not the fields gathered in the file's order: that order is the rows' in no way,
    /// and a line's half a dozen fields read from as many places cost a cache miss each; with 10
    /// rules (most of 1M rows left uncategorised) writing the file took 0.68-0.70 s, now
    /// 0.47-0.49 s, for about 55 MB more while it is written (the lines, 82 MB, where the ids and
    /// payees alone were kept before).
    static func write(_ rows: LedgerRows, _ result: Categorization, to output: AtomicFileWriter) {
        var cell: [UInt8] = []
        func field(_ text: String) -> [UInt8] {
            cell.removeAll(keepingCapacity: true)
            append(text, to: &cell)
            cell.append(UInt8(ascii: ","))
            return cell
        }
        var pieces = ByteBuffer(capacity: 1 << 16)
        var pieceEnds = [0]
        func add(_ bytes: [UInt8]) -> Int32 {
            pieces.append(bytes)
            pieceEnds.append(pieces.count)
            return Int32(pieceEnds.count - 2)
        }
        var memoPiece = [Int32](repeating: -1, count: rows.texts.count)
        var accountPiece = [Int32](repeating: -1, count: rows.accounts.count)
        // Nearly every row has a guess of its own, but they name few categories: each category's
        // cell is made once (`SuggestionCells`) and the guess written straight into the line.
        var suggestions = SuggestionCells()
        let exponents = rows.currencies.map(\.exponent)
        let scales = rows.currencies.map { UInt64($0.scale) }
        // Each row's whole line, in row order: row `i`'s is `lines.bytes(lineEnds[i]..<lineEnds[i + 1])`.
        var lines = ByteBuffer(capacity: result.uncategorized.count * Self.lineBytesGuess)
        var lineEnds = [Int](repeating: 0, count: result.uncategorized.count + 1)
        @inline(__always) func appendPiece(_ piece: Int32) {
            lines.append(pieces.bytes(pieceEnds[Int(piece)]..<pieceEnds[Int(piece) + 1]))
        }
        var released = 0
        let entries = result.uncategorized
        let distance = LedgerRows.prefetchDistance
        for (position, entry) in entries.enumerated() {
            // The id and the payee's text of the rows a few lines on: the payee's place in the
            // texts first, then (once that is in) its bytes.
            if position + 2 * distance < entries.count {
                rows.prefetchBytes(of: entries[position + 2 * distance].index)
                rows.prefetchText(entries[position + 2 * distance].payee)
            }
            if position + distance < entries.count { rows.prefetchTextBytes(entries[position + distance].payee) }
            // The rows come in file order: the journal's pages behind this one are not read again here.
            rows.releasePages(before: entry.index, released: &released)
            rows.withID(entry.index) { id in
                if needsQuotes(id) {
                    var quoted: [UInt8] = []
                    append(id, to: &quoted)
                    lines.append(quoted)
                } else {
                    lines.append(id)
                }
            }
            lines.append(UInt8(ascii: ","))
            lines.appendDigits(UInt64(entry.date.year), width: 4)
            lines.append(UInt8(ascii: "-"))
            lines.appendDigits(UInt64(entry.date.month), width: 2)
            lines.append(UInt8(ascii: "-"))
            lines.appendDigits(UInt64(entry.date.day), width: 2)
            lines.append(UInt8(ascii: ","))
            let account = Int(entry.account)
            if accountPiece[account] < 0 { accountPiece[account] = add(field(rows.accounts[account].rawValue)) }
            appendPiece(accountPiece[account])
            // As `Money.appendDecimalString`.
            if entry.minorUnits < 0 { lines.append(UInt8(ascii: "-")) }
            let magnitude = entry.minorUnits.magnitude
            let currency = Int(entry.currency)
            lines.appendDigits(magnitude / scales[currency], width: 1)
            if exponents[currency] > 0 {
                lines.append(UInt8(ascii: "."))
                lines.appendDigits(magnitude % scales[currency], width: exponents[currency])
            }
            lines.append(UInt8(ascii: ","))
            // A payee that needs no quotes (nearly all) is copied from its text as it is.
            let payee = rows.texts[Int(entry.payee)]
            let plain = payee.utf8.withContiguousStorageIfAvailable { bytes in
                guard !needsQuotes(bytes) else { return false }
                lines.append(bytes)
                lines.append(UInt8(ascii: ","))
                return true
            }
            if plain != true { lines.append(field(payee)) }
            let memo = Int(entry.memo)
            if memoPiece[memo] < 0 { memoPiece[memo] = add(field(rows.texts[memo])) }
            appendPiece(memoPiece[memo])
            suggestions.append(result.guesses[Int(entry.guess)], to: &lines)
            lineEnds[position + 1] = lines.count
        }
        // Then in the file's order (most money first): one line's bytes read from one place each.
        var chunk = ByteBuffer(capacity: LedgerWriter.chunk + 4096)
        chunk.append(Array((header + "\n").utf8))
        for position in result.order.lazy.map(Int.init) {
            chunk.append(lines.bytes(lineEnds[position]..<lineEnds[position + 1]))
            if chunk.count >= LedgerWriter.chunk {
                output.write(chunk.bytes)
                chunk.removeAll()
            }
        }
        output.write(chunk.bytes)
    }

    /// The last two cells of `write`'s lines, as `appendSuggestion` writes them, each category's
    /// cell made once.
    ///
    /// A category's cell is found by its path's storage before its value: the guesses name the
    /// classifier's own paths, so each category's guesses share one array of components, and
    /// hashing the path's strings for each of hundreds of thousands of rows cost more than
    /// writing the rest of the line. The storage is the address of a live array (every guess is
    /// held by the `Categorization` while the file is written), so no two categories share one.
    struct SuggestionCells {
        private var byStorage: [Int: [UInt8]] = [:]
        private var byPath: [CategoryPath: [UInt8]] = [:]
        private var confidence: [UInt8] = []

        mutating func append(_ prediction: NaiveBayesClassifier.Prediction?, to line: inout ByteBuffer) {
            guard let prediction else {
                line.append(UInt8(ascii: ","))
                line.append(0x0A)
                return
            }
            let storage = prediction.category.components.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            if let cell = byStorage[storage] {
                line.append(cell)
            } else {
                let cell =
                    byPath[prediction.category]
                    ?? {
                        var cell: [UInt8] = []
                        UncategorizedCSV.append(prediction.category, to: &cell)
                        return cell
                    }()
                byPath[prediction.category] = cell
                byStorage[storage] = cell
                line.append(cell)
            }
            line.append(UInt8(ascii: ","))
            confidence.removeAll(keepingCapacity: true)
            UncategorizedCSV.appendTwoDecimals(prediction.confidence, to: &confidence)
            line.append(confidence)
            line.append(0x0A)
        }
    }

    /// Room reserved per row for its line (about 90 bytes on real bank text).
    private static let lineBytesGuess = 96

    /// The last two cells and the line end: the learned suggestion and its confidence, or two empty
    /// cells; each category's cell made once and kept in `categoryCells`.
    static func appendSuggestion(
        _ prediction: NaiveBayesClassifier.Prediction?, to bytes: inout [UInt8],
        categoryCells: inout [CategoryPath: [UInt8]]
    ) {
        if let prediction {
            if let cell = categoryCells[prediction.category] {
                bytes.append(contentsOf: cell)
            } else {
                var cell: [UInt8] = []
                append(prediction.category, to: &cell)
                categoryCells[prediction.category] = cell
                bytes.append(contentsOf: cell)
            }
            bytes.append(UInt8(ascii: ","))
            appendTwoDecimals(prediction.confidence, to: &bytes)
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        bytes.append(0x0A)
    }

    /// `Food:Groceries`, as `append(path.description)` writes it but without joining a new string.
    static func append(_ path: CategoryPath, to bytes: inout [UInt8]) {
        for component in path.components where needsQuotes(component) {
            append(path.description, to: &bytes)
            return
        }
        for (index, component) in path.components.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ":")) }
            bytes.append(contentsOf: component.utf8)
        }
    }

    /// As `append(CategorizeFormat.twoDecimals(value))`.
    static func appendTwoDecimals(_ value: Double, to bytes: inout [UInt8]) {
        let hundredths = Int((value * 100).rounded())
        guard hundredths >= 0 else {
            append(CategorizeFormat.twoDecimals(value), to: &bytes)
            return
        }
        // The whole part's digits, most significant first (no string made for them).
        let whole = hundredths / 100
        var place = 1
        while whole / place >= 10 { place *= 10 }
        while place > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(whole / place % 10))
            place /= 10
        }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(hundredths % 100 / 10))
        bytes.append(UInt8(ascii: "0") + UInt8(hundredths % 10))
    }

    static func append(_ field: String, to bytes: inout [UInt8]) {
        CSVCell.append(field, to: &bytes)
    }

    /// Writes one cell, quoted (and formula-safe) when it must be: see `CSVCell`.
    static func append(_ field: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        CSVCell.append(field, to: &bytes)
    }

    static func needsQuotes(_ field: String) -> Bool {
        field.utf8.withContiguousStorageIfAvailable(needsQuotes) ?? needsQuotes(Array(field.utf8))
    }

    static func needsQuotes(_ field: UnsafeBufferPointer<UInt8>) -> Bool { CSVCell.needsQuotes(field) }

    private static func needsQuotes(_ field: [UInt8]) -> Bool { field.withUnsafeBufferPointer(needsQuotes) }
}

/// Small formatting shared by the command's outputs.
enum CategorizeFormat {
    /// `0.93` for 0.9312.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `1,234` for 1234.
    static func count(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return result
    }
}
