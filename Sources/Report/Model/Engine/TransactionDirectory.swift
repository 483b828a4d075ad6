import AnalysisFile
import Ledger

/// What the page knows about transactions by id: which it lists (and so can link to) and how to
/// name the others.
///
/// The page lists the largest expenses, each row with an anchor made by `anchor(for:)`. The cards
/// and advice carry a reference for each transaction they name (payee, date, amount), and so do
/// anomalies about a single transaction; only an id no section describes is shown as it is.
struct TransactionDirectory {
    /// Where the words for a transaction come from: the last of the sections below that names it.
    private enum Source {
        case reference(TransactionReference, Currency)
        case recurring(RecurringEntry, Currency)
        case anomaly(AnomalyEntry)
        case largest(MonthReport.ExpenseLine)
    }

    /// Kept, not worded: a page names a handful of transactions, and the sections describe a few
    /// hundred (every recurring payment's last one); wording them all was a fortieth of
    /// rendering a month.
    private var sources: [String: Source] = [:]
    private var listed: Set<String> = []
    private let currency: Currency
    /// Markdown has no anchors on table rows: it names every transaction instead.
    let links: Bool
    /// A redacted report names no transaction.
    let hidden: Bool

    init(_ report: MonthReport, links: Bool) {
        self.links = links
        hidden = report.isRedacted
        currency = report.currency
        // What the cards and advice say of the transactions they name; the sections below, where
        // they name one too, keep the wording the page has always had for it.
        let references =
            (report.sections.insights ?? []).flatMap { $0.transactions ?? [] }
            + (report.sections.recommendations ?? []).flatMap { $0.transactions ?? [] }
        for reference in references {
            sources[reference.id] = .reference(reference, Currency(code: reference.currency) ?? report.currency)
        }
        for entry in report.sections.recurring ?? [] {
            guard let last = entry.transactionIds.last else { continue }
            sources[last] = .recurring(entry, Currency(code: entry.currency) ?? report.currency)
        }
        // A double charge is two transactions of the anomaly's amount; other anomalies about
        // several transactions (a category spike) do not describe each one.
        for anomaly in report.sections.anomalies ?? []
        where anomaly.transactionIds.count == 1 || anomaly.kind == "doubleCharge" {
            for id in anomaly.transactionIds { sources[id] = .anomaly(anomaly) }
        }
        for line in report.largestExpenses {
            sources[line.id] = .largest(line)
            listed.insert(line.id)
        }
    }

    /// How the page names transaction `id`: payee, date and amount from the section that
    /// describes it, else the id as it is.
    private func label(_ id: String, text: (String) -> String) -> String {
        switch sources[id] {
        case .reference(let reference, let currency):
            "\(text(reference.payee)), \(EngineValueFormatter.date(reference.date)), "
                + EngineValueFormatter.magnitude(reference.amount, currency)
        case .recurring(let entry, let currency):
            "\(text(entry.payee)), \(EngineValueFormatter.date(entry.lastDate)), "
                + EngineValueFormatter.magnitude(entry.amount, currency)
        case .anomaly(let anomaly):
            "\(text(anomaly.payee)), \(EngineValueFormatter.date(anomaly.date)), "
                + EngineValueFormatter.magnitude(anomaly.amount, currency)
        case .largest(let line):
            "\(text(line.payee)), \(line.date.day) \(MonthView.shortMonthNames[line.date.month - 1]) "
                + "\(line.date.year), \(AmountFormatter.string(line.amount))"
        case nil: text(id)
        }
    }

    /// How many transactions a card names before it says `and 4 more`.
    static let shownLimit = 5

    /// The views of `ids`, at most `shownLimit`, then one plain `and N more` entry.
    func links(_ ids: [String]?, text: (String) -> String) -> [TransactionLinkView] {
        guard let ids, !ids.isEmpty, !hidden else { return [] }
        var views = ids.prefix(Self.shownLimit).map { id in
            TransactionLinkView(
                label: label(id, text: text),
                href: links && listed.contains(id) ? "#" + Self.anchor(for: id) : "")
        }
        if ids.count > Self.shownLimit {
            views.append(TransactionLinkView(label: "and \(ids.count - Self.shownLimit) more", href: ""))
        }
        return views
    }

    /// `tx-current_3a9f1c2a`: letters, digits and `-` kept, every other byte as `_` and two hex digits,
    /// so any id makes a valid, unique fragment.
    static func anchor(for id: String) -> String {
        var result = "tx-"
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16)
                result += "_" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
