import Foundation
import Import
import Ledger
import TestSupport
import Testing

/// Paths and helpers shared by the CSV tests.
enum CSVTestSupport {
    /// The repository root: three levels up from `Tests/ImportTests/CSV/`.
    static let repositoryRoot = RepositoryPaths.root.path

    /// `shared/corpus/csv` beside the repository (in CI the clone has `shared/` next to it).
    static let corpusDirectory = repositoryRoot + "/../shared/corpus/csv"
    static let importersDirectory = repositoryRoot + "/Importers"

    /// Every shipped profile, loaded once.
    static let profiles: [CSVProfile] = {
        do {
            return try CSVProfile.loadAll(directories: [importersDirectory])
        } catch {
            Issue.record("profiles do not load: \(error)")
            return []
        }
    }()

    static func corpusBytes(_ name: String) throws -> [UInt8] {
        try FileOutput.read(corpusDirectory + "/" + name)
    }

    /// Reads a corpus file in place with all shipped profiles.
    static func readCorpus(
        _ name: String, currency: Currency = .eur, account: AccountConfig? = nil
    ) throws -> ParsedFile {
        let reader = CSVReader(profiles: profiles)
        return try reader.read(
            corpusBytes(name), path: "corpus/csv/" + name,
            context: ReadContext(defaultCurrency: currency, account: account))
    }

    /// Reads text given inline, with the given profiles.
    static func read(
        _ text: String, profiles: [CSVProfile], path: String = "inbox/test.csv", currency: Currency = .eur,
        account: AccountConfig? = nil
    ) throws(ImportDiagnostic) -> ParsedFile {
        try read(Array(text.utf8), profiles: profiles, path: path, currency: currency, account: account)
    }

    static func read(
        _ bytes: [UInt8], profiles: [CSVProfile], path: String = "inbox/test.csv", currency: Currency = .eur,
        account: AccountConfig? = nil
    ) throws(ImportDiagnostic) -> ParsedFile {
        try CSVReader(profiles: profiles).read(
            bytes, path: path, context: ReadContext(defaultCurrency: currency, account: account))
    }

    /// A profile from TOML text given inline.
    static func profile(_ toml: String, id: String = "test") throws -> CSVProfile {
        try CSVProfile.parse(toml, id: id, path: "Importers/\(id).toml")
    }

    static func money(_ text: String, _ currency: Currency = .eur) -> Money {
        do {
            return try Money.parse(text, currency: currency)
        } catch {
            Issue.record("bad test amount \(text)")
            return Money.zero(currency)
        }
    }

    static func date(_ iso: String) -> CivilDate {
        guard let date = CivilDate(iso: iso) else {
            Issue.record("bad test date \(iso)")
            return CivilDate(year: 2000, month: 1, day: 1)!
        }
        return date
    }
}

extension ParsedFile {
    /// All records of all statements, in file order of statements.
    var csvRecords: [ParsedRecord] { statements.flatMap(\.records) }
}
