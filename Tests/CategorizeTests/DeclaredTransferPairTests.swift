import Categorize
import Ledger
import Testing

/// `[categorize] transfer_pairs`: a pair the tool cannot find, declared by the person. 256.38 pounds
/// leave on 20 July 2026 and 310.00 euros arrive the next day; at 0.8546 the pounds are 300.00 euros,
/// and 310.00 is 10.00 ÷ 300.00 = 3.33% off, beyond the 3% tolerance: the pairing leaves both legs.
@Suite struct DeclaredTransferPairTests {
    static let legs = [
        Fixture.transaction(
            "current/1", account: "current", date: "2026-07-20", amount: "-256.38", payee: "WISE TRANSFER TAGUS"),
        Fixture.transaction(
            "euro/1", account: "euro", date: "2026-07-21", amount: "310.00", payee: "TRANSFERENCIA WISE",
            currency: .eur),
    ]

    static func categorize(_ pairs: [[TransactionID]]) -> (ledger: [String: Transaction], outcome: CategorizeOutcome) {
        Fixture.categorize(
            "if payee ~ wise\n    transfer", legs,
            settings: CategorizeSettings(learnedThreshold: 2, transferPairs: pairs),
            rates: CrossCurrencyPairerTests.rates)
    }

    @Test func aDeclaredPairIsMadeWhereThePairingCannotFindIt() {
        let (found, unpaired) = Self.categorize([])
        #expect(found["current/1"]!.transferPeer == nil)
        #expect(unpaired.report.unpairedTransfers.count == 2)
        let (ledger, outcome) = Self.categorize([[TransactionID("euro/1"), TransactionID("current/1")]])
        #expect(ledger["current/1"]!.transferPeer == TransactionID("euro/1"))
        #expect(ledger["euro/1"]!.transferPeer == TransactionID("current/1"))
        #expect(ledger["euro/1"]!.categorySource == .transfer)
        #expect(outcome.report.transferPairs == 1)
        #expect(outcome.report.unpairedTransfers.isEmpty)
    }

    @Test func anIdNotInTheJournalIsAWarning() {
        let (ledger, outcome) = Self.categorize([[TransactionID("current/1"), TransactionID("euro/9")]])
        #expect(ledger["current/1"]!.transferPeer == nil)
        #expect(
            outcome.report.warnings == [
                "closebook.toml: [categorize] transfer_pairs: 'euro/9' is not in the journal; the pair current/1 / "
                    + "euro/9 is not made"
            ])
    }
}
