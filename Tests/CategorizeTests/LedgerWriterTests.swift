import Categorize
import Foundation
import Ledger
import TestSupport
import Testing

/// The write path reads rows in place and splices the new fields into their bytes; it must give
/// exactly the bytes of categorising the decoded journal and encoding the result.
@Suite struct LedgerWriterTests {
    static let rules = """
        if payee ~ tesco
            category Food:Groceries
            tag weekly
            continue
        if payee ~ tesco and amount < -100
            note big shop
            tag big
        if payee ~ "own transfer"
            transfer
        if payee ~ "cash machine"
            ignore
        if payee ~ ikea
            split Home 60%, Food rest
        if payee ~ spotify
            rename Spotify Premium

        """

    static func journal() -> Journal {
        var pending = Fixture.transaction("current/t4", date: "2026-10-02", amount: "-5.00", payee: "TESCO \"METRO\"")
        pending.status = .pending
        var categorised = Fixture.transaction("current/t5", date: "2026-10-02", amount: "-7.00", payee: "OLD SHOP")
        categorised.category = CategoryPath("Shopping")
        categorised.categorySource = .override(file: "overrides.csv", line: 4)
        categorised.tags = ["kept"]
        var checked = Fixture.transaction("current/t7", date: "2026-10-03", amount: "-8.00", payee: "Café Ünïcode")
        checked.checkNumber = "0012"
        return Fixture.journal([
            Fixture.transaction("current/t1", date: "2026-10-01", amount: "-42.10", payee: "TESCO STORES 3297"),
            Fixture.transaction(
                "current/t2", date: "2026-10-01", amount: "-150.00", payee: "TESCO STORES 3297", bankType: "DEB"),
            Fixture.transaction("current/t3", date: "2026-10-01", amount: "-300.00", payee: "OWN TRANSFER TO SAVINGS"),
            Fixture.transaction(
                "savings/s1", account: "savings", date: "2026-10-02", amount: "300.00", payee: "FROM CURRENT"),
            pending, categorised,
            Fixture.transaction("current/t6", date: "2026-10-02", amount: "-20.00", payee: "CASH MACHINE, HIGH ST"),
            checked,
            Fixture.transaction("current/t8", date: "2026-10-04", amount: "-99.99", payee: "IKEA 12", memo: "sofa"),
            Fixture.transaction("current/t9", date: "2026-10-04", amount: "-9.99", payee: "SPOTIFY"),
            // Out of the canonical order: the ledger sorts it.
            Fixture.transaction("card/c1", account: "card", date: "2026-10-01", amount: "-3.20", payee: "BAKERY"),
        ])
    }

    /// Runs the stage on `folder/journal.jsonl`, writing the ledger, `uncategorized.csv` and the
    /// report beside it.
    static func categorize(_ folder: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let result = CategorizeRun(
            workspace: folder, journalPath: folder + "/journal.jsonl",
            mode: .write(
                ledger: folder + "/ledger.jsonl", uncategorized: folder + "/uncategorized.csv",
                report: folder + "/report.json")
        ).execute()
        #expect(result.exitCode == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true]) func writesWhatEncodingTheCategorisedJournalGives(overrides: Bool) throws {
        let folder = try TemporaryFolder.make("ledger").path
        try FileOutput.write(Self.rules, to: folder + "/rules/10-main.rules")
        let overridesText = "id,category,payee,note\ncurrent/t9,Leisure:Music,,family plan\n"
        if overrides { try FileOutput.write(overridesText, to: folder + "/overrides.csv") }
        let journal = Self.journal()
        try FileOutput.write(JournalCodec.encode(journal), to: folder + "/journal.jsonl")
        Self.categorize(folder)

        let table = overrides ? try OverrideTable.parse(overridesText, path: "overrides.csv") : OverrideTable()
        let outcome = Categorizer(rules: Fixture.rules(Self.rules, path: "rules/10-main.rules"), overrides: table)
            .run(journal)
        let ledger = try FileOutput.read(folder + "/ledger.jsonl")
        #expect(
            String(decoding: ledger, as: UTF8.self)
                == String(decoding: JournalCodec.encode(outcome.ledger), as: UTF8.self))
        let csv = try FileOutput.read(folder + "/uncategorized.csv")
        #expect(
            String(decoding: csv, as: UTF8.self)
                == String(decoding: UncategorizedCSV.encode(outcome.uncategorized), as: UTF8.self))
        // The cases the splice must get right are all there.
        let rows = try JournalCodec.decode(ledger, path: "ledger").transactions
        let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id.rawValue, $0) })
        #expect(rows.first?.id.rawValue == "card/c1")
        #expect(byID["current/t2"]?.tags == ["weekly", "big"])
        #expect(byID["current/t2"]?.note == "big shop")
        #expect(byID["current/t3"]?.transferPeer == TransactionID("savings/s1"))
        #expect(byID["current/t5"]?.tags == ["kept"])
        #expect(byID["current/t6"]?.isIgnored == true)
        #expect(byID["current/t8"]?.splits.map(\.amount.minorUnits) == [-5999, -4000])
        #expect(byID["current/t9"]?.payee == "Spotify Premium")
        #expect(byID["current/t9"]?.note == (overrides ? "family plan" : nil))
    }

    /// Rows out of the canonical order (date, account, id) in ways the reader's own check sees
    /// as it reads, and in the one it leaves for the end (one day in two accounts), are written
    /// in that order; ids that are not ASCII are compared as strings.
    @Test(arguments: [
        (["current/b 2026-10-01", "current/a 2026-10-01"], ["current/a", "current/b"]),
        (["savings/s 2026-10-01", "card/c 2026-10-01", "current/x 2026-10-01"], ["card/c", "current/x", "savings/s"]),
        (["card/c 2026-10-01", "current/x 2026-10-01", "current/y 2026-10-02"], ["card/c", "current/x", "current/y"]),
        (["current/é2 2026-10-01", "current/é1 2026-10-01"], ["current/é1", "current/é2"]),
        (["current/z 2026-10-02", "current/a 2026-10-01"], ["current/a", "current/z"]),
    ])
    func rowsAreWrittenInTheCanonicalOrder(rows: [String], expected: [String]) throws {
        let folder = try TemporaryFolder.make("ledger-order").path
        try FileOutput.write("if payee ~ nothing\n    category Other\n", to: folder + "/rules/10-main.rules")
        let transactions = rows.map { row in
            let parts = row.split(separator: " ").map(String.init)
            let account = String(parts[0].split(separator: "/")[0])
            return Fixture.transaction(parts[0], account: account, date: parts[1], amount: "-1.00", payee: "SHOP")
        }
        try FileOutput.write(JournalCodec.encode(Fixture.journal(transactions)), to: folder + "/journal.jsonl")
        Self.categorize(folder)
        let ledger = try JournalCodec.decode(try FileOutput.read(folder + "/ledger.jsonl"), path: "ledger")
        #expect(ledger.transactions.map(\.id.rawValue) == expected)
    }
}
