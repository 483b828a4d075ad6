import Ledger

/// Each row's `category_source` text (`starter starter/70-food.rules:56`), spelled once per source.
///
/// Why not a dictionary of sources: in the ledger's order the source changes at most rows (about
/// 800,000 times at a million rows), and hashing a source hashes its file's name. A rule's source
/// is found by its line instead, an integer, among the few sources of that line, compared whole
/// (two rows' file names from the ledger's decoder share their storage, so the comparison is
/// quick). Other sources (learned, transfer, none) are few and cheap to hash.
struct CategorySourceTexts {
    private var byLine: [Int: [(source: CategorySource, text: String)]] = [:]
    private var others: [CategorySource: String] = [:]

    mutating func text(of source: CategorySource) -> String {
        guard let line = CategorySourceTexts.line(of: source) else {
            if let text = others[source] { return text }
            let text = source.description
            others[source] = text
            return text
        }
        if let entries = byLine[line] {
            for entry in entries where entry.source == source { return entry.text }
        }
        let text = source.description
        byLine[line, default: []].append((source, text))
        return text
    }

    /// The line of a rule file or `overrides.csv` a source names; nil for the others.
    static func line(of source: CategorySource) -> Int? {
        switch source {
        case .rule(_, let line), .profileRule(_, let line), .starterRule(_, let line),
            .exportCategory(_, let line), .override(_, let line):
            line
        case .learned, .transfer, .none: nil
        }
    }
}
