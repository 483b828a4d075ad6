/// Why a file's layout cannot be inferred: a column that matters cannot be decided. The message
/// names the columns in doubt and their candidates; `decision`, when one account setting would
/// settle it, is what the refusal offers to paste.
struct LayoutInferenceFailure: Error {
    /// The one thing the file cannot say for itself, with what the user needs to decide it.
    enum Decision: Equatable {
        /// Dates with no day above 12: `example` read as day first, and as month first.
        case dateOrder(example: String, dayFirst: String, monthFirst: String)
        /// Amounts without a minus: the first of them, and its line.
        case sign(line: Int, amount: String)
    }

    var line: Int
    var column: Int
    var message: String
    var decision: Decision? = nil

    /// An `[[accounts]]` entry for `fileName` that reads the file once the marked line is kept:
    /// the account's id from the file's name, its inbox the file, and the decision as two lines,
    /// the second commented out.
    func accountEntry(fileName: String, accountID: String?) -> String? {
        guard let decision else { return nil }
        var stem = fileName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        let id = accountID ?? String(LayoutInference.inferredID(stem).dropFirst("inferred-".count))
        var lines = ["[[accounts]]", "id = \"\(id)\"", "inbox = [\"\(fileName)\"]"]
        switch decision {
        case .dateOrder(let example, let dayFirst, let monthFirst):
            lines.append("date_order = \"dmy\"      # DECIDE: keep if '\(example)' is \(dayFirst)")
            lines.append("# date_order = \"mdy\"    # or this, if it is \(monthFirst)")
        case .sign(let line, let amount):
            lines.append("sign = \"as-written\"     # DECIDE: keep if \(amount) on line \(line) is money in")
            lines.append("# sign = \"inverted\"     # or this, if it is money out (a card's charge)")
        }
        return lines.joined(separator: "\n")
    }
}
