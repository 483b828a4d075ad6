/// The one setting a refused file cannot decide for itself, and the `[[accounts]]` entry that
/// decides it: an id from the file's name (or the account's), the file as its inbox, the line to
/// keep marked `DECIDE` and its alternative commented out below it. CSV inference and QIF both
/// offer it, so a user pastes one entry instead of writing a profile.
enum AccountDecision: Equatable {
    /// Dates with no day above 12: `example` read day first, and month first.
    case dateOrder(example: String, dayFirst: String, monthFirst: String)
    /// Amounts without a minus: the first of them, and its line.
    case sign(line: Int, amount: String)

    /// The sentence and entry a refusal ends with.
    func offer(fileName: String, accountID: String?) -> String {
        " To read it, add this to closebook.toml and keep the line that is true:\n"
            + entry(fileName: fileName, accountID: accountID)
    }

    func entry(fileName: String, accountID: String?) -> String {
        var stem = fileName
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
        let id = accountID ?? String(LayoutInference.inferredID(stem).dropFirst("inferred-".count))
        var lines = ["[[accounts]]", "id = \"\(id)\"", "inbox = [\"\(fileName)\"]"]
        switch self {
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
