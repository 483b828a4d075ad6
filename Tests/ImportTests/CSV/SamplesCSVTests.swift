import Import
import Ledger
import Testing

/// The Samples workspace's Northwind exports, read in place, checked against
/// `Samples/EXPECTED.json` (which the Samples generator computed).
@Suite("Samples CSV exports")
struct SamplesCSVTests {
    typealias Support = CSVTestSupport

    static func read(_ name: String) throws -> ParsedFile {
        let path = Support.repositoryRoot + "/Samples/inbox/" + name
        let account = AccountConfig(
            id: AccountID("current"), name: "Northwind Current Account", currency: .gbp,
            inbox: ["northwind-current-*.csv"])
        return try CSVReader(profiles: Support.profiles).read(
            FileOutput.read(path), path: "inbox/" + name, context: ReadContext(defaultCurrency: .gbp, account: account))
    }

    @Test(arguments: [
        ("northwind-current-2024-09-01_2025-12-31.csv", 584, "2024-09-01", "2025-12-31"),
        ("northwind-current-2025-11-15_2026-11-18.csv", 434, "2025-11-15", "2026-11-18"),
    ])
    func rowsAndWindow(name: String, rows: Int, from: String, to: String) throws {
        let file = try Self.read(name)
        #expect(file.profile == "northwind-bank")
        #expect(file.statements.count == 1)
        let records = file.csvRecords
        #expect(records.count == rows)
        #expect(file.skipped.isEmpty)
        #expect(file.warnings.isEmpty)
        #expect(records.map(\.date).min().map { $0 >= Support.date(from) } == true)
        #expect(records.map(\.date).max().map { $0 <= Support.date(to) } == true)
        // Newest first, and every running balance follows from the one below it.
        for index in 0..<(records.count - 1) {
            #expect(records[index].date >= records[index + 1].date)
            #expect(records[index + 1].balanceAfter?.adding(records[index].amount) == records[index].balanceAfter)
        }
    }

    @Test func balancesMatchTheGroundTruth() throws {
        let first = try Self.read("northwind-current-2024-09-01_2025-12-31.csv").csvRecords
        // The opening balance on 2024-09-01 is 2142.16.
        let oldest = try #require(first.last)
        #expect(oldest.balanceAfter?.subtracting(oldest.amount) == Support.money("2142.16", .gbp))
        // The balance at the end of 2025-12 is 1883.92.
        #expect(first.first?.balanceAfter == Support.money("1883.92", .gbp))
        // ...and at the end of 2026-10 it is 2486.29: the newest row of October in the second export.
        let second = try Self.read("northwind-current-2025-11-15_2026-11-18.csv").csvRecords
        let october = try #require(second.first { $0.date <= Support.date("2026-10-31") })
        #expect(october.balanceAfter == Support.money("2486.29", .gbp))
    }

    @Test func twoIdenticalCoffeesStayTwoRecords() throws {
        let records = try Self.read("northwind-current-2024-09-01_2025-12-31.csv").csvRecords
        let coffees = records.filter {
            $0.date == Support.date("2025-12-05") && $0.payee == "PRET A MANGER 0412 LONDON"
        }
        #expect(coffees.count == 2)
        #expect(coffees.allSatisfy { $0.amount == Support.money("-3.95", .gbp) })
        #expect(coffees[0].line != coffees[1].line)
    }
}
