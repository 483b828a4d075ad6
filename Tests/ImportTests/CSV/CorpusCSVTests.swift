import Foundation
import Import
import Ledger
import Testing

/// Every CSV of the developer corpus (`shared/corpus/csv/`), read in place with the shipped
/// profiles, checked against the facts in `shared/corpus/EXPECTED.md`.
///
/// Where EXPECTED.md records another tool's convention, the test asserts our rule and says why.
@Suite("Corpus CSV files")
struct CorpusCSVTests {
    typealias Support = CSVTestSupport

    func amounts(_ records: some Collection<ParsedRecord>) -> [String] { records.map(\.amount.decimalString) }
    func dates(_ records: some Collection<ParsedRecord>) -> [String] { records.map(\.date.isoString) }
    func sum(_ records: some Collection<ParsedRecord>) -> String {
        var total = MoneyAccumulator()
        for record in records { total.add(record.amount.minorUnits) }
        guard let first = records.first else { return "0" }
        return Money(minorUnits: total.total, currency: first.amount.currency).decimalString
    }
    func balances(_ statement: ParsedStatement) -> [String] {
        statement.statedBalances.map { "\($0.date.isoString) \($0.amount.decimalString)" }
    }

    @Test("Every corpus CSV is read with a profile, each record on its own line")
    func everyFile() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Support.corpusDirectory)
            .filter { $0.hasSuffix(".csv") }.sorted()
        #expect(names.count == 26)
        for name in names {
            let file = try Support.readCorpus(name, currency: .usd)
            #expect(file.profile != nil, "\(name)")
            let lines = file.csvRecords.map(\.line) + file.skipped.map(\.line)
            #expect(Set(lines).count == lines.count, "\(name)")
        }
    }

    // MARK: - beangulp

    @Test func beangulpStatement() throws {
        let file = try Support.readCorpus("beangulp__statement.csv")
        #expect(file.profile == "chase-checking")
        let statement = try #require(file.statements.first)
        #expect(file.statements.count == 1)
        #expect(statement.currency == .usd)
        #expect(statement.accountHint.institution == "Chase")
        let records = statement.records
        // File order is newest first.
        #expect(dates(records) == ["2016-03-18", "2016-03-15", "2016-03-14", "2016-03-06", "2016-03-05", "2016-03-04"])
        #expect(amounts(records) == ["-2680.89", "2590.73", "-150.00", "-60.00", "110.00", "-1300.00"])
        // Narrations are the Description column verbatim, runs of spaces included.
        #expect(records[1].payee == "EMPLOYER INC    DIRECT DEP                 PPD ID: 1111111111")
        #expect(records[0].payee == "Payment to Chafe card ending in 1234 03/18")
        #expect(records[0].bankType == "ACCT_XFER")
        // beangulp writes `2016-03-19 balance 3409.86` because a beancount balance holds at the
        // START of its day; ours is a ledger balance at the END of the newest row's day, 2016-03-18.
        // The earliest day's end balance (after the 2016-03-04 row) is stated too.
        #expect(balances(statement) == ["2016-03-04 3600.02", "2016-03-18 3409.86"])
        #expect(records[0].balanceAfter == Support.money("3409.86", .usd))
    }

    // MARK: - hledger

    @Test(arguments: [
        ("hledger__sample.fr.utf8.csv", "CAFÉ — €20 REÇU", "utf-8"),
        ("hledger__sample.fr.cp1252.csv", "CAFÉ — €20 REÇU", "windows-1252"),
        // The ISO-8859-1 export lost the em dash and euro sign: they are literal '?' bytes.
        ("hledger__sample.fr.iso88591.csv", "CAFÉ ? ?20 REÇU", "windows-1252"),
    ])
    func hledgerFrenchSamples(name: String, third: String, encoding: String) throws {
        let file = try Support.readCorpus(name)
        #expect(file.profile == "hledger-sample-fr")
        let records = file.csvRecords
        #expect(dates(records) == ["2012-03-22", "2012-03-23", "2012-03-24"])
        #expect(records.map(\.payee) == ["DÉPÔT", "VIREMENT VERS ÉPARGNE", third])
        #expect(amounts(records) == ["50.00", "-10.00", "-20.00"])
        #expect(records.map(\.line) == [2, 3, 4])
        if encoding == "utf-8" {
            #expect(file.warnings.isEmpty)
        } else {
            // Not UTF-8 and no encoding declared: read as Windows-1252, and said so.
            #expect(
                file.warnings.map(\.description) == [
                    "corpus/csv/\(name):2:1: warning: file is not valid UTF-8 (byte 0xC9 on this line); read as windows-1252; declare the encoding in the profile if that is wrong"
                ])
        }
    }

    @Test func hledgerHeaderlessLatin1() throws {
        let file = try Support.readCorpus("hledger__t.iso8859-1.csv")
        #expect(file.profile == "hledger-headerless")
        let record = try #require(file.csvRecords.first)
        #expect(file.csvRecords.count == 1)
        #expect(record.date == Support.date("2025-01-01"))
        // The space after each comma is not part of the field.
        #expect(record.payee == "éclair")
        // hledger prints `expenses:unknown 1 / income:unknown -1`; the CSV amount itself is +1.
        #expect(record.amount == Support.money("1"))
        #expect(record.line == 1)
    }

    @Test func hledgerCSB43() throws {
        let file = try Support.readCorpus("hledger__csb43.csv")
        #expect(file.profile == "csb43")
        let statement = try #require(file.statements.first)
        #expect(statement.currency == .eur)
        #expect(statement.accountHint.accountNumber == "1234567890")
        #expect(dates(statement.records) == ["2019-11-02", "2019-11-10"])
        #expect(amounts(statement.records) == ["1500.00", "-500.00"])
        #expect(statement.records.map(\.payee) == ["MY_INCOME_LINE", "MY_EXPENSE_LINE"])
        #expect(statement.records[0].memo == "456789012345")
        #expect(sum(statement.records) == "1000.00")
        // initial_balance 000.00 and final_balance 1000.00 are statement fields repeated on every
        // row (`[statement]` in the profile): the opening balance is stated at the end of the day
        // before the first row (1 November, from line 2), the closing one at the end of the last
        // row's day (10 November, from line 3).
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: Support.date("2019-11-01"), amount: Support.money("0.00"), line: 2),
                StatedBalance(
                    kind: .ledger, date: Support.date("2019-11-10"), amount: Support.money("1000.00"), line: 3),
            ])
        #expect(file.warnings.isEmpty)
    }

    @Test("CSB43: the whole import checks the stated closing balance against the rows, and it matches")
    func hledgerCSB43BalanceCheck() throws {
        let outcome = ImportDriver(readers: [CSVReader(profiles: Support.profiles)], config: WorkspaceConfig())
            .run([InboxFile(name: "csb43.csv", bytes: try Support.corpusBytes("hledger__csb43.csv"))])
        let file = try #require(outcome.report.files.first)
        #expect(file.errors.isEmpty)
        #expect(file.warnings.isEmpty)
        // No opening balance in closebook.toml: the stated opening 0.00 anchors the account, and
        // the closing 1000.00 is checked against 0.00 + 1500.00 - 500.00.
        let check = try #require(file.balanceChecks.first)
        #expect(file.balanceChecks.count == 1)
        #expect(check.status == "ok")
        #expect(check.checked == 1)
        #expect(check.matched == 1)
        #expect(check.anchor?.date == "2019-11-01")
        #expect(check.anchor?.amount == "0.00")
        #expect(check.anchor?.line == 2)
        #expect(check.firstDivergence == nil)
        #expect(outcome.report.accounts.first?.openingBalance == "0.00")
    }

    @Test func hledgerYNAB4() throws {
        let file = try Support.readCorpus("hledger__ynab4-rtl.csv")
        #expect(file.profile == "ynab4")
        // Two accounts in one file: one statement each.
        #expect(file.statements.map { $0.accountHint.name } == ["checking1", "creditcard1"])
        let checking = file.statements[0].records[0]
        #expect(checking.date == Support.date("2022-11-07"))
        #expect(checking.payee == "shop1")
        #expect(checking.memo == "Lunch")
        let jod = Currency(code: "JOD")!
        // "د.ا.‏4.750" in Outflow: the sign and its right-to-left mark are stripped, 3 decimals.
        #expect(checking.amount == Money(minorUnits: -4750, currency: jod))
        #expect(checking.balanceAfter == Money(minorUnits: 0, currency: jod))
        let card = file.statements[1].records[0]
        #expect(card.date == Support.date("2022-12-11"))
        #expect(card.payee == "coffeeshop")
        #expect(card.amount == Money(minorUnits: -93210, currency: jod))
        #expect(card.balanceAfter == Money(minorUnits: 56790, currency: jod))
        #expect(balances(file.statements[1]) == ["2022-12-11 56.790"])
    }

    @Test func hledgerMonefy() throws {
        let file = try Support.readCorpus("hledger__monefy.csv")
        #expect(file.profile == "monefy")
        let records = file.statements.flatMap(\.records).sorted { $0.line < $1.line }
        #expect(records.count == 8)
        #expect(records.allSatisfy { $0.date == Support.date("2021-12-06") })
        #expect(
            amounts(records) == ["-55.00", "-25.00", "1280.80", "-180.00", "4884.00", "-12.00", "-200.00", "200.00"])
        #expect(records.allSatisfy { $0.amount.currency == .usd })
        #expect(sum(records) == "5892.80")
        #expect(records[6].bankCategory == "To 'Payment card'")
        #expect(file.statements.map { $0.accountHint.name } == ["Cash", "Payment card"])
    }

    @Test func hledgerPayPalCustom() throws {
        let file = try Support.readCorpus("hledger__paypal-custom.csv")
        #expect(file.profile == "paypal-activity")
        let records = file.csvRecords
        #expect(
            dates(records) == [
                "2019-10-01", "2019-10-01", "2019-10-01", "2019-10-01", "2019-10-19", "2019-10-19", "2019-10-22",
            ])
        // Net: what moved in the balance (Noble Benefactor: gross 10.00, fee -0.59, net 9.41).
        #expect(amounts(records) == ["-6.99", "6.99", "-7.00", "7.00", "-2.00", "2.00", "9.41"])
        #expect(
            records.map(\.balanceAfter?.decimalString) == ["-6.99", "0.00", "-7.00", "0.00", "-2.00", "0.00", "9.41"])
        #expect(records[0].payee == "Calm Radio")
        // The bank deposits have no Name; the Type (trailing space trimmed) stands in.
        #expect(records[1].payee == "Bank Deposit to PP Account")
        #expect(records[1].status == .pending)
        #expect(records[4].payee == "Wikimedia Foundation, Inc.")
        #expect(records[6].payee == "Noble Benefactor")
    }

    // MARK: - ledger-autosync

    @Test func ledgerAutosyncPayPal() throws {
        let file = try Support.readCorpus("ledger-autosync__paypal.csv")
        #expect(file.profile == "paypal-classic")
        let records = file.csvRecords
        #expect(dates(records) == ["2016-06-04", "2016-06-04"])
        // ledger-autosync's narration joins name, e-mail, item and type; ours keeps the Name as payee.
        #expect(records.map(\.payee) == ["Jane Doe", "Debit Card"])
        #expect(records.map(\.amount) == [Support.money("-20.00", .usd), Support.money("1120.00", .usd)])
    }

    @Test func ledgerAutosyncPayPalAlternate() throws {
        let file = try Support.readCorpus("ledger-autosync__paypal_alternate.csv", currency: .usd)
        #expect(file.profile == "paypal-short")
        let records = file.csvRecords
        #expect(dates(records) == ["2016-12-31", "2016-12-31"])
        #expect(records.map(\.payee) == ["Some User", "Bank Account"])
        #expect(records.map(\.bankType) == ["Payment Sent", "Add Funds from a Bank Account"])
        #expect(records.map(\.amount) == [Support.money("-12.34", .usd), Support.money("12.34", .usd)])
    }

    @Test func ledgerAutosyncMint() throws {
        let file = try Support.readCorpus("ledger-autosync__mint.csv", currency: .usd)
        #expect(file.profile == "mint")
        let records = file.csvRecords
        #expect(dates(records) == ["2016-08-02", "2016-06-02"])
        #expect(records.map(\.payee) == ["Amazon", "Autopay Rautopay Auto"])
        // Convention: ledger-autosync posts +29.99 to the Mint account for a "debit". Our amounts are
        // from the account holder's side: a debit is money out (-29.99), a credit money in (+123.45).
        #expect(amounts(records) == ["-29.99", "123.45"])
        #expect(records[0].bankCategory == "Shopping")
        #expect(file.statements[0].accountHint.name == "1234")
    }

    // MARK: - ofxstatement-austrian

    @Test func easybankGiro() throws {
        let file = try Support.readCorpus("ofxstatement-austrian__easybank-giro.csv")
        #expect(file.profile == "easybank")
        let statement = try #require(file.statements.first)
        #expect(statement.currency == .eur)
        #expect(statement.accountHint.accountNumber == "AT123456789012345678")
        let records = statement.records
        #expect(records.count == 10)
        #expect(
            amounts(records) == [
                "-0.42", "1.23", "-123.45", "-32.00", "-1001.00", "-400.00", "-20.90", "-8.40", "12.10", "9.98",
            ])
        #expect(
            dates(records) == [
                "2014-01-01", "2014-01-01", "2014-01-04", "2014-01-08", "2014-01-19", "2014-01-28", "2014-01-31",
                "2014-02-21", "2014-02-28", "2015-10-07",
            ])
        // The plugin's end_balance is the sum from 0.
        #expect(sum(records) == "-1562.86")
        // The plugin splits the padded text into memo, reference and payee with bank-specific code;
        // ours keeps the whole text as the payee with runs of spaces collapsed (as the plugin does).
        #expect(records[0].payee == "Einbehaltene KESt BG/000000001")
        #expect(
            records[3].payee == "Abbuchung Einzugsermächtigung OG/000000004 Amazon *Mktplce EU-AT 01234 01234567890")
        #expect(records[8].payee == "Gutschrift Überweisung VD/000000009 ABCDEF1G235 AT098765432109876543 Some person")
    }

    @Test func easybankCreditCard() throws {
        let file = try Support.readCorpus("ofxstatement-austrian__easybank-creditcard.csv")
        #expect(file.profile == "easybank")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "12345678901")
        #expect(statement.currency == .eur)
        #expect(amounts(statement.records) == ["-5.99", "30.99", "-22.69"])
        #expect(dates(statement.records) == ["2013-07-02", "2013-06-21", "2013-02-19"])
        #expect(sum(statement.records) == "2.31")
        #expect(statement.records[0].payee == "Some vendor/info|12345678909876543212345")
    }

    @Test func ingDiBaAustria() throws {
        let file = try Support.readCorpus("ofxstatement-austrian__ing-diba.csv")
        #expect(file.profile == "ing-diba-at")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "12345678001")
        #expect(statement.currency == .eur)
        let records = statement.records
        #expect(amounts(records) == ["12.23", "-34.56", "500.00", "20.30", "-1500.00", "10.00"])
        #expect(
            records.map(\.payee) == [
                "Habenzinsen", "Kapitalertragsteuer", "Eingang: XXX", "Umbuchung von 003", "Auszahlung - XXX",
                "Prämie Foo",
            ])
        #expect(dates(records) == ["2013-12-31", "2013-12-31", "2013-12-23", "2013-09-25", "2013-08-27", "2013-08-13"])
        #expect(sum(records) == "-992.03")
        #expect(file.warnings.isEmpty)
    }

    @Test func livebank() throws {
        let file = try Support.readCorpus("ofxstatement-austrian__livebank.csv")
        #expect(file.profile == "livebank")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "12345678")
        let records = statement.records
        #expect(amounts(records) == ["150.00", "-100.00", "5000.00"])
        #expect(dates(records) == ["2013-07-03", "2013-06-10", "2013-06-05"])
        #expect(records.map(\.memo) == ["Datenträger-Umsatz", "Internetauftrag", "Datenträger-Umsatz"])
        #expect(
            records.map(\.payee) == [
                "A name, A text, REF: XXXXXXXXXXXXXXXXXXXXXXXXXXXX", "A text, A reference, A text",
                "A name, A text, REF: XXXXXXXXXXXXXXXXXXXXXXXXXXXX",
            ])
        // The three 0,00 "Verständigung" rows are notices: skipped with a reason, not lost.
        #expect(
            file.skipped == [
                SkippedRecord(line: 3, reason: "zero-amount notice row"),
                SkippedRecord(line: 6, reason: "zero-amount notice row"),
                SkippedRecord(line: 7, reason: "zero-amount notice row"),
            ])
        #expect(file.recordCount == 6)
    }

    @Test func raiffeisenAustria() throws {
        let file = try Support.readCorpus("ofxstatement-austrian__raiffeisen.csv")
        #expect(file.profile == "raiffeisen-at")
        let records = file.csvRecords
        #expect(amounts(records) == ["0.58", "-0.15", "-0.11", "-6.65", "-175.16", "-100.00", "123.60"])
        #expect(
            records.map(\.payee) == [
                "0,125 % p.a. Habenzinsen ab 01.04.13", "Kapitalertragsteuer", "Entgelt Kontoauszug",
                "Entgelt Kontoführung",
                "ELBA-INTERNET VOM 29.06 UM 09:16 Empfänger: A person Verwendungszweck: Invoice number 10",
                "Lastschrift Auftraggeber: A company Kundendaten: 000000000000 111111111111 Verwendungszweck: reason",
                "Gutschrift Auftraggeber: A person Kundendaten: reason",
            ])
        #expect(
            dates(records) == [
                "2013-06-28", "2013-06-28", "2013-06-28", "2013-06-28", "2013-07-01", "2013-07-01", "2013-07-04",
            ])
        #expect(sum(records) == "-157.89")
        #expect(file.statements[0].currency == .eur)
    }

    // MARK: - ofxstatement-dutch

    @Test func knab() throws {
        let file = try Support.readCorpus("ofxstatement-dutch__Knab_transactieoverzicht_ok.csv")
        #expect(file.profile == "knab")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "NL99KNAB9999999999")
        #expect(statement.accountHint.institution == "Knab")
        #expect(statement.currency == .eur)
        let records = statement.records
        #expect(records.count == 28)
        #expect(file.skipped.isEmpty)
        // C = +, D = -.
        #expect(sum(records) == "7.01")
        // The plugin's end_date 2019-06-22 is the last booking date plus one day (its convention);
        // the dates themselves run from 2019-01-07 to 2019-06-21.
        #expect(records.map(\.date).min() == Support.date("2019-01-07"))
        #expect(records.map(\.date).max() == Support.date("2019-06-21"))
        #expect(records[0].payee == "Gert Janssen (FR) (FR9999999999999999999999999)")
        #expect(records[0].memo == "Tresorie")
        #expect(records[0].amount == Support.money("-827.75"))
        // Booking date (Boekdatum), not the transaction date: line 9 was made on 09-06 and booked 10-06.
        #expect(records[6].line == 9)
        #expect(records[6].date == Support.date("2019-06-10"))
        // No counter-account number: the optional part of the payee template is dropped.
        #expect(records[27].payee == "Knab")
        #expect(records[27].amount == Support.money("7.02"))
    }

    @Test func ingNetherlands() throws {
        let file = try Support.readCorpus("ofxstatement-dutch__ing_ok_Mutatiesoort_Extra_Unquoted.csv")
        #expect(file.profile == "ing-nl")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "NL99INGB9999999999")
        #expect(statement.currency == .eur)
        let records = statement.records
        #expect(amounts(records) == ["-1.25", "1.25", "20.00", "-0.31", "-0.31"])
        #expect(file.skipped == [SkippedRecord(line: 4, reason: "zero-amount notice row")])
        #expect(records.map(\.date).min() == Support.date("2019-12-13"))
        #expect(records[2].payee == "PAULISSEN G J L M (NL99ASNB9999999999)")
        #expect(
            records[2].memo
                == "Naam: PAULISSEN G J L M Omschrijving: Kosten rekening IBAN: NL99ASNB9999999999 Valutadatum: 13-12-2019"
        )
        // The plugin leaves the payee empty when there is no counter-account and folds the name
        // into the memo; ours keeps "Naam / Omschrijving" as the payee (what rules match on).
        #expect(records[0].payee == "Kosten OranjePakket met korting")
        #expect(records[0].memo == "1 jan t/m 31 jan 2020 ING BANK N.V. Valutadatum: 13-02-2020")
        // Convention: the plugin suffixes " #2" to tell the two identical rows apart. Ours keeps
        // both as they are; the import driver's occurrence number keeps them two transactions.
        #expect(
            records[3]
                == ParsedRecord(
                    date: records[4].date, amount: records[4].amount, payee: records[4].payee, memo: records[4].memo,
                    bankType: records[4].bankType, line: 6))
        #expect(records[4].line == 7)
    }

    @Test func asnBank() throws {
        let file = try Support.readCorpus(
            "ofxstatement-dutch__transactie-historie_NL00ASNB9999999999_20220717204133.csv")
        #expect(file.profile == "asn-bank")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "NL00ASNB9999999999")
        #expect(statement.currency == .eur)
        let records = statement.records
        #expect(
            amounts(records) == [
                "223.77", "-200.00", "-2.20", "503.15", "-22.95", "-400.00", "-147.97", "2560.00", "-1000.00",
                "-1000.00", "-560.00",
            ])
        #expect(sum(records) == "-46.20")
        #expect(records[0].payee == "XXXXXXXXX Z Z Z Z (NL99ASNB0000000000)")
        #expect(records[0].date == Support.date("2022-06-17"))
        #expect(records[2].payee == "")
        // Single quotes around the description are stripped.
        #expect(records[2].memo == "Kosten gebruik betaalrekening inclusief 1 betaalpas")
        // The journal date (column 12), as the plugin uses it; the booking date column says 28-06.
        #expect(records[5].date == Support.date("2022-06-29"))
        // Start balance 130.44 (the balance before the first row, so at the end of 2022-06-16),
        // the end of the first day, and the end balance 84.24 (644.24 - 560.00).
        #expect(balances(statement) == ["2022-06-16 130.44", "2022-06-17 154.21", "2022-07-11 84.24"])
        #expect(records[10].balanceAfter == Support.money("84.24"))
    }

    // MARK: - ofxstatement-lithuanian

    @Test func danske() throws {
        let file = try Support.readCorpus("ofxstatement-lithuanian__danske.csv", currency: Currency(code: "LTL")!)
        #expect(file.profile == "danske-lt")
        let records = file.csvRecords
        #expect(dates(records) == ["2012-03-01", "2012-03-01", "2012-03-06", "2012-03-07"])
        // "-.46" has no leading zero.
        #expect(amounts(records) == ["-7.80", "889.81", "-0.46", "-881.55"])
        // What the plugin calls memo is our payee: the Name cell, else the Memo cell.
        #expect(records[0].payee == "Paslaugų ir komisinių pajamos už gaunamus tarptautinius pervedimus USD")
        #expect(records[1].payee == "ACME LLC")
        #expect(records[2].payee.hasPrefix("Mokestis už lėšų, gautų iš kitų LR registruotų bankų, "))
        #expect(records[2].payee.hasSuffix(" 2012.03.06"))
        #expect(records[3].payee == "John Doe")
        // Records whose quoted cells hold line breaks start on lines 2, 4, 6 and 7.
        #expect(records.map(\.line) == [2, 4, 6, 7])
    }

    @Test func swedbank() throws {
        let file = try Support.readCorpus("ofxstatement-lithuanian__swedbank.csv")
        #expect(file.profile == "swedbank-lt")
        let ltl = Currency(code: "LTL")!
        #expect(file.statements.map(\.currency) == [ltl, .eur])
        let statement = file.statements[0]
        // The plugin appends the currency to the account id ("...-LTL"); ours keeps the account
        // number and puts the currency on the statement.
        #expect(statement.accountHint.accountNumber == "LT797300010XXXXXXXXX")
        let records = statement.records
        #expect(records.count == 5)
        #expect(amounts(records) == ["-14.34", "-215.00", "-12.20", "1600.00", "-300.00"])
        #expect(records[0].payee == "McDonald's restoranas AKR Vilnius")
        #expect(records[0].date == Support.date("2012-01-02"))
        // The unescaped quotes inside the quoted cell survive.
        #expect(records[2].payee == "UAB \"Naktida\"")
        #expect(records[3].payee == "Company")
        #expect(records[3].memo == "Salary")
        #expect(records[4].payee == "")
        // Code 10 is the opening balance (the start of 2012-01-01), 86 the closing balance.
        #expect(balances(statement) == ["2011-12-31 2123.82", "2012-01-31 3917.30"])
        #expect(balances(file.statements[1]) == ["2011-12-31 120.00", "2012-01-31 120.00"])
        #expect(file.statements[1].records.isEmpty)
        #expect(
            file.skipped == [
                SkippedRecord(line: 2, reason: "opening balance row"),
                SkippedRecord(line: 8, reason: "turnover total row"),
                SkippedRecord(line: 9, reason: "turnover total row"),
                SkippedRecord(line: 10, reason: "closing balance row"),
                SkippedRecord(line: 11, reason: "opening balance row"),
                SkippedRecord(line: 12, reason: "closing balance row"),
            ])
        #expect(
            file.warnings.map(\.description) == [
                "corpus/csv/ofxstatement-lithuanian__swedbank.csv:5:47: warning: quote inside a quoted field is not doubled; kept as text"
            ])
    }

    // MARK: - ofxstatement-russian

    @Test func sberbank() throws {
        let file = try Support.readCorpus("ofxstatement-russian__sberbank.csv")
        #expect(file.profile == "sberbank")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "Основная *6833")
        // EXPECTED.md says RUR (the plugin's code); RUB is the ISO 4217 code for the rouble.
        #expect(statement.currency == Currency(code: "RUB"))
        let records = statement.records
        #expect(records.count == 11)
        #expect(records.allSatisfy { !$0.amount.isZero })
        #expect(sum(records) == "7338.83")
        #expect(records[0].amount == Support.money("-4320.40", Currency(code: "RUB")!))
        #expect(records[0].date == Support.date("2019-10-31"))
        // The plugin's memo joins description, city, country and code; ours splits payee and place.
        #expect(records[0].payee == "SBOL перевод 4276****1234 И. ИВАН ИВАНОВИЧ")
        #expect(records[0].memo == "MOSCOW, RUS")
        // The processing date, not the transaction date (2019-06-16).
        #expect(records[3].date == Support.date("2019-06-17"))
        #expect(records[3].amount == Support.money("9.01", Currency(code: "RUB")!))
        #expect(records[3].payee == "SBERBANK ONL@IN VKLAD-KARTA")
        // "-,01" has no leading zero.
        #expect(records[7].amount == Support.money("-0.01", Currency(code: "RUB")!))
        // The (ignored) trntype convention of the plugin does not apply: signs are the file's.
        #expect(file.warnings.isEmpty)
    }

    @Test func vtb() throws {
        let file = try Support.readCorpus("ofxstatement-russian__vtb.csv")
        #expect(file.profile == "vtb")
        let statement = try #require(file.statements.first)
        let rub = Currency(code: "RUB")!
        #expect(statement.currency == rub)
        // From the metadata block, Excel's leading apostrophe stripped.
        #expect(statement.accountHint.accountNumber == "462235******0069")
        #expect(statement.coverage == Support.date("2019-07-07")...Support.date("2019-07-13"))
        let records = statement.records
        // The account-currency column, not the original EUR amounts (-4,50 / -3,80).
        #expect(amounts(records) == ["-336.15", "-283.48", "-300.00", "-600.00"])
        // The plugin leaves the fourth date empty (no processing date yet); ours takes the
        // operation date so the record is not lost.
        #expect(dates(records) == ["2019-07-08", "2019-07-07", "2019-07-07", "2019-07-13"])
        // The plugin extracts "payee1" from the text; ours keeps the whole text as the payee.
        #expect(records[0].payee == "Карта *1234 payee1")
        #expect(records[3].payee == "Карта *1234 MEGAFON TOPUP  1234")
        // End balance 82 604,01 at the end of the period. The start balance 99955.01 is not in
        // the file (the plugin derives it from the summary table).
        #expect(balances(statement) == ["2019-07-13 82604.01"])
    }

    @Test func alfabank() throws {
        let file = try Support.readCorpus("ofxstatement-russian__alfabank.csv")
        #expect(file.profile == "alfabank")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "11111111111111111111")
        #expect(statement.currency == Currency(code: "RUB"))
        let records = statement.records
        #expect(amounts(records) == ["33123.56", "-50.00", "-1500.00"])
        #expect(dates(records) == ["2017-05-31", "2017-05-03", "2017-05-03"])
        #expect(records[0].payee == "{VO11111} Перечисление ден. средств (зарплата за май 2017 г.)")
        #expect(
            records[1].payee
                == "Комиссия за переводы в рублях за период с1МАЙ17 по 1МАЙ17 поруч.поданы ч/з ИнтернетБанк Согл.тариф.Банка Иванов Иван Иванович"
        )
        #expect(
            records[2].payee
                == "123456++++++6789    11111111\\123\\Visa Direct\\SOME BANK             03.05.17 01.05.17    1500.00  RUR MCC1234"
        )
        // No final newline: the last record is complete all the same.
        #expect(records[2].line == 4)
    }

    // MARK: - ofxstatement-de-ing

    @Test func ingGermany() throws {
        let file = try Support.readCorpus("ofxstatement-de-ing__test_with_saldo_1.csv")
        #expect(file.profile == "ing-de")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "DE12 3456 7890 1234 5678 90")
        #expect(statement.coverage == Support.date("2017-12-28")...Support.date("2018-12-28"))
        let records = statement.records
        #expect(records.count == 9)
        #expect(records.first?.line == 16)
        #expect(
            amounts(records) == ["-5.50", "50.00", "-2.90", "-1.50", "-60.00", "-150.00", "-2.90", "-2.90", "-2.90"])
        #expect(sum(records) == "-178.60")
        // The running Saldo is consistent: saldo(i) = saldo(i+1) + amount(i), newest first.
        for index in 0..<(records.count - 1) {
            #expect(records[index + 1].balanceAfter?.adding(records[index].amount) == records[index].balanceAfter)
        }
        // "155,5" is 155.50.
        #expect(records[1].balanceAfter == Support.money("155.50"))
        // Closing Saldo 150,00 (the preamble's "Saldo;150,00;EUR" says the same) and the end of
        // the earliest day; the implied opening balance is 150.00 + 178.60 = 328.60.
        #expect(balances(statement) == ["2018-12-09 319.90", "2018-12-28 150.00"])
        #expect(records[8].balanceAfter?.subtracting(records[8].amount) == Support.money("328.60"))
        #expect(records[0].payee == "PayDude (Europe) S.a.r.l. et Cie., S .C.A.")
        #expect(records[4].memo == "Schulden")
        #expect(records[4].bankType == "Überweisung")
    }
}
