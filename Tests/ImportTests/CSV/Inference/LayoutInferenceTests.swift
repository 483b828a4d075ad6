import Foundation
import Import
import Ledger
import Testing

/// Made-up banks' exports (`Fixtures/csv-inferred/`, described in its README), each read with no
/// profile at all. Expected values are worked out by hand from the fixture text.
@Suite("CSV layout inference")
struct LayoutInferenceTests {
    typealias Support = CSVTestSupport

    static let fixtures = Support.repositoryRoot + "/Tests/ImportTests/Fixtures/csv-inferred/"

    static func read(_ name: String, dateOrder: DateOrder? = nil) throws -> ParsedFile {
        let bytes = try FileOutput.read(fixtures + name)
        let account = dateOrder.map { AccountConfig(id: AccountID("test"), name: "Test", dateOrder: $0) }
        return try CSVReader(profiles: []).read(
            bytes, path: "inbox/" + name, context: ReadContext(defaultCurrency: .eur, account: account))
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var amounts: [String]
        var first: (date: String, payee: String)
        var style: String
        var balances: Int
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "northmoor-en-signed.csv", amounts: ["1000.00", "-42.10", "2500.00", "-1200.00", "-3.80"],
            first: ("2025-03-02", "Opening transfer"), style: "signed", balances: 2),
        Case(
            file: "bergbank-de-sollhaben.csv", amounts: ["-85.00", "-4.50", "1504.50"],
            first: ("2025-04-28", "Stadtwerke München"), style: "debit/credit", balances: 2),
        Case(
            file: "banque-lumiere-fr.csv", amounts: ["-2.40", "2100.00", "-950.00"],
            first: ("2025-05-03", "Boulangerie du Coin"), style: "debit/credit", balances: 0),
        Case(
            file: "polderbank-nl-afbij.csv", amounts: ["-23.45", "2750.00", "-1.95"],
            first: ("2025-06-02", "Albert Heijn (NL11BANK0000000001)"), style: "indicator", balances: 0),
        Case(
            file: "banco-sol-es.csv", amounts: ["-64.20", "1800.00", "-15.00"],
            first: ("2025-06-30", "Recibo luz"), style: "signed", balances: 2),
        Case(
            file: "banca-alpina-it.csv", amounts: ["1950.00", "-18.30", "-700.00"],
            first: ("2025-07-01", "Bonifico stipendio"), style: "debit/credit", balances: 0),
        Case(
            file: "banco-atlantico-pt.csv", amounts: ["-31.15", "400.00", "-100.00"],
            first: ("2025-08-29", "Pagamento Continente"), style: "signed", balances: 2),
        Case(
            file: "headerless-signed.csv", amounts: ["-12.99", "250.00", "-4.50"],
            first: ("2025-09-01", "Card payment FRESHMART"), style: "signed", balances: 0),
        Case(
            file: "continuation-rows.csv", amounts: ["-45.00", "12.00", "-3.20"],
            first: ("2025-10-13", "Lastschrift Versicherung Police 123456 Oktober"), style: "signed", balances: 0),
        Case(
            file: "card-positive-with-balance.csv", amounts: ["-20.00", "-55.50", "-12.00"],
            first: ("2025-11-13", "Bookshop"), style: "signed", balances: 2),
        Case(
            file: "drcr-indicator-en.csv", amounts: ["-29.99", "15.00", "-6.40"],
            first: ("2025-12-01", "Direct debit Gym"), style: "indicator", balances: 0),
        Case(
            file: "unnamed-debit-credit-balance.csv", amounts: ["500.00", "-45.20", "10.00", "-7.60"],
            first: ("2025-02-01", "Opening"), style: "debit/credit", balances: 2),
        Case(
            file: "tabs-us-parentheses.csv", amounts: ["-54.20", "2310.00", "-38.00"],
            first: ("2025-03-14", "GROCERY OUTLET"), style: "signed", balances: 0),
    ]

    @Test(arguments: cases)
    func inferred(_ fixture: Case) throws {
        let file = try Self.read(fixture.file)
        let records = file.csvRecords
        #expect(records.map(\.amount.decimalString) == fixture.amounts)
        #expect(records.first?.date.isoString == fixture.first.date)
        #expect(records.first?.payee == fixture.first.payee)
        #expect(file.statements.flatMap(\.statedBalances).count == fixture.balances)
        #expect(file.skipped.isEmpty)
        let toml = try #require(file.inferredProfile)
        let profile = try CSVProfile.parse(toml, id: "saved", path: "importers/saved.toml")
        switch (profile.amount, fixture.style) {
        case (.signed, "signed"), (.debitCredit, "debit/credit"), (.indicator, "indicator"): break
        default: Issue.record("\(fixture.file): amount read as \(profile.amount), expected \(fixture.style)")
        }
        // The printed profile, saved, reads the file to the same records.
        let saved = try CSVTestSupport.read(
            FileOutput.read(Self.fixtures + fixture.file), profiles: [profile], path: "inbox/" + fixture.file)
        #expect(saved.csvRecords.map(\.amount) == records.map(\.amount))
        #expect(saved.csvRecords.map(\.payee) == records.map(\.payee))
        #expect(
            file.warnings.first?.message.hasPrefix("no CSV profile matches this file; its layout was inferred") == true)
    }

    @Test func aCardExportsChargesAreProvedNegativeByTheBalance() throws {
        // The account names the currency: nothing is assumed, so the balance's proof is high confidence.
        let account = AccountConfig(id: AccountID("card"), name: "Card", currency: .usd)
        let toml = try #require(
            try InferenceTrustTests.read("card-positive-with-balance.csv", account: account).inferredProfile)
        #expect(toml.contains("sign = \"inverted\""))
        #expect(toml.contains("balance = \"Available Balance\""))
        #expect(toml.contains("# Confidence: high."))
    }

    @Test func unnamedMoneyColumnsAreToldApartByTheBalance() throws {
        let toml = try #require(try Self.read("unnamed-debit-credit-balance.csv").inferredProfile)
        #expect(toml.contains("debit = 3\ncredit = 4"))
        #expect(toml.contains("header = false"))
        #expect(toml.contains("delimiter = \"|\""))
    }

    @Test func germanPreambleWindows1252AndNewestFirst() throws {
        let toml = try #require(try Self.read("bergbank-de-sollhaben.csv").inferredProfile)
        #expect(toml.contains("encoding = \"windows-1252\""))
        #expect(toml.contains("order = \"newest-first\""))
        #expect(toml.contains("date = \"Buchungstag\""))
        #expect(toml.contains("memo = \"Verwendungszweck\""))
    }

    @Test func continuationRowsAreDetectedAndJoined() throws {
        let file = try Self.read("continuation-rows.csv")
        #expect(file.csvRecords.map(\.payee)[1] == "Gutschrift Erstattung Rechnung 2025-77 Danke")
        #expect(file.inferredProfile?.contains("join_continuation_rows = true") == true)
    }

    /// A rejected file's header is quoted only when it reads as a bank export's header: a file with
    /// dates and numbers under other names (it may not be a bank export at all) keeps its text out.
    @Test func onlyABankLikeHeaderIsQuoted() throws {
        let bank = Array("Buchungstag;Betrag;Verwendungszweck\n05.01.2025;49,90;Baumarkt\n".utf8)
        let other = Array("host;uptime;load\n2025-01-05;49.90;secret\n".utf8)
        let header = "Its header (line 1) reads: Buchungstag;Betrag;Verwendungszweck."
        for (bytes, quoted) in [(bank, true), (other, false)] {
            let message = Self.rejection(bytes)
            #expect(message?.contains(header) == quoted, "\(message ?? "read")")
            #expect(message?.contains("secret") == false)
        }
    }

    /// The message of the diagnostic that rejects `bytes`; nil when the file is read.
    static func rejection(_ bytes: [UInt8]) -> String? {
        do {
            _ = try CSVReader(profiles: []).read(
                bytes, path: "inbox/x.csv", context: ReadContext(defaultCurrency: .eur, account: nil))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func amountsWithoutASignAndNoBalanceAreRejectedWithBothReadings() throws {
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/ambiguous-sign.csv", line: 2, column: 1,
                message:
                    "no CSV profile matches this file, and its layout cannot be inferred: the sign of the amounts is not clear: 'Amount' holds no negative numbers, so they may be money in (line 2: +49.90) or money out, as card exports show charges (line 2: -49.90); no balance column settles it. Its header (line 1) reads: Date,Payee,Amount. To read it, add this to closebook.toml and keep the line that is true:\n[[accounts]]\nid = \"ambiguous-sign\"\ninbox = [\"ambiguous-sign.csv\"]\nsign = \"as-written\"     # DECIDE: keep if 49.90 on line 2 is money in\n# sign = \"inverted\"     # or this, if it is money out (a card's charge)\nOr add a profile for its layout to Importers/ or the workspace's importers/ (see Importers/README.md), or set profile = \"NAME\" for its account in closebook.toml"
            )
        ) { try Self.read("ambiguous-sign.csv") }
    }

    @Test func theAccountsSignSettlesAmountsWithoutAMinus() throws {
        // 49.90 on line 2 has no minus: with sign = "inverted" it is money out, as written money in.
        let bytes = try FileOutput.read(Self.fixtures + "ambiguous-sign.csv")
        func read(_ sign: AmountSign) throws -> ParsedFile {
            let account = AccountConfig(id: AccountID("card"), name: "Card", sign: sign)
            return try CSVReader(profiles: []).read(
                bytes, path: "inbox/ambiguous-sign.csv", context: ReadContext(defaultCurrency: .eur, account: account))
        }
        let inverted = try read(.inverted)
        #expect(inverted.csvRecords.first?.amount.minorUnits == -4990)
        #expect(inverted.inferredProfile?.contains("sign = \"inverted\"") == true)
        #expect(inverted.inferredProfile?.contains("# Confidence: medium.") == true)
        #expect(try read(.asWritten).csvRecords.first?.amount.minorUnits == 4990)
    }

    @Test func ambiguousDatesNeedTheAccountsDateOrder() throws {
        #expect(throws: ImportDiagnostic.self) { try Self.read("ambiguous-dates.csv") }
        let file = try Self.read("ambiguous-dates.csv", dateOrder: .dayMonthYear)
        #expect(file.csvRecords.map(\.date.isoString) == ["2025-02-01", "2025-04-03"])
    }
}

@Suite("Stray quotes in unquoted cells")
struct StrayQuoteTests {
    @Test func aQuoteWithoutItsOpeningQuoteIsWarnedAboutAndLeftOut() throws {
        let profile = try CSVTestSupport.profile(
            """
            bank = "Test"
            [file]
            signature = ["Date", "Account", "Payee", "Amount"]
            [columns]
            date = "Date"
            date_format = "%Y-%m-%d"
            account = "Account"
            payee = "Payee"
            [amount]
            column = "Amount"
            """)
        let file = try CSVTestSupport.read(
            "Date,Account,Payee,Amount\n2025-01-02,NL12BANK0001,Shop,-1.00\n2025-01-03,NL12BANK0001\",ACME Ltd,-2.00\n",
            profiles: [profile])
        #expect(file.statements.count == 1)
        #expect(file.statements.first?.accountHint.accountNumber == "NL12BANK0001")
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:3:24: warning: stray quote in a cell that does not start with one (a missing opening quote?); the quote is left out of the value"
            ])
    }
}
