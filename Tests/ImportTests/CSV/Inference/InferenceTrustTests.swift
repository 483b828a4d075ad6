import Foundation
import Import
import Ledger
import Testing

/// Layout inference is right or says its doubt, never confidently wrong (issue 19, issue 20 items
/// 7 and 11). Each fixture in `Fixtures/csv-inferred/` is made up; the values expected are worked
/// out by hand from its text.
@Suite("CSV inference: impossible readings, currency, card signs")
struct InferenceTrustTests {
    static func read(
        _ name: String, account: AccountConfig? = nil, base: Currency? = nil, workspace: [Currency] = []
    ) throws -> ParsedFile {
        let bytes = try FileOutput.read(LayoutInferenceTests.fixtures + name)
        let context = ReadContext(
            defaultCurrency: account?.currency ?? base ?? .eur, account: account, baseCurrency: base,
            workspaceCurrencies: workspace)
        return try CSVReader(profiles: []).read(bytes, path: "inbox/" + name, context: context)
    }

    static func card(currency: Currency? = nil) -> AccountConfig {
        AccountConfig(id: AccountID("card"), name: "Card", kind: .creditCard, currency: currency)
    }

    static func minorUnits(_ file: ParsedFile) -> [Int64] { file.csvRecords.map(\.amount.minorUnits) }

    static func confidence(_ file: ParsedFile) -> String? {
        file.inferredProfile.map { InferenceCalibrationTests.confidence($0) }
    }

    /// The inferred-layout warning's text (the reasons), and the other warnings.
    static func reasons(_ file: ParsedFile) -> String { file.warnings.first?.message ?? "" }

    // MARK: - Impossible readings

    @Test func aZeroFeeColumnAndAConstantRateAreNeitherAmountNorBalance() throws {
        let file = try Self.read("fee-and-rate-columns.csv")
        #expect(Self.minorUnits(file) == [-450, 250_000, -1899, -1240])
        #expect(file.skipped.isEmpty)
        #expect(file.statements.flatMap(\.statedBalances).isEmpty)
        #expect(file.inferredProfile?.contains("column = \"Amount\"") == true)
        #expect(file.inferredProfile?.contains("balance") == false)
    }

    @Test func aNamedSignedAmountBeatsSplitColumnsMostRowsLeaveEmpty() throws {
        let file = try Self.read("amount-beside-sparse-split.csv")
        #expect(Self.minorUnits(file) == [-2340, 180_000, 500, -6000, -310, -75_000])
        #expect(file.skipped.isEmpty)
    }

    @Test func aProfileThatSkipsEveryRowIsAnErrorNotAnEmptyImport() throws {
        let profile = try CSVTestSupport.profile(
            """
            bank = "Test"
            [file]
            signature = ["Date", "Description", "Amount", "Fee", "Rate"]
            [columns]
            date = "Date"
            date_format = "%Y-%m-%d"
            payee = "Description"
            [amount]
            column = "Fee"
            """)
        let bytes = try FileOutput.read(LayoutInferenceTests.fixtures + "fee-and-rate-columns.csv")
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/test.csv", line: 2, column: 1,
                message:
                    "no transaction could be read with profile 'test' (Importers/test.toml): all 4 rows were skipped, the first (line 2) as zero-amount notice row; is this the right profile for the file?"
            )
        ) { try CSVTestSupport.read(bytes, profiles: [profile]) }
    }

    @Test func onlyZeroOrEmptyAmountsAreRefused() {
        let bytes = Array("Date,Description,Fee\n2025-01-03,Coffee,0.00\n2025-01-04,Salary,0.00\n".utf8)
        let message = LayoutInferenceTests.rejection(bytes)
        #expect(message?.contains("no column holds amounts") == true, "\(message ?? "read")")
    }

    // MARK: - Currency

    @Test func dollarAmountsAreDollarsNotTheDefaultEuro() throws {
        let file = try Self.read("dollar-amounts.csv")
        #expect(Self.minorUnits(file) == [-475, 123_456, -8910, 1200])
        #expect(file.csvRecords.allSatisfy { $0.amount.currency == .usd })
        #expect(file.inferredProfile?.contains("currency = \"USD\"") == true)
        // `$` is shared by many currencies and the workspace names none of them.
        #expect(Self.confidence(file) == "medium")
        #expect(!file.warnings.contains { $0.message.hasPrefix("currency assumed") })
    }

    @Test func aDollarIsTheDollarCurrencyTheWorkspaceUses() throws {
        let cad = try #require(Currency(isoCode: "CAD"))
        let file = try Self.read("dollar-amounts.csv", base: cad, workspace: [cad])
        #expect(file.csvRecords.allSatisfy { $0.amount.currency == cad })
        #expect(Self.confidence(file) == "high")
    }

    @Test func krIsTheKroneTheWorkspaceUses() throws {
        let nok = try #require(Currency(isoCode: "NOK"))
        let file = try Self.read("krone-amounts.csv", base: .gbp, workspace: [.gbp, nok])
        #expect(Self.minorUnits(file) == [-24_550, 3_200_000, -39_900])
        #expect(file.csvRecords.allSatisfy { $0.amount.currency == nok })
    }

    @Test func theHeaderNamesTheCurrency() throws {
        let file = try Self.read("amount-header-usd.csv")
        #expect(Self.minorUnits(file) == [-1230, 90_000, -745])
        #expect(file.csvRecords.allSatisfy { $0.amount.currency == .usd })
        #expect(Self.confidence(file) == "high")
    }

    @Test("a header may name the currency in words: EUROA (Finnish), dollars, kronor of the workspace")
    func theHeaderNamesTheCurrencyInWords() throws {
        func read(_ text: String, workspace: [Currency] = []) throws -> ParsedFile {
            try CSVReader(profiles: []).read(
                Array(text.utf8), path: "inbox/words.csv",
                context: ReadContext(defaultCurrency: .usd, workspaceCurrencies: workspace))
        }
        let rows = "02.01.2019;-201,10;ACCOUNT HOLDER\n04.01.2019;502,93;EMPLOYER\n15.01.2019;-5,65;OSUUSPANKKI\n"
        let euros = try read("Kirjauspäivä;Määrä EUROA;Saaja/Maksaja\n" + rows)
        #expect(
            euros.csvRecords.map(\.amount) == [-20_110, 50_293, -565].map { Money(minorUnits: $0, currency: .eur) })
        #expect(!euros.warnings.contains { $0.message.hasPrefix("currency assumed") })
        let sek = try #require(Currency(isoCode: "SEK"))
        let nok = try #require(Currency(isoCode: "NOK"))
        let kroner = try read("Dato;Beløp i kroner;Tekst\n" + rows, workspace: [.gbp, nok])
        #expect(kroner.csvRecords.allSatisfy { $0.amount.currency == nok })
        let kronor = try read("Datum;Belopp kronor;Text\n" + rows)
        #expect(kronor.csvRecords.allSatisfy { $0.amount.currency == sek })
    }

    @Test("a '+' on a few amounts and no minus anywhere: the '+' is money in, the rest went out")
    func anExplicitPlusIsSignEvidence() throws {
        let text = """
            Date,Description,Amount
            2024-03-01,TESCO STORES 2231,23.40
            2024-03-03,SHELL HAYES,45.00
            2024-03-05,PAYMENT THANK YOU, +500.00
            2024-03-09,AMAZON MKTPLACE,19.99

            """
        let file = try CSVReader(profiles: []).read(
            Array(text.utf8), path: "inbox/card.csv", context: ReadContext(defaultCurrency: .gbp))
        #expect(file.csvRecords.map(\.amount.minorUnits) == [-2340, -4500, 50_000, -1999])
        #expect(file.inferredProfile?.contains("sign = \"plus-is-money-in\"") == true)
        #expect(file.inferredProfile?.contains("'+' in 'Amount' marks money in on 1 of 4 rows") == true)
        #expect(Self.confidence(file) == "medium")
        // A minus anywhere says the sign itself: the '+' is then only a sign.
        let signed = text.replacingOccurrences(of: "45.00", with: "-45.00")
            .replacingOccurrences(of: "23.40", with: "-23.40").replacingOccurrences(of: "19.99", with: "-19.99")
        let plain = try CSVReader(profiles: []).read(
            Array(signed.utf8), path: "inbox/card.csv", context: ReadContext(defaultCurrency: .gbp))
        #expect(plain.csvRecords.map(\.amount.minorUnits) == [-2340, -4500, 50_000, -1999])
        #expect(plain.inferredProfile?.contains("plus-is-money-in") == false)
    }

    @Test func aCurrencyTakenFromTheWorkspaceIsWarnedAbout() throws {
        let base = try Self.read("northmoor-en-signed.csv", base: .gbp, workspace: [.gbp])
        #expect(base.csvRecords.allSatisfy { $0.amount.currency == .gbp })
        #expect(
            base.warnings.dropFirst().first?.description
                == "inbox/northmoor-en-signed.csv:1:1: warning: currency assumed: GBP, from base_currency (the file does not say); if it is not GBP, set currency = \"...\" on the account's [[accounts]] entry in closebook.toml"
        )
        #expect(Self.confidence(base) == "medium")
        let none = try Self.read("northmoor-en-signed.csv")
        #expect(
            none.warnings.contains {
                $0.message.hasPrefix(
                    "currency assumed: EUR, the default, as closebook.toml sets no base_currency (the file does not say)"
                )
            })
        // The account's own currency is no assumption.
        let account = AccountConfig(id: AccountID("current"), name: "Current", currency: .gbp)
        let declared = try Self.read("northmoor-en-signed.csv", account: account, base: .gbp, workspace: [.gbp])
        #expect(!declared.warnings.contains { $0.message.hasPrefix("currency assumed") })
        #expect(Self.confidence(declared) == "high")
    }

    // MARK: - Card signs

    @Test func aCardsOwedBalanceProvesArithmeticNotTheSign() throws {
        // Undeclared: read as the balance says, but at low confidence, naming the other reading.
        let undeclared = try Self.read("card-owed-balance.csv", base: .usd, workspace: [.usd])
        #expect(Self.minorUnits(undeclared) == [4520, 6000, -10_000, 3850])
        #expect(Self.confidence(undeclared) == "low")
        #expect(Self.reasons(undeclared).contains("3 of 4 amounts read as money in"))
        #expect(Self.reasons(undeclared).contains("set type = \"credit_card\" for its account"))
        // Declared a card: charges are money out, and the owed balance is not checked.
        let declared = try Self.read("card-owed-balance.csv", account: Self.card(currency: .usd))
        #expect(Self.minorUnits(declared) == [-4520, -6000, 10_000, -3850])
        #expect(declared.statements.flatMap(\.statedBalances).isEmpty)
        #expect(Self.confidence(declared) == "medium")
        #expect(declared.inferredProfile?.contains("sign = \"inverted\"") == true)
    }

    @Test func aDeclaredCardReadsUnsignedAmountsAsCharges() throws {
        let file = try Self.read("ambiguous-sign.csv", account: Self.card(currency: .gbp))
        #expect(Self.minorUnits(file).first == -4990)
        #expect(file.csvRecords.allSatisfy { $0.amount.minorUnits < 0 })
    }

    @Test func anAvailableBalanceStillProvesChargesNegativeOnADeclaredCard() throws {
        let file = try Self.read("card-positive-with-balance.csv", account: Self.card(currency: .usd))
        #expect(Self.minorUnits(file) == [-2000, -5550, -1200])
        #expect(file.statements.flatMap(\.statedBalances).count == 2)
    }

    // MARK: - Balance that only partly follows

    @Test func aBalanceThatOnlyPartlyFollowsIsNamedNotDroppedInSilence() throws {
        let file = try Self.read("balance-partly-reconciles.csv", base: .eur, workspace: [.eur])
        #expect(Self.minorUnits(file) == [10_000, -1000, -500, 2000, -1500])
        #expect(file.statements.flatMap(\.statedBalances).isEmpty)
        #expect(
            Self.reasons(file).contains(
                "'Balance' is not checked as the balance: it follows the amounts' running sum on 2 of 4 rows, and line 4 is the first that does not"
            ))
        // A currency from base_currency, and a balance left unchecked: medium at best.
        #expect(Self.confidence(file) == "medium")
    }
}

/// Sign evidence in the file (issue 19, class 3): a `CR` mark on a few rows, and signs written
/// on some amounts that a balance would turn round.
@Suite("CSV inference: sign evidence")
struct InferenceSignEvidenceTests {
    typealias Trust = InferenceTrustTests

    @Test func aCRMarkOnThePaymentMakesTheUnmarkedPurchasesMoneyOut() throws {
        // 23.40 and 41.10 carry no mark: purchases, money out; 150.00 is marked CR: money in.
        let file = try Trust.read("card-cr-marker.csv")
        #expect(Trust.minorUnits(file) == [-2340, 15_000, -4110])
        #expect(Trust.confidence(file) == "medium")
        #expect(
            Trust.reasons(file).contains(
                "'cr' in column 4 marks money in on 1 of 3 rows; the rows without it went the other way"))
        #expect(file.inferredProfile?.contains("debit_values = [\"\"]\ncredit_values = [\"cr\"]") == true)
    }

    @Test func writtenSignsAreKeptWhenOnlyTurningThemRoundMakesABalanceFollow() throws {
        // Newest first: 780 + 50 = 830 is not 980, so the balance is not after each row as
        // written; it follows only as a balance before each row with the signs turned round
        // (1000 - 30 = 970, 970 + 10 = 980, 980 - 200 = 780). The minus signs are kept.
        let file = try Trust.read("signed-balance-runs-inverted.csv")
        #expect(Trust.minorUnits(file) == [-5000, 20_000, -1000, 3000])
        #expect(Trust.confidence(file) == "low")
        #expect(file.statements.flatMap(\.statedBalances).isEmpty)
        #expect(
            Trust.reasons(file).contains(
                "'Cash Balance ($)' follows the amounts' running sum only with every written sign turned round, so it is not checked, and the signs are read as written"
            ))
    }

    @Test func aColumnOfMinusesBesideOneWithoutIsMoneyOutAndMoneyIn() throws {
        // Column 3 holds -48,00, -4,20 and -19,99; column 4 holds 1.284,37 on the row column 3
        // leaves empty. No names: the minus alone says which column is money out.
        let file = try Trust.read("minus-out-beside-in.csv")
        #expect(Trust.minorUnits(file) == [-4800, 128_437, -420, -1999])
        #expect(Trust.reasons(file).contains("money out column 3, money in column 4"))
    }
}
