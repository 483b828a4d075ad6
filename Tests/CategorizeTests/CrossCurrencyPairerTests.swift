import Categorize
import Ledger
import Testing

/// Transfers between accounts in two currencies, on the Samples' euro top-up: 256.38 pounds leave
/// the current account on 20 July 2026 and 300.00 euros arrive in the euro account the next day.
/// rates.csv says one euro is 0.8546 pounds from 1 July, so 256.38 pounds are 256.38 ÷ 0.8546 =
/// 300.00 euros exactly.
@Suite struct CrossCurrencyPairerTests {
    static let rules = """
        if payee ~ "wise transfer"
            transfer
        if payee ~ transferencia
            transfer
        """
    static let rates = RateTable(
        base: .gbp, rates: [.eur: [(date: CivilDate(iso: "2026-07-01")!, rate: ExchangeRate("0.8546")!)]])

    static func legs(
        out date: String = "2026-07-20", in inDate: String = "2026-07-21", euros: String = "300.00",
        outPayee: String = "WISE TRANSFER TAGUS", inPayee: String = "TRANSFERENCIA WISE"
    ) -> [Transaction] {
        [
            Fixture.transaction("current/1", account: "current", date: date, amount: "-256.38", payee: outPayee),
            Fixture.transaction(
                "euro/1", account: "euro", date: inDate, amount: euros, payee: inPayee, currency: .eur),
        ]
    }

    static func categorize(
        _ transactions: [Transaction], rates: RateTable? = rates, rules: String = rules
    )
        -> (ledger: [String: Transaction], outcome: CategorizeOutcome)
    {
        Fixture.categorize(
            rules, transactions, settings: CategorizeSettings(learnedThreshold: 2, transferWindowDays: 4), rates: rates)
    }

    @Test func poundsOutAndEurosInPairAtTheRate() {
        let (ledger, outcome) = Self.categorize(Self.legs())
        #expect(ledger["current/1"]!.transferPeer == TransactionID("euro/1"))
        #expect(ledger["euro/1"]!.transferPeer == TransactionID("current/1"))
        #expect(ledger["current/1"]!.categorySource == .transfer)
        #expect(outcome.report.transferPairs == 1)
        #expect(outcome.report.unpairedTransfers.isEmpty)
    }

    /// The tolerance is 3% of the converted 300.00 euros, 9.00: 291.00 and 309.00 pair (exactly 3%),
    /// 290.99 and 309.01 (3.003%) do not, and both legs are then reported unpaired.
    @Test(arguments: [("291.00", true), ("309.00", true), ("290.99", false), ("309.01", false)])
    func theConvertedAmountMustBeWithinThreePercent(euros: String, pairs: Bool) {
        let (ledger, outcome) = Self.categorize(Self.legs(euros: euros))
        #expect((ledger["current/1"]!.transferPeer != nil) == pairs)
        #expect(outcome.report.unpairedTransfers.count == (pairs ? 0 : 2))
    }

    /// Without rates.csv, or before the first euro rate (1 July), the legs cannot be compared; 5 days
    /// apart they are beyond the 4-day window.
    @Test func noRateOrTooFarApartDoesNotPair() {
        #expect(Self.categorize(Self.legs(), rates: nil).ledger["current/1"]!.transferPeer == nil)
        let june = Self.categorize(Self.legs(out: "2026-06-29", in: "2026-06-30")).ledger
        #expect(june["current/1"]!.transferPeer == nil)
        let apart = Self.categorize(Self.legs(out: "2026-07-20", in: "2026-07-25")).ledger
        #expect(apart["current/1"]!.transferPeer == nil)
    }

    /// Two uncategorised lines in two currencies that happen to be within 3% of each other are not a
    /// transfer: one leg at least must be marked. Marking one is enough.
    @Test func oneLegAtLeastMustBeMarked() {
        let unmarked = Self.categorize(Self.legs(), rules: "").ledger
        #expect(unmarked["current/1"]!.transferPeer == nil)
        let one = Self.categorize(Self.legs(inPayee: "LISBON CREDIT"), rules: Self.rules).ledger
        #expect(one["current/1"]!.transferPeer == TransactionID("euro/1"))
    }

    /// Two euro arrivals a day apart, 300.00 and 298.00: the closer converted amount wins (300.00, 0%
    /// against 0.67%), and the other stays unpaired.
    @Test func theCloserAmountWins() {
        let transactions =
            Self.legs(in: "2026-07-22")
            + [
                Fixture.transaction(
                    "euro/0", account: "euro", date: "2026-07-21", amount: "298.00", payee: "TRANSFERENCIA WISE",
                    currency: .eur)
            ]
        let (ledger, outcome) = Self.categorize(transactions)
        #expect(ledger["current/1"]!.transferPeer == TransactionID("euro/1"))
        #expect(outcome.report.unpairedTransfers.map(\.id) == ["euro/0"])
    }
}
