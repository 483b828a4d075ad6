import Ledger
import Testing

@testable import Analyze

/// An anomaly of risk 0 is not an anomaly: it is neither listed nor counted.
@Suite struct RiskZeroTests {
    static func anomaly(_ risk: Double, _ id: String) -> Anomaly {
        Anomaly(
            kind: .newPayeeLargeAmount, date: CivilDate(iso: "2026-10-05")!, payee: "P", category: "Shopping",
            amount: -1_000,
            risk: risk, reason: "r", transactionIDs: [id])
    }

    @Test func riskZeroIsLeftOutAndTheRestRanked() {
        let ranked = AnomalyDetector.ranked([Self.anomaly(0, "a"), Self.anomaly(0.31, "b"), Self.anomaly(0.9, "c")])
        #expect(ranked.map(\.transactionIDs) == [["c"], ["b"]])
    }
}
