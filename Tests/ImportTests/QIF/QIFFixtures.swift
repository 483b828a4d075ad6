import Foundation
import Import
import Ledger
import TestSupport

/// Where the QIF tests find their files: the shared corpus (read in place) and this target's fixtures.
enum QIFFixtures {
    /// The repository root: three levels up from `Tests/ImportTests/QIF/`.
    static let root = RepositoryPaths.root

    static func corpus(_ name: String) throws -> [UInt8] {
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/corpus/qif/\(name)")
        return Array(try Data(contentsOf: url))
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = root.appendingPathComponent("Tests/ImportTests/Fixtures/qif/\(name)")
        return Array(try Data(contentsOf: url))
    }

    static func read(
        _ bytes: [UInt8], path: String = "inbox/test.qif", currency: Currency = .usd, order: DateOrder? = nil
    ) throws(ImportDiagnostic) -> ParsedFile {
        var account: AccountConfig?
        if let order { account = AccountConfig(id: "test", name: "Test", dateOrder: order) }
        return try QIFReader().read(
            bytes, path: path, context: ReadContext(defaultCurrency: currency, account: account))
    }

    static func read(
        text: String, currency: Currency = .usd, order: DateOrder? = nil
    ) throws(ImportDiagnostic) -> ParsedFile {
        try read(Array(text.utf8), currency: currency, order: order)
    }

    static func money(_ text: String, _ currency: Currency = .usd) -> Money {
        (try? Money.parse(text, currency: currency)) ?? Money.zero(currency)
    }

    static func date(_ iso: String) -> CivilDate? { CivilDate(iso: iso) }
}
