import Categorize
import Ledger
import Testing

@Suite struct TransferPairerTests {
    func peers(_ rules: String, _ transactions: [Transaction], window: Int = 4) -> [String: String] {
        let (ledger, _) = Fixture.categorize(
            rules, transactions, settings: CategorizeSettings(learnedThreshold: 2, transferWindowDays: window))
        return ledger.compactMapValues { $0.transferPeer?.rawValue }
    }

    @Test func oppositeAmountsInTwoAccountsPairBothWays() {
        let (ledger, outcome) = Fixture.categorize(
            "",
            [
                Fixture.transaction(
                    "out", account: "current", date: "2026-10-01", amount: "-250.00", payee: "TO SAVINGS"),
                Fixture.transaction(
                    "in", account: "savings", date: "2026-10-03", amount: "250.00", payee: "FROM CURRENT"),
            ])
        #expect(ledger["out"]!.transferPeer == TransactionID("in"))
        #expect(ledger["in"]!.transferPeer == TransactionID("out"))
        #expect(ledger["out"]!.isTransfer && ledger["in"]!.isTransfer)
        #expect(ledger["out"]!.categorySource == .transfer)
        #expect(!ledger["out"]!.countsInFigures)
        #expect(outcome.report.transferPairs == 1)
    }

    @Test func outsideTheWindowSameAccountOrOtherCurrencyDoNotPair() {
        let result = peers(
            "",
            [
                Fixture.transaction("a", account: "current", date: "2026-10-01", amount: "-10.00", payee: "A"),
                Fixture.transaction("b", account: "savings", date: "2026-10-06", amount: "10.00", payee: "B"),
                Fixture.transaction("c", account: "current", date: "2026-10-01", amount: "-20.00", payee: "C"),
                Fixture.transaction("d", account: "current", date: "2026-10-01", amount: "20.00", payee: "D"),
                Fixture.transaction("e", account: "current", date: "2026-10-01", amount: "-30.00", payee: "E"),
                Fixture.transaction(
                    "f", account: "savings", date: "2026-10-01", amount: "30.00", payee: "F", currency: .eur),
            ])
        #expect(result.isEmpty)
    }

    /// Two transfers of 100.00 on one day, and a third incoming 100.00 in the card account two days
    /// later: same-day legs pair with each other (gap 0) in id order, the card leg stays unpaired.
    @Test func sameDayMultipleCandidatesPairByGapThenIdOrder() {
        let result = peers(
            "",
            [
                Fixture.transaction("current/2", account: "current", date: "2026-10-05", amount: "-100.00", payee: "X"),
                Fixture.transaction("current/1", account: "current", date: "2026-10-05", amount: "-100.00", payee: "X"),
                Fixture.transaction("savings/9", account: "savings", date: "2026-10-05", amount: "100.00", payee: "Y"),
                Fixture.transaction("savings/8", account: "savings", date: "2026-10-05", amount: "100.00", payee: "Y"),
                Fixture.transaction("card/1", account: "card", date: "2026-10-07", amount: "100.00", payee: "Z"),
            ])
        #expect(
            result == [
                "current/1": "savings/8", "savings/8": "current/1", "current/2": "savings/9", "savings/9": "current/2",
            ])
    }

    /// A leg a rule marked `transfer` is preferred even over a closer unmarked one.
    @Test func legsMarkedByARuleArePreferred() {
        let result = peers(
            "if payee ~ \"card payment\"\n    transfer\n",
            [
                Fixture.transaction("out", account: "current", date: "2026-10-10", amount: "-80.00", payee: "X"),
                Fixture.transaction("near", account: "savings", date: "2026-10-10", amount: "80.00", payee: "Y"),
                Fixture.transaction(
                    "marked", account: "card", date: "2026-10-12", amount: "80.00", payee: "CARD PAYMENT"),
            ])
        #expect(result == ["out": "marked", "marked": "out"])
    }

    /// A 0.50 fee on its own line next to the transfer changes nothing.
    @Test func aFeeBesideTheTransferDoesNotBreakPairing() {
        let (ledger, _) = Fixture.categorize(
            "if payee ~ fee\n    category Bank:Fees\n",
            [
                Fixture.transaction(
                    "out", account: "current", date: "2026-10-10", amount: "-500.00", payee: "TFR TO SAVINGS"),
                Fixture.transaction(
                    "fee", account: "current", date: "2026-10-10", amount: "-0.50", payee: "TRANSFER FEE"),
                Fixture.transaction(
                    "in", account: "savings", date: "2026-10-11", amount: "500.00", payee: "TFR FROM CURRENT"),
            ], settings: CategorizeSettings(learnedThreshold: 2))
        #expect(ledger["out"]!.transferPeer == TransactionID("in"))
        #expect(ledger["fee"]!.transferPeer == nil)
        #expect(ledger["fee"]!.category == CategoryPath("Bank:Fees"))
        #expect(ledger["fee"]!.countsInFigures)
    }

    /// A leg categorised by a rule (not as a transfer) is spending, not a transfer leg.
    @Test func ruleCategorisedLegsAreNotPaired() {
        let result = peers(
            "if payee ~ tesco\n    category Food\n",
            [
                Fixture.transaction("spend", account: "card", date: "2026-10-10", amount: "-20.00", payee: "TESCO"),
                Fixture.transaction("gift", account: "current", date: "2026-10-10", amount: "20.00", payee: "FROM SAM"),
            ])
        #expect(result.isEmpty)
    }

    @Test func unpairedMarkedLegsAreListed() {
        let (_, outcome) = Fixture.categorize(
            "if payee ~ \"bramble bs\"\n    transfer\n",
            [
                Fixture.transaction(
                    "lonely", account: "current", date: "2026-10-10", amount: "-300.00", payee: "BRAMBLE BS")
            ])
        #expect(
            outcome.report.unpairedTransfers == [
                CategorizeReport.UnpairedLeg(
                    id: "lonely", date: "2026-10-10", account: "current", amount: "-300.00", currency: "GBP",
                    rule: "rules/test.rules:1")
            ])
    }

    @Test func pairerDirectlyIsOneToOne() {
        func leg(
            _ index: Int, _ account: String, _ day: Int, _ amount: Int64, marked: Bool = false
        ) -> TransferPairer.Leg {
            TransferPairer.Leg(
                index: index, id: TransactionID("t\(index)"), account: AccountID(account),
                date: CivilDate(year: 2026, month: 10, day: day)!, amount: Money(minorUnits: amount, currency: .gbp),
                marked: marked)
        }
        let pairs = TransferPairer(windowDays: 4).pair([
            leg(0, "current", 1, -500), leg(1, "savings", 2, 500), leg(2, "card", 1, 500), leg(3, "card", 3, -500),
        ])
        // Gap 0: t0 with t2. Gap 1: t3 with t1 (t1 is the only incoming left).
        #expect(pairs.map { [$0.out, $0.in] } == [[0, 2], [3, 1]])
    }

    @Test func onlyGroupsOfOneCurrencyAndMagnitudeWithBothSignsPair() {
        func leg(
            _ index: Int, _ account: String, _ day: Int, _ amount: Int64, _ currency: Currency = .gbp
        )
            -> TransferPairer.Leg
        {
            TransferPairer.Leg(
                index: index, id: TransactionID("t\(index)"), account: AccountID(account),
                date: CivilDate(year: 2026, month: 10, day: day)!,
                amount: Money(minorUnits: amount, currency: currency),
                marked: false)
        }
        let pairs = TransferPairer(windowDays: 4).pair([
            leg(0, "current", 1, -700), leg(1, "card", 1, -300), leg(2, "savings", 2, 700), leg(3, "current", 5, 0),
            leg(4, "current", 3, -700), leg(5, "card", 3, 700, .eur), leg(6, "savings", 3, 700),
            leg(7, "current", 9, -250), leg(8, "current", 9, 250),
        ])
        // 7.00 GBP: t4 with t6 (gap 0), then t0 with t2 (gap 1; t4-t2 also has gap 1, but t4 is
        // taken). The 7.00 EUR leg would be t4's gap-0 peer (t5 before t6) if currencies were one
        // group; 3.00 has no incoming leg; 2.50's two legs share an account; 0 is no amount.
        #expect(pairs.map { [$0.out, $0.in] } == [[4, 6], [0, 2]])
    }
}
