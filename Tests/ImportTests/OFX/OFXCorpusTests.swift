import Foundation
import Ledger
import Testing

@testable import Import

/// Every OFX/QFX/SGML file of the shared corpus, read in place, checked against the facts
/// `shared/corpus/EXPECTED.md` lists for it. Where EXPECTED.md records another tool's convention
/// (ofxparse's UTC dates, ledger-autosync's memo-as-payee), the test asserts our rule and says why.
/// Line numbers were taken with `grep -n` on the files; they count LF line ends.
@Suite struct OFXCorpusTests {
    typealias Support = OFXTestSupport

    // MARK: - ledger-autosync

    @Test func checking() throws {
        let name = "ledger-autosync__checking.ofx"
        let bytes = try Support.corpusBytes(name)
        #expect(OFX1Reader.recognizes(bytes))
        #expect(!OFX2Reader.recognizes(bytes))
        let file = try Support.readCorpus(name)
        #expect(file.format == .ofx1)
        #expect(file.warnings.isEmpty)
        #expect(file.skipped.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(
                    institution: "FAKE", accountNumber: "1452687~7", kind: .checking, bankID: "5472369148",
                    accountType: "CHECKING"))
        #expect(statement.currency == .usd)
        #expect(statement.coverage == date("2000-01-01")...date("2013-05-25"))
        #expect(statement.records.count == 3)
        // ledger-autosync prints the MEMO as the payee because NAME is cut at 32 characters; we keep
        // NAME as the payee and MEMO as the memo, so both texts survive.
        let first = statement.records[0]
        #expect(first.date == date("2011-03-31"))
        #expect(first.amount == money("0.01", "USD"))
        #expect(first.payee == "DIVIDEND EARNED FOR PERIOD OF 03")
        #expect(
            first.memo
                == "DIVIDEND EARNED FOR PERIOD OF 03/01/2011 THROUGH 03/31/2011 ANNUAL PERCENTAGE YIELD EARNED IS 0.05%"
        )
        #expect(first.fitID == "0000486")
        #expect(first.bankType == "CREDIT")
        #expect(first.status == .posted)
        #expect(first.line == 46)
        let second = statement.records[1]
        #expect(second.date == date("2011-04-05"))
        #expect(second.amount == money("-34.51", "USD"))
        #expect(second.payee == "AUTOMATIC WITHDRAWAL, ELECTRIC BILL")
        #expect(second.memo == "AUTOMATIC WITHDRAWAL, ELECTRIC BILL WEB(S )")
        #expect(second.fitID == "0000487")
        #expect(second.line == 54)
        let third = statement.records[2]
        #expect(third.date == date("2011-04-07"))
        #expect(third.amount == money("-25.00", "USD"))
        #expect(third.checkNumber == "319")
        #expect(third.payee == "RETURNED CHECK FEE, CHECK # 319")
        #expect(third.memo == "RETURNED CHECK FEE, CHECK # 319 FOR $45.33 ON 04/07/11")
        #expect(third.fitID == "0000488")
        #expect(third.line == 62)
        #expect(statement.totalMinorUnits == -5950)
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2013-05-25"), amount: money("100.99", "USD"), line: 72),
                StatedBalance(kind: .available, date: date("2013-05-25"), amount: money("75.99", "USD"), line: 76),
            ])
        // ledger-autosync's initial balance: 100.99 minus the sum of the transactions.
        #expect(statement.statedBalances[0].amount.minorUnits - statement.totalMinorUnits == 16049)
    }

    @Test func accentedCharactersLatin1() throws {
        let name = "ledger-autosync__accented_characters_latin1.ofx"
        let file = try Support.readCorpus(name)
        // The header says ENCODING:USASCII and CHARSET:1252; byte 0xE0 is Windows-1252 'à', as CHARSET says.
        #expect(file.warnings.isEmpty)
        let statement = try file.only
        #expect(statement.records.count == 1)
        let record = statement.records[0]
        #expect(record.payee == "Virement Interac à: Jean")
        #expect(record.amount == money("-58.73", "USD"))
        #expect(record.date == date("2014-09-20"))
        #expect(record.fitID == "201409206")
        #expect(record.bankType == "PAYMENT")
        #expect(record.line == 46)
        #expect(statement.accountHint.accountNumber == "1452687~7")
        #expect(statement.balance(.ledger)?.amount == money("100.99", "USD"))
        #expect(statement.balance(.available)?.amount == money("75.99", "USD"))
    }

    @Test func apostrophe() throws {
        let statement = try Support.readCorpus("ledger-autosync__apostrophe.ofx").only
        #expect(statement.records.count == 1)
        #expect(statement.records[0].payee == "TRADER JOE'S #541 QPS")
        #expect(statement.records[0].amount == money("-58.73", "USD"))
        #expect(statement.records[0].date == date("2014-09-20"))
    }

    @Test func noInstitution() throws {
        let file = try Support.readCorpus("ledger-autosync__no-institution.ofx")
        let statement = try file.only
        // No <FI> block: the institution is unknown, which the driver must cope with.
        #expect(
            statement.accountHint
                == AccountHint(
                    accountNumber: "1452687~7", kind: .checking, bankID: "5472369148", accountType: "CHECKING"))
        #expect(statement.records.map(\.fitID) == ["0000486", "0000487", "0000488"])
        #expect(statement.amounts == [money("0.01", "USD"), money("-34.51", "USD"), money("-25.00", "USD")])
        #expect(statement.records.map(\.line) == [42, 50, 58])
        #expect(statement.balance(.ledger)?.amount == money("100.99", "USD"))
    }

    // MARK: - ofxparse

    @Test func bankMedium() throws {
        let name = "ofxparse__bank_medium.ofx"
        let bytes = try Support.corpusBytes(name)
        let preamble = try #require(bytes.withUnsafeBufferPointer { OFXPreamble.scan($0) })
        #expect(preamble.kind == .sgmlHeader)
        #expect(
            preamble.fields == [
                "OFXHEADER": "100", "DATA": "OFXSGML", "VERSION": "102", "SECURITY": "NONE", "ENCODING": "USASCII",
                "CHARSET": "1252", "COMPRESSION": "NONE", "OLDFILEUID": "NONE", "NEWFILEUID": "NONE",
            ])
        let statement = try Support.readCorpus(name).only
        #expect(
            statement.accountHint
                == AccountHint(
                    accountNumber: "12300 000012345678", kind: .checking, bankID: "160000100", accountType: "CHECKING"))
        #expect(statement.currency == Currency(code: "CAD"))
        #expect(statement.coverage == date("2009-04-01")...date("2009-05-23"))
        #expect(
            statement.balance(.ledger)
                == StatedBalance(kind: .ledger, date: date("2009-05-23"), amount: money("382.34", "CAD"), line: 18))
        #expect(statement.balance(.available)?.amount == money("682.34", "CAD"))
        #expect(statement.balance(.available)?.date == date("2009-05-23"))
        #expect(statement.records.count == 3)
        // 20090401122017.000[-5:EST] is 1 April where the bank is.
        #expect(statement.dates == [date("2009-04-01"), date("2009-04-02"), date("2009-04-03")])
        #expect(statement.records.map(\.payee) == ["MCDONALD'S #112", "Joe's Bald Hairstyles", "CONNIE'S HAIR D"])
        #expect(statement.records.map(\.bankType) == ["POS", "CHECK", "POS"])
        #expect(statement.amounts == [money("-6.60", "CAD"), money("-316.67", "CAD"), money("-22.00", "CAD")])
        #expect(statement.records[1].checkNumber == "0")
        #expect(statement.records.map(\.line) == [15, 16, 17])
        #expect(statement.totalMinorUnits == -34527)
    }

    @Test func anzCreditCardWithXMLPrologOverSGML() throws {
        let name = "ofxparse__anzcc.ofx"
        let bytes = try Support.corpusBytes(name)
        #expect(OFX2Reader.recognizes(bytes))
        #expect(!OFX1Reader.recognizes(bytes))
        let file = try Support.readCorpus(name)
        // The prolog says OFX 2.03 XML, but leaf elements have no end tags: read as SGML, with a warning.
        #expect(file.format == .ofx1)
        #expect(
            file.warnings.map(\.description) == [
                "ofxparse__anzcc.ofx:9:10: warning: the file declares XML but is not well-formed XML "
                    + "(Opening and ending tag mismatch: SEVERITY line 8 and STATUS); it is read as OFX 1 SGML instead"
            ])
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(accountNumber: "1234123412341234", kind: .creditCard, accountType: "CREDITCARD"))
        #expect(statement.currency == Currency(code: "AUD"))
        #expect(statement.records.count == 1)
        let record = statement.records[0]
        #expect(record.bankType == "DEBIT")
        #expect(record.amount == money("-5.50", "AUD"))
        #expect(record.date == date("2017-05-08"))
        #expect(record.fitID == "201705080001")
        #expect(record.memo == "SOME MEMO")
        // No NAME: the memo stands in as the payee.
        #expect(record.payee == "SOME MEMO")
        #expect(record.line == 29)
        #expect(statement.balance(.ledger)?.amount == money("-123.45", "AUD"))
        #expect(statement.balance(.available)?.amount == money("123.45", "AUD"))
        #expect(statement.balance(.ledger)?.date == date("2017-05-10"))
    }

    @Test func multipleAccountsWithoutTransactions() throws {
        let file = try Support.readCorpus("ofxparse__multiple_accounts2.ofx")
        #expect(file.format == .ofx2)
        #expect(file.warnings.isEmpty)
        #expect(file.statements.count == 2)
        #expect(file.statements.map(\.accountHint.accountNumber) == ["9100", "9200"])
        #expect(file.statements.map(\.accountHint.kind) == [.checking, .savings])
        #expect(file.statements.map(\.accountHint.institution) == ["blah", "blah"])
        #expect(file.statements.allSatisfy { $0.records.isEmpty && $0.coverage == nil })
        // DTASOF 20120603133220.000[-7:PDT] is 3 June where the bank is.
        #expect(
            file.statements.map(\.statedBalances) == [
                [StatedBalance(kind: .ledger, date: date("2012-06-03"), amount: money("111.00", "USD"), line: 34)],
                [StatedBalance(kind: .ledger, date: date("2012-06-03"), amount: money("222.00", "USD"), line: 54)],
            ])
    }

    @Test func vanguardInvestment() throws {
        let file = try Support.readCorpus("ofxparse__vanguard.ofx")
        #expect(file.warnings.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(institution: "The Vanguard Group", accountNumber: "01234567890", kind: .investment))
        #expect(statement.currency == .usd)
        #expect(statement.records.count == 1)
        let sale = statement.records[0]
        #expect(sale.fitID == "01234567890.0123.07152011.0")
        // ofxparse gives 2011-07-15 21:00 UTC for DTTRADE 20110715160000.000[-5:EST]; we keep the
        // bank's own calendar date, which here is the same day.
        #expect(sale.date == date("2011-07-15"))
        // SELLMF TOTAL 4212.3 (42.123 units at 100.00) is cash coming in.
        #expect(sale.amount == money("4212.30", "USD"))
        #expect(sale.bankType == "SELLMF")
        #expect(sale.memo == "THIS IS A MEMO")
        // Both securities in SECLIST share CUSIP 012345678; the first one names the sale.
        #expect(sale.payee == "Sell Name of the security")
        #expect(sale.line == 11)
        // Two positions: 10200.0 + 14279.72.
        #expect(statement.positionsValue == money("24479.72", "USD"))
        #expect(statement.coverage == date("2011-06-25")...date("2011-07-27"))
    }

    @Test func suncorpCDATA() throws {
        let file = try Support.readCorpus("ofxparse__suncorp.ofx")
        #expect(file.format == .ofx2)
        #expect(file.warnings.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(
                    institution: "SUNCORP", accountNumber: "123456789", kind: .checking, bankID: "SUNCORP",
                    accountType: "CHECKING"))
        #expect(statement.currency == Currency(code: "AUD"))
        #expect(statement.records.count == 1)
        let record = statement.records[0]
        #expect(record.payee == "EFTPOS WDL HANDYWAY ALDI STORE")
        #expect(record.memo == "EFTPOS WDL HANDYWAY ALDI STORE   GEELONG WEST VICAU")
        #expect(record.amount == money("-16.85", "AUD"))
        #expect(record.date == date("2013-12-15"))
        #expect(record.fitID == "1")
        #expect(record.checkNumber == "0")
        #expect(record.line == 35)
        #expect(
            statement.balance(.ledger)
                == StatedBalance(kind: .ledger, date: date("2013-12-15"), amount: money("1234.12", "AUD"), line: 45))
    }

    @Test func emptyTagsVersion102() throws {
        let name = "ofxparse__ofx-v102-empty-tags.ofx"
        let file = try Support.readCorpus(name)
        // ofxparse leaves curdef None and warns; we warn too and take AUD from the transaction's CURRENCY.
        #expect(
            file.warnings.map(\.description) == [
                "\(name):23:871: warning: LEDGERBAL has no BALAMT; the balance is ignored",
                "\(name):23:269: warning: the statement has no CURDEF; its currency AUD is taken from its "
                    + "transactions' CURRENCY",
            ])
        let statement = try file.only
        // Empty ACCTTYPE: the kind is unknown. BANKID holds an organisation name (NPBS), not an institution.
        #expect(statement.accountHint == AccountHint(accountNumber: "12345678", bankID: "NPBS"))
        #expect(statement.currency == Currency(code: "AUD"))
        #expect(statement.coverage == date("2018-05-06")...date("2018-08-04"))
        #expect(statement.statedBalances.isEmpty)
        #expect(statement.records.count == 1)
        let record = statement.records[0]
        // TRNTYPE is written `Credit`; types are kept upper-cased.
        #expect(record.bankType == "CREDIT")
        #expect(record.date == date("2018-05-07"))
        #expect(record.amount == money("12.34", "AUD"))
        #expect(record.fitID == nil)  // empty FITID: the driver synthesizes an id
        #expect(record.memo == "CBA:Transfer")
        #expect(record.payee == "CBA:Transfer")  // NAME is empty
        #expect(record.checkNumber == nil)
        #expect(record.bankCategory == "Uncategorised")
        #expect(record.line == 23)
    }

    @Test func bankErrorStatus() throws {
        let name = "ofxparse__error_message.ofx"
        #expect(OFX2Reader.recognizes(try Support.corpusBytes(name)))
        #expect(
            Support.failure(try Support.corpusBytes(name), path: name)
                == "\(name):23:1: error: the bank returned an error: 2000 General Server Error")
    }

    @Test func fidelityCashInInvestmentStatement() throws {
        let name = "ofxparse__fidelity-savings.ofx"
        let file = try Support.readCorpus(name)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(institution: "fidelity.com", accountNumber: "X0000001", kind: .investment))
        #expect(statement.records.count == 4)
        // ofxparse gives 04:00 UTC for 20120720000000.000[-4:EDT]; the bank's date is 20 July.
        #expect(statement.dates == [date("2012-07-20"), date("2012-07-27"), date("2012-07-27"), date("2012-07-27")])
        #expect(statement.records.map(\.bankType) == ["CHECK", "DEP", "PAYMENT", "CASH"])
        #expect(
            statement.records.map(\.fitID) == [
                "X0000000000000000000001", "X0000000000000000000002", "X0000000000000000000003",
                "X0000000000000000000004",
            ])
        let check = statement.records[0]
        #expect(check.amount == money("-1500.00", "USD"))  // -00000000001500.0000: the extra digits are zeros
        #expect(check.payee == "Check Paid #0000001001")
        #expect(check.memo == "Check Paid #0000001001")
        #expect(check.checkNumber == "0000001001")
        let deposit = statement.records[1]
        #expect(deposit.payee == "TRANSFERRED FROM     VS X10-08144")
        #expect(deposit.memo == "TRANSFERRED FROM     VS X10-08144-1")
        // 115.8331, -197.1063, -197.1220 have sub-cent digits: rounded half to even, with one warning.
        #expect(
            statement.amounts == [
                money("-1500.00", "USD"), money("115.83", "USD"), money("-197.11", "USD"), money("-197.12", "USD"),
            ])
        #expect(
            file.warnings.map(\.description) == [
                "\(name):63:1: warning: TRNAMT '+00000000000115.8331' has more decimals than USD allows; "
                    + "rounded half to even to 115.83 (and 2 more)"
            ])
        // The exact sum is -1778.3952; the rounded amounts add up to -1778.40.
        #expect(statement.totalMinorUnits == -177840)
        #expect(statement.coverage == date("2012-07-10")...date("2012-09-08"))
        #expect(statement.positionsValue == nil)
    }

    @Test func failNiceDateMissing() throws {
        let file = try Support.readCorpus("ofxparse__fail_nice_date_missing.ofx")
        let statement = try file.only
        #expect(statement.records.isEmpty)
        #expect(
            file.skipped == [
                SkippedRecord(line: 33, reason: "DTPOSTED is missing"),
                SkippedRecord(line: 40, reason: "DTPOSTED is empty"),
                SkippedRecord(line: 48, reason: "DTPOSTED '20120231' is not a valid date"),
            ])
        #expect(file.recordCount == 3)
        // Two skipped records share FITID 2000957249; skipped records are not checked for repeats.
        #expect(file.warnings.isEmpty)
        #expect(statement.balance(.ledger)?.amount == money("0.00", "USD"))
    }

    @Test func failNiceDecimalError() throws {
        let file = try Support.readCorpus("ofxparse__fail_nice_decimal_error.ofx")
        #expect(try file.only.records.isEmpty)
        #expect(
            file.skipped == [
                SkippedRecord(
                    line: 34, reason: "DTPOSTED '201120000000' is not a valid date; TRNAMT '$120' is not a number")
            ])
    }

    @Test func failNiceEmptyBalance() throws {
        let name = "ofxparse__fail_nice_empty_balance.ofx"
        let file = try Support.readCorpus(name)
        let statement = try file.only
        #expect(file.skipped.isEmpty)
        #expect(statement.records.count == 1)
        let record = statement.records[0]
        #expect(record.bankType == "OTHER")
        #expect(record.amount == money("120.00", "CAD"))
        #expect(record.date == date("2011-03-08"))
        #expect(record.payee == "Foobar")
        #expect(statement.statedBalances.isEmpty)
        #expect(
            file.warnings.map(\.description) == [
                "\(name):37:13: warning: LEDGERBAL has no BALAMT; the balance is ignored",
                "\(name):41:13: warning: AVAILBAL has no BALAMT; the balance is ignored",
            ])
    }

    // MARK: - ofxtools

    @Test(arguments: ["ofxtools__stmtrs.ofx", "ofxtools__stmtrs_euro.ofx"])
    func specBankStatement(name: String) throws {
        // stmtrs_euro.ofx writes every amount with a decimal comma; the values are the same.
        let file = try Support.readCorpus(name)
        #expect(file.format == .ofx2)
        #expect(file.warnings.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(
                    institution: "NCH", accountNumber: "999988", kind: .checking, bankID: "121099999",
                    accountType: "CHECKING"))
        #expect(statement.currency == .usd)
        #expect(statement.records.count == 2)
        let check = statement.records[0]
        #expect(check.bankType == "CHECK")
        #expect(check.date == date("2005-10-04"))
        #expect(check.amount == money("-200.00", "USD"))
        #expect(check.fitID == "00002")
        #expect(check.checkNumber == "1000")
        #expect(check.line == 38)
        let atm = statement.records[1]
        #expect(atm.bankType == "ATM")
        #expect(atm.date == date("2005-10-20"))
        #expect(atm.amount == money("-300.00", "USD"))
        #expect(atm.fitID == "00003")
        #expect(atm.line == 45)
        // DTASOF 200510291120 has only 12 digits (no seconds).
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2005-10-29"), amount: money("200.29", "USD"), line: 53),
                StatedBalance(kind: .available, date: date("2005-10-29"), amount: money("200.29", "USD"), line: 57),
            ])
        #expect(statement.coverage == date("2005-10-01")...date("2005-10-28"))
    }

    @Test func nubankCreditCard() throws {
        let file = try Support.readCorpus("ofxtools__br_nubank_cc.ofx")
        #expect(file.warnings.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(
                    accountNumber: "11111111-UUID-UUID-UUID-111111111111", kind: .creditCard, accountType: "CREDITCARD")
        )
        #expect(statement.currency == Currency(code: "BRL"))
        #expect(
            statement.amounts
                == ["-13.00", "-162.90", "-33.46", "-9.02", "-103.53", "-959.00"].map { money($0, "BRL") })
        #expect(
            statement.dates == [
                date("2024-03-23"), date("2024-03-23"), date("2024-03-23"), date("2024-03-22"), date("2024-03-22"),
                date("2024-03-22"),
            ])
        #expect(statement.records.allSatisfy { $0.bankType == "DEBIT" && $0.memo == "-memo-message-" })
        #expect(statement.records.map(\.line) == [40, 48, 56, 64, 72, 80])
        // BANKTRANLIST is never closed; LEDGERBAL still belongs to the statement.
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2024-03-25"), amount: money("-1280.91", "BRL"), line: 88)
            ])
        #expect(statement.totalMinorUnits == -128091)
        #expect(statement.coverage == date("2024-02-24")...date("2024-03-26"))
    }

    @Test func specInvestmentStatement() throws {
        let file = try Support.readCorpus("ofxtools__invstmtrs.ofx")
        // The open order re-uses FITID 23321, but an open order is not a transaction: no warning.
        #expect(file.warnings.isEmpty)
        #expect(file.skipped.isEmpty)
        let statement = try file.only
        #expect(statement.accountHint == AccountHint(institution: "NCH", accountNumber: "999988", kind: .investment))
        #expect(statement.currency == .usd)
        #expect(statement.records.count == 2)
        let buy = statement.records[0]
        #expect(buy.fitID == "23321")
        #expect(buy.date == date("2005-08-25"))  // DTTRADE; settlement is 2005-08-28
        #expect(buy.amount == money("-5025.00", "USD"))  // 100 at 50.00 plus 25.00 commission
        #expect(buy.bankType == "BUYSTOCK")
        #expect(buy.payee == "Buy Acme Development, Inc.")
        #expect(buy.line == 38)
        let deposit = statement.records[1]
        #expect(deposit.fitID == "12345")
        #expect(deposit.bankType == "CREDIT")
        #expect(deposit.amount == money("1000.00", "USD"))
        #expect(deposit.payee == "Customer deposit")
        #expect(deposit.memo == "Your check #1034")
        #expect(deposit.date == date("2005-08-25"))
        #expect(deposit.line == 59)
        // POSSTOCK 9900.00 + POSOPT 500.
        #expect(statement.positionsValue == money("10400.00", "USD"))
        // INVBAL AVAILCASH is reported as an available balance at the statement's DTASOF.
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .available, date: date("2005-08-27"), amount: money("200.00", "USD"), line: 104)
            ])
        #expect(statement.coverage == date("2005-08-24")...date("2005-08-28"))
    }

    // MARK: - libofx

    @Test func specExampleWithComments() throws {
        let name = "libofx__ofx_spec160_stmtrs_example.sgml"
        let bytes = try Support.corpusBytes(name)
        #expect(OFX1Reader.recognizes(bytes))  // no header at all, `<OFX>` first
        let file = try Support.readCorpus(name)
        #expect(file.warnings.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(accountNumber: "999988", kind: .checking, bankID: "121099999", accountType: "CHECKING"))
        #expect(statement.currency == .usd)
        // The `<!-- ... -->` after every value stays out of the values.
        #expect(statement.records.map(\.bankType) == ["CHECK", "ATM"])
        #expect(statement.dates == [date("1996-10-04"), date("1996-10-20")])
        #expect(statement.amounts == [money("-200.00", "USD"), money("-300.00", "USD")])
        #expect(statement.records.map(\.fitID) == ["00002", "00003"])
        #expect(statement.records.map(\.checkNumber) == ["1000", nil])
        #expect(statement.records.map(\.line) == [31, 38])
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: date("1996-10-29"), amount: money("200.29", "USD"), line: 46),
                StatedBalance(kind: .available, date: date("1996-10-29"), amount: money("200.29", "USD"), line: 50),
            ])
        #expect(statement.coverage == date("1996-10-01")...date("1996-10-28"))
    }

    @Test func twoStatementsInOneMessageSet() throws {
        let file = try Support.readCorpus("libofx__ofx-2.1.1-sect-16.5.4.2.ofx")
        #expect(file.warnings.isEmpty)
        #expect(file.statements.count == 2)
        let checking = file.statements[0]
        #expect(
            checking.accountHint
                == AccountHint(accountNumber: "123456", kind: .checking, bankID: "000000123", accountType: "CHECKING"))
        #expect(checking.records.count == 1)
        let payment = checking.records[0]
        #expect(payment.bankType == "PAYMENT")
        #expect(payment.date == date("2005-08-24"))
        #expect(payment.amount == money("-80.32", "USD"))
        #expect(payment.fitID == "219378")
        #expect(payment.checkNumber == "1044")
        #expect(payment.payee == "FrogKick Scuba Gear")
        #expect(payment.line == 38)
        #expect(checking.balance(.ledger)?.amount == money("2156.56", "USD"))
        // DTEND 20050831165056.000[-7:PDT]: 31 August.
        #expect(checking.coverage == date("2005-08-01")...date("2005-08-31"))
        let savings = file.statements[1]
        #expect(
            savings.accountHint
                == AccountHint(accountNumber: "654321", kind: .savings, bankID: "000000123", accountType: "SAVINGS"))
        #expect(savings.records.isEmpty)
        #expect(
            savings.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2005-08-31"), amount: money("3452.00", "USD"), line: 70)
            ])
    }

    @Test func fuzzCrasherHeapBufferOverflow() throws {
        let name = "libofx__heap-buffer-overflow-1.ofx"
        // libofx's ofxdump must fail on it; we refuse it with a reason and no transactions.
        #expect(
            Support.failure(try Support.corpusBytes(name), path: name)
                == "\(name):4:1: error: the statement (CCSTMTRS) has no CCACCTFROM, so its account is unknown")
    }

    @Test func fuzzCrasherNullPointerDereference() throws {
        let name = "libofx__null-ptr-deref-1.ofx"
        #expect(
            Support.failure(try Support.corpusBytes(name), path: name)
                == "\(name):3:14: error: the tag <OFX is not closed by '>'")
    }

    // MARK: - beangulp

    @Test func amexDownload() throws {
        let file = try Support.readCorpus("beangulp__ofxdownload.ofx")
        #expect(file.warnings.isEmpty)
        let statement = try file.only
        #expect(
            statement.accountHint
                == AccountHint(
                    institution: "AMEX", accountNumber: "379700001111222", kind: .creditCard, accountType: "CREDITCARD")
        )
        #expect(statement.currency == .usd)
        // beangulp's dates are the local date part of DTPOSTED (20131201000000.000[-7:MST]), as ours are.
        #expect(
            statement.dates
                == [
                    "2013-12-01", "2013-12-02", "2013-12-02", "2013-12-05", "2013-12-09", "2013-12-09", "2013-12-11",
                    "2013-12-11", "2013-12-14", "2013-12-15", "2013-12-16", "2013-12-16",
                ].map(date))
        #expect(
            statement.amounts
                == [
                    "-9.99", "-61.71", "-17.75", "-42.40", "-34.38", "-13.50", "-21.96", "-14.47", "-56.43", "-13.00",
                    "-60.23", "-7.00",
                ].map { money($0, "USD") })
        // beangulp's narration is NAME (trailing blanks stripped) + " / " + MEMO.
        let narrations = statement.records.map { "\($0.payee) / \($0.memo)" }
        #expect(narrations[0] == "SPOTIFY USA         28770130901 / 2600720879  WWW.SPOTIFY.COM")
        #expect(narrations[1] == "GOAT TOWN 1200000549NEW YORK / 071000163   2126873641")
        #expect(narrations[2] == "AMC VILLAGE 7 #2110 NEW YORK / 12010365699 212-982-2116")
        #expect(narrations[8] == "MACY'S / #003 HERALD S / NEW YORK / 00307963916 MACY'S")
        #expect(statement.totalMinorUnits == -35282)
        // beangulp writes its balance directive the day after DTASOF; the stated balance is at DTASOF.
        #expect(
            statement.statedBalances == [
                StatedBalance(kind: .ledger, date: date("2013-12-18"), amount: money("-2356.38", "USD"), line: 11)
            ])
    }
}

extension OFXCorpusTests {
    /// The files the tests above read; a new OFX file in the corpus needs its own test.
    static let covered: Set<String> = [
        "ledger-autosync__checking.ofx", "ledger-autosync__accented_characters_latin1.ofx",
        "ledger-autosync__apostrophe.ofx", "ledger-autosync__no-institution.ofx", "ofxparse__bank_medium.ofx",
        "ofxparse__anzcc.ofx", "ofxparse__multiple_accounts2.ofx", "ofxparse__vanguard.ofx", "ofxparse__suncorp.ofx",
        "ofxparse__ofx-v102-empty-tags.ofx", "ofxparse__error_message.ofx", "ofxparse__fidelity-savings.ofx",
        "ofxparse__fail_nice_date_missing.ofx", "ofxparse__fail_nice_decimal_error.ofx",
        "ofxparse__fail_nice_empty_balance.ofx", "ofxtools__stmtrs.ofx", "ofxtools__stmtrs_euro.ofx",
        "ofxtools__br_nubank_cc.ofx", "ofxtools__invstmtrs.ofx", "libofx__ofx_spec160_stmtrs_example.sgml",
        "libofx__ofx-2.1.1-sect-16.5.4.2.ofx", "libofx__heap-buffer-overflow-1.ofx", "libofx__null-ptr-deref-1.ofx",
        "beangulp__ofxdownload.ofx",
    ]

    @Test func everyCorpusFileHasATest() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: OFXTestSupport.corpus.path)
        #expect(Set(names) == Self.covered)
    }
}
