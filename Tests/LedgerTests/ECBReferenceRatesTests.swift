import Ledger
import Testing

/// The ECB's eurofxref-hist.csv read as rates.csv: cross rates through the euro, worked out by hand.
@Suite struct ECBReferenceRatesTests {
    static let file = """
        Date,USD,JPY,GBP,
        2026-11-20,1.0500,160.00,0.8400,
        2026-11-19,1.0400,N/A,0.8500,
        2026-11-18,1.0300,158.00,N/A,

        """

    @Test func recognisesTheHeaderOnly() {
        #expect(ECBReferenceRates.recognizes(Self.file))
        #expect(!ECBReferenceRates.recognizes("date,currency,rate\n2026-01-01,EUR,0.85\n"))
        #expect(!ECBReferenceRates.recognizes("Date,Amount,Payee\n"))
    }

    /// Into GBP: USD 0.84 ÷ 1.05 = 0.8; JPY 0.84 ÷ 160 = 0.00525; EUR 0.84. On the 19th USD
    /// 0.85 ÷ 1.04 = 0.81730769230769… → 0.8173076923, JPY has no rate. The 18th has no GBP rate.
    @Test func crossRatesIntoAnotherBase() throws {
        #expect(
            try ECBReferenceRates.longForm(Self.file, base: "GBP", path: "rates.csv") == """
                date,currency,rate
                2026-11-20,EUR,0.84
                2026-11-20,JPY,0.00525
                2026-11-20,USD,0.8
                2026-11-19,EUR,0.85
                2026-11-19,USD,0.8173076923

                """)
    }

    /// Into EUR: USD 1 ÷ 1.05 = 0.95238095238095… → 0.9523809524 (half to even, up); JPY
    /// 1 ÷ 160 = 0.00625; GBP 1 ÷ 0.84 = 1.19047619047619… → 1.1904761905.
    @Test func inverseRatesIntoTheEuro() throws {
        let long = try ECBReferenceRates.longForm(Self.file, base: "EUR", path: "rates.csv")
        let lines = long.split(separator: "\n")
        #expect(
            lines.prefix(4) == [
                "date,currency,rate", "2026-11-20,GBP,1.1904761905", "2026-11-20,JPY,0.00625",
                "2026-11-20,USD,0.9523809524",
            ])
    }

    @Test func aBadCellIsAnErrorAtItsLine() {
        #expect(throws: WorkspaceTableError.self) {
            try ECBReferenceRates.longForm("Date,USD,\n2026-11-20,abc,\n", base: "GBP", path: "rates.csv")
        }
    }
}
