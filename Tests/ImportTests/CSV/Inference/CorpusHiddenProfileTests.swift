import Foundation
import Import
import Ledger
import Testing

/// Every corpus CSV read twice: with its shipped profile, and with no profile at all (the layout
/// inferred from the file). Both must give the same transactions: date, amount and payee.
@Suite("Corpus CSV files with their profile hidden")
struct CorpusHiddenProfileTests {
    typealias Support = CSVTestSupport

    /// Files whose layout cannot be inferred to the same transactions, and why.
    static let cannot: [String: String] = [
        "hledger__t.iso8859-1.csv":
            "one headerless row with the amount 1: money in, or a card charge? Nothing in the file says, so it is rejected",
        "hledger__ynab4-rtl.csv":
            "the currency (Jordanian dinar, 3 decimals) is only in the amounts' symbol; the profile names it, so amounts read in the account's currency differ in their decimals",
        "ofxstatement-austrian__livebank.csv":
            "the description runs on into cells past the header, which the shipped profile joins with ', '",
        "ofxstatement-dutch__transactie-historie_NL00ASNB9999999999_20220717204133.csv":
            "headerless: nothing says column 4 is the counterparty's name (the shipped profile knows it); the payee is taken from the longest text instead",
        "ofxstatement-lithuanian__danske.csv":
            "its dates are written 2012:03:01, a shape no date reading knows (the shipped profile gives the pattern)",
        "ofxstatement-lithuanian__swedbank.csv":
            "opening, turnover and closing balance rows are marked only by a bank code (10, 82, 86) that the shipped profile knows; inferred, they read as transactions",
        "ofxstatement-russian__vtb.csv":
            "recent rows have no processing date (the shipped profile falls back to the operation date), and the amount in the account's currency is one of two 'Сумма' columns",
    ]

    /// Files whose dates are all ambiguous (no day above 12): the account's `date_order` says
    /// which way round they are, as a user of such a bank would set it.
    static let dateOrders: [String: DateOrder] = [
        "hledger__monefy.csv": .dayMonthYear,
        "ledger-autosync__mint.csv": .monthDayYear,
        "ledger-autosync__paypal.csv": .monthDayYear,
    ]

    static let names: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Support.corpusDirectory)) ?? []
        return names.filter { $0.hasSuffix(".csv") }.sorted()
    }()

    /// Date, amount and payee of every record. Runs of spaces in a payee count as one: a shipped
    /// profile may keep a bank's fixed-width padding that inference collapses, or the other way.
    static func transactions(_ file: ParsedFile) -> [String] {
        file.csvRecords.map { record in
            let payee = record.payee.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            return "\(record.date.isoString) \(record.amount.decimalString) \(payee)"
        }.sorted()
    }

    @Test(arguments: names)
    func sameTransactions(name: String) throws {
        let shipped = try Support.readCorpus(name, currency: .usd)
        let bytes = try Support.corpusBytes(name)
        let account = Self.dateOrders[name].map {
            AccountConfig(id: AccountID("hidden"), name: "Hidden", dateOrder: $0)
        }
        let context = ReadContext(defaultCurrency: .usd, account: account)
        let inferred: ParsedFile
        do {
            inferred = try CSVReader(profiles: []).read(bytes, path: "corpus/csv/" + name, context: context)
        } catch {
            if Self.cannot[name] == nil { Issue.record("\(name): \(error.description)") }
            return
        }
        let expected = Self.transactions(shipped)
        let got = Self.transactions(inferred)
        if let reason = Self.cannot[name] {
            #expect(got != expected, "\(name) now reads the same; remove it from `cannot` (\(reason))")
            return
        }
        #expect(inferred.profile?.hasPrefix("inferred-") == true)
        if got != expected {
            let missing = Set(expected).subtracting(got).sorted().prefix(3)
            let extra = Set(got).subtracting(expected).sorted().prefix(3)
            Issue.record(
                "\(name): \(got.count) vs \(expected.count) transactions; missing \(Array(missing)); extra \(Array(extra))\n\(inferred.inferredProfile ?? "")"
            )
        }
    }
}
