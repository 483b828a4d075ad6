import Foundation
import Import
import Ledger

/// What a right reading of one widened-corpus file gives (`Fixtures/corpus-widened/facts.json`):
/// the facts its project's tests assert, or that were read off the file by hand. A reading is
/// judged by these, not by a profile: these files have none.
struct WidenedCorpusFacts: Decodable, Sendable {
    var file: String
    var country: String
    var count: Int
    var earliest: String
    var latest: String
    var currency: String?
    var dateOrder: String?
    var amounts: [String]

    static let directory = CSVTestSupport.repositoryRoot + "/Tests/ImportTests/Fixtures/corpus-widened"

    static let all: [WidenedCorpusFacts] = {
        guard let data = FileManager.default.contents(atPath: directory + "/facts.json"),
            let facts = try? JSONDecoder().decode([WidenedCorpusFacts].self, from: data)
        else { return [] }
        return facts.sorted { $0.file < $1.file }
    }()

    /// The account a new user of this bank would have: only `date_order`, where every date in the
    /// file could be read either way.
    var account: AccountConfig? {
        dateOrder.flatMap(DateOrder.init(rawValue:)).map {
            AccountConfig(id: AccountID("hidden"), name: "Hidden", dateOrder: $0)
        }
    }

    func bytes() throws -> [UInt8] { try FileOutput.read(Self.directory + "/" + file) }

    /// Why `file` is not this reading, or nil when it is: the count, the date range, every listed
    /// `date amount` and the stated currency must all match.
    func mismatch(_ parsed: ParsedFile) -> String? {
        let records = parsed.csvRecords
        if records.count != count { return "\(records.count) transactions, not \(count)" }
        let dates = records.map(\.date.isoString).sorted()
        if dates.first != earliest || dates.last != latest {
            return "dates \(dates.first ?? "-")…\(dates.last ?? "-"), not \(earliest)…\(latest)"
        }
        var read = records.map { "\($0.date.isoString) \($0.amount.decimalString)" }
        for amount in amounts {
            guard let index = read.firstIndex(of: amount) else { return "no \(amount)" }
            read.remove(at: index)
        }
        if let currency, let other = records.first(where: { $0.amount.currency.code != currency }) {
            return "currency \(other.amount.currency.code), not \(currency)"
        }
        return nil
    }
}
