import AnalysisFile
import Ledger

/// What the page knows about transactions by id: which it lists (and so can link to) and how to
/// name the others.
///
/// The page lists the largest expenses, each row with an anchor made by `anchor(for:)`. The cards
/// and advice carry a reference for each transaction they name (payee, date, amount), and so do
/// anomalies about a single transaction; only an id no section describes is shown as it is.
struct TransactionDirectory {
    private var labels: [String: String] = [:]
    private var listed: Set<String> = []
    /// Markdown has no anchors on table rows: it names every transaction instead.
    let links: Bool
    /// A redacted report names no transaction.
    let hidden: Bool

    init(_ report: MonthReport, links: Bool, text: (String) -> String) {
        self.links = links
        hidden = report.isRedacted
        // What the cards and advice say of the transactions they name; the sections below, where
        // they name one too, keep the wording the page has always had for it.
        let references =
            (report.sections.insights ?? []).flatMap { $0.transactions ?? [] }
            + (report.sections.recommendations ?? []).flatMap { $0.transactions ?? [] }
        for reference in references {
            let currency = Currency(code: reference.currency) ?? report.currency
            labels[reference.id] =
                "\(text(reference.payee)), \(EngineValueFormatter.date(reference.date)), "
                + EngineValueFormatter.magnitude(reference.amount, currency)
        }
        for entry in report.sections.recurring ?? [] {
            guard let last = entry.transactionIds.last else { continue }
            let currency = Currency(code: entry.currency) ?? report.currency
            labels[last] =
                "\(text(entry.payee)), \(EngineValueFormatter.date(entry.lastDate)), "
                + EngineValueFormatter.magnitude(entry.amount, currency)
        }
        // A double charge is two transactions of the anomaly's amount; other anomalies about
        // several transactions (a category spike) do not describe each one.
        for anomaly in report.sections.anomalies ?? []
        where anomaly.transactionIds.count == 1 || anomaly.kind == "doubleCharge" {
            for id in anomaly.transactionIds {
                labels[id] =
                    "\(text(anomaly.payee)), \(EngineValueFormatter.date(anomaly.date)), "
                    + EngineValueFormatter.magnitude(anomaly.amount, report.currency)
            }
        }
        for line in report.largestExpenses {
            labels[line.id] =
                "\(text(line.payee)), \(line.date.day) \(MonthView.shortMonthNames[line.date.month - 1]) "
                + "\(line.date.year), \(AmountFormatter.string(line.amount))"
            listed.insert(line.id)
        }
    }

    /// How many transactions a card names before it says `and 4 more`.
    static let shownLimit = 5

    /// The views of `ids`, at most `shownLimit`, then one plain `and N more` entry.
    func links(_ ids: [String]?, text: (String) -> String) -> [TransactionLinkView] {
        guard let ids, !ids.isEmpty, !hidden else { return [] }
        var views = ids.prefix(Self.shownLimit).map { id in
            TransactionLinkView(
                label: labels[id] ?? text(id),
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
