import Categorize
import Ledger
import Testing

/// A contribution from the current account to a pension valued in valuations.csv, which has no
/// statements of its own: `transfer pension` makes the one leg a whole transfer.
@Suite struct ValuedAccountTransferTests {
    static let contribution = [
        Fixture.transaction(
            "current/1", account: "current", date: "2026-10-28", amount: "-200.00", payee: "AVIVA PENSION CONTRIB")
    ]

    static func categorize(
        _ rules: String, valued: Set<AccountID> = ["pension"]
    )
        -> (ledger: [String: Transaction], outcome: CategorizeOutcome)
    {
        Fixture.categorize(
            rules, contribution, settings: CategorizeSettings(learnedThreshold: 2), valuedAccounts: valued)
    }

    /// 200.00 to the pension: a transfer (not spending), with no partner and no warning.
    @Test func aContributionToAValuedAccountIsATransferWithoutAWarning() {
        let (ledger, outcome) = Self.categorize("if payee ~ aviva\n    transfer pension")
        #expect(ledger["current/1"]!.isTransfer)
        #expect(ledger["current/1"]!.transferPeer == nil)
        #expect(!ledger["current/1"]!.countsInFigures)
        #expect(outcome.report.unpairedTransfers.isEmpty)
    }

    /// Marked plain `transfer`, naming an account valuations.csv does not value (`savings`), or one
    /// that has rows of its own (`current`), the leg still waits for a partner and is reported.
    @Test(arguments: ["transfer", "transfer savings", "transfer current"])
    func otherwiseAnUnpairedLegIsStillReported(action: String) {
        let (_, outcome) = Self.categorize("if payee ~ aviva\n    \(action)", valued: ["pension", "current"])
        #expect(outcome.report.unpairedTransfers.map(\.id) == ["current/1"])
    }

    @Test func theRuleNamesOneAccount() {
        #expect(Fixture.rules("if payee ~ aviva\n    transfer pension")[0].actions == [.transferWith("pension")])
        #expect(
            Fixture.errors("if payee ~ aviva\n    transfer pension fund").first?.hasPrefix(
                "rules/food.rules:2:14: error: 'transfer' takes at most one account id, e.g. 'transfer pension'")
                == true)
    }
}
