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

    /// Marked plain `transfer`, or naming an account valuations.csv does not value (`savings`), the
    /// leg still waits for a partner and is reported.
    @Test(arguments: ["transfer", "transfer savings"])
    func otherwiseAnUnpairedLegIsStillReported(action: String) {
        let (_, outcome) = Self.categorize("if payee ~ aviva\n    \(action)", valued: ["pension", "current"])
        #expect(outcome.report.unpairedTransfers.map(\.id) == ["current/1"])
    }

    /// The pension's own statement lists two contributions (91.37 salary sacrifice, 68.53 from the
    /// employer; their other side is payroll) and the current account pays 200.00 towards it that
    /// the statement does not list. `transfer pension` makes the pension's own rows whole
    /// transfers; the current account's leg, now that the pension has rows where its partner
    /// would be, waits for one and is reported.
    @Test func thePensionsOwnContributionsAreWholeTransfers() {
        let rows =
            Self.contribution + [
                Fixture.transaction(
                    "pension/1", account: "pension", date: "2026-10-23", amount: "91.37",
                    payee: "SALARY SACRIFICE CONTRIBUTION"),
                Fixture.transaction(
                    "pension/2", account: "pension", date: "2026-10-23", amount: "68.53",
                    payee: "EMPLOYER CONTRIBUTION"),
            ]
        let (ledger, outcome) = Fixture.categorize(
            "if payee ~ contribution and account = pension\n    transfer pension\n"
                + "if payee ~ aviva\n    transfer pension", rows, settings: CategorizeSettings(learnedThreshold: 2),
            valuedAccounts: ["pension"])
        for id in ["pension/1", "pension/2"] {
            #expect(ledger[id]!.isTransfer)
            #expect(ledger[id]!.transferPeer == nil)
        }
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
