import Ledger

/// The category a close records for each row (`MonthSnapshot.category`), its text made once per
/// category rather than once per row: a path's text is its components joined, a new `String` each
/// time, and a month's rows share a few dozen categories.
struct CategoryTexts {
    private var texts: [CategoryPath: String] = [:]
    /// The last path asked for and its text: rows of one category often come together, and an
    /// equal path held by the same array compares without reading its components.
    private var last: (path: CategoryPath, text: String)?

    /// The text for the row at `row`, read in place.
    mutating func text(_ row: UnsafePointer<FigureRow>) -> String {
        // `MonthSnapshot.category`, with the row's fields read in place rather than the row copied.
        if let label = MonthSnapshot.notCounted(
            isTransfer: row.pointee.isTransfer, isIgnored: row.pointee.isIgnored, status: row.pointee.status)
        {
            return label
        }
        guard let path = row.pointee.category else { return MonthSnapshot.uncategorized }
        if let last, last.path == path { return last.text }
        let text: String
        if let known = texts[path] {
            text = known
        } else {
            text = path.description
            texts[path] = text
        }
        last = (path, text)
        return text
    }
}
