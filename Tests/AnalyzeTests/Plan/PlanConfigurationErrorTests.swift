import Foundation
import Ledger
import TestSupport
import Testing

@testable import Analyze

/// Goal mistakes that need the ledger to find are configuration errors of the analyze command:
/// exit status 2 and nothing written.
@Suite("Plan configuration errors")
struct PlanConfigurationErrorTests {
    static func run(toml: String) throws -> (status: Int32, written: [String]) {
        let folder = try TemporaryFolder.make("plan").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try toml.write(toFile: folder + "/closebook.toml", atomically: true, encoding: .utf8)
        let ledger = folder + "/ledger.jsonl"
        try FileOutput.write(
            JournalCodec.encode(
                Journal(
                    stage: "ledger", baseCurrency: .gbp, accounts: PlannerTests.history().accounts,
                    transactions: PlannerTests.history().transactions.map(Transaction.init))), to: ledger)
        let out = folder + "/analysis"
        let status = AnalyzeCommand.execute([
            "--workspace", folder, "--ledger", ledger, "--month", "2026-03", "--out", out,
        ])
        let written = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        return (status, written)
    }

    @Test func anUnknownAccountStopsTheStage() throws {
        let (status, written) = try Self.run(
            toml: """
                base_currency = "GBP"

                [[goals]]
                name = "Car"
                target = "5000.00"
                deadline = "2027-01-31"
                accounts = { savings = 50 }
                """)
        #expect(status == 2)
        #expect(written.isEmpty)
    }

    /// The same goals with the ledger's account id: the stage runs.
    @Test func aKnownAccountRuns() throws {
        let (status, written) = try Self.run(
            toml: """
                base_currency = "GBP"

                [[goals]]
                name = "Car"
                target = "5000.00"
                deadline = "2027-01-31"
                accounts = { saver = 50 }
                """)
        #expect(status == 0)
        #expect(written.sorted() == ["2026-01.json", "2026-02.json", "2026-03.json"])
    }

    @Test func anOverAllocatedAccountStopsTheStage() throws {
        let (status, written) = try Self.run(
            toml: """
                [[goals]]
                name = "Car"
                target = "5000.00"
                deadline = "2027-01-31"
                accounts = { saver = 70 }

                [[goals]]
                name = "Bike"
                target = "500.00"
                deadline = "2027-01-31"
                accounts = { saver = 40 }
                """)
        #expect(status == 2)
        #expect(written.isEmpty)
    }
}
