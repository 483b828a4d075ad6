import Import
import Ledger
import Testing

/// Every QIF file of the shared corpus, read in place, against the facts `corpus/EXPECTED.md` lists.
@Suite("QIF corpus")
struct QIFCorpusTests {
    typealias F = QIFFixtures

    @Test("every corpus file is recognised as QIF")
    func recognisesAll() throws {
        for name in [
            "qif2json__normalTransactions.qif", "qif2json__utf8.qif", "qif2json__windows-1252.qif", "quiffen__test.qif",
            "quiffen__test_category_override.qif", "quiffen__test_split.qif",
            "quiffen__test_transaction_before_account_definition_1.qif", "quiffen__test_unknown_account_type.qif",
        ] {
            #expect(QIFReader.recognizes(try F.corpus(name)), "\(name)")
        }
    }

    @Test("quiffen test.qif: one implicit account, six bank entries (an opening balance and five transactions)")
    func quiffenTest() throws {
        let file = try F.read(try F.corpus("quiffen__test.qif"))
        #expect(file.format == .qif)
        #expect(file.statements.count == 1)
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint == AccountHint(kind: .checking))
        // The first of the six bank entries is Quicken's opening balance (0.00 to [TestExport]): the
        // balance at the start of 10 February, kept as a stated balance rather than as income.
        #expect(
            statement.statedBalances == [
                StatedBalance(
                    kind: .ledger, date: try #require(F.date("2020-02-09")), amount: F.money("0.00"), line: 29)
            ])
        #expect(
            file.skipped.contains(
                SkippedRecord(
                    line: 29,
                    reason:
                        "Quicken opening balance entry (0.00 to [TestExport]): kept as the balance at the start of 2020-02-10, not as a transaction"
                )))
        let records = statement.records
        #expect(records.count == 5)
        #expect(
            records.map(\.date) == ["2020-02-14", "2020-02-14", "2020-02-12", "2020-02-11", "2020-02-10"].map(F.date))
        #expect(records.map(\.amount) == ["67.50", "32.00", "-10.00", "-25.00", "-100.00"].map { F.money($0) })
        #expect(records.map(\.payee) == ["T-Mobile", "US Post Office", "Target", "Walmart", "Amazon.com"])
        #expect(
            records[0].splits == [
                ParsedSplit(category: "Bills:Cell Phone/Test class", memo: "sign up credit", amount: F.money("-15.00")),
                ParsedSplit(category: "Bills:Cell Phone/Test class", memo: "new account", amount: F.money("82.50")),
            ])
        #expect(records[1].memo == "money back for damaged parcel")
        #expect(records[1].bankCategory == "Miscellaneous")
        #expect(records[2].splits.map(\.amount) == [F.money("-5.00"), F.money("-5.00")])
        #expect(records[2].splits.map(\.memo) == ["50%", "50% 2"])
        #expect(records[3].checkNumber == "123")
        #expect(records[3].memo == "non split transaction")
        #expect(records[4].splits.map(\.amount) == ["-50.00", "-25.00", "-10.00", "-15.00"].map { F.money($0) })
        #expect(
            records[4].splits.map(\.category) == [
                "Food:Groceries", "Transportation:Automobile", "Personal Care:Haircare", "Healthcare:Prescriptions",
            ])
        for record in records where !record.splits.isEmpty {
            #expect(record.splits.reduce(Int64(0)) { $0 + $1.amount.minorUnits } == record.amount.minorUnits)
        }
        #expect(records.map(\.line) == [35, 46, 52, 64, 72])
        // The investment buy has no cash amount; classes, categories and securities are lists.
        #expect(file.skipped.filter { $0.reason.hasPrefix("class list entry") }.count == 2)
        #expect(file.skipped.filter { $0.reason.hasPrefix("category list entry") }.count == 2)
        #expect(file.skipped.filter { $0.reason.hasPrefix("security list entry") }.count == 4)
        #expect(
            file.skipped.contains(SkippedRecord(line: 93, reason: "investment entry 'Buy' has no cash amount (T line)"))
        )
        #expect(file.skipped.count == 10)
        #expect(file.recordCount == 15)
        #expect(file.warnings.isEmpty)
    }

    @Test("quiffen test_split.qif: split to an account, U line, space-padded apostrophe date")
    func quiffenSplit() throws {
        let file = try F.read(try F.corpus("quiffen__test_split.qif"))
        let record = try #require(file.statements.first?.records.first)
        #expect(file.statements.first?.records.count == 1)
        #expect(record.date == F.date("2000-01-01"))
        #expect(record.amount == F.money("-10.00"))
        #expect(record.payee == "A Payee")
        #expect(record.bankCategory == nil)
        #expect(
            record.splits == [
                ParsedSplit(category: "[An Account]", memo: "", amount: F.money("-9.00")),
                ParsedSplit(category: "A Category", memo: "", amount: F.money("-1.00")),
            ])
    }

    @Test(
        "quiffen test_unknown_account_type.qif: the account keeps its unknown type; its investment entry moves no cash")
    func quiffenUnknownAccountType() throws {
        let file = try F.read(try F.corpus("quiffen__test_unknown_account_type.qif"))
        #expect(file.statements.count == 1)
        #expect(file.statements[0].accountHint == AccountHint(name: "Portfolio Account", kind: nil))
        #expect(file.statements[0].records.isEmpty)
        #expect(
            file.skipped == [SkippedRecord(line: 23, reason: "investment entry 'Cash' has no cash amount (T line)")])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.qif:14:1: warning: account 'Portfolio Account' has type 'Port', which is not a QIF account type (Bank, Cash, CCard, Invst, Oth A, Oth L); set its type in closebook.toml"
            ])
    }

    @Test("quiffen test_category_override.qif: DD/MM/YYYY decided from 22/12/2017")
    func quiffenCategoryOverride() throws {
        let file = try F.read(try F.corpus("quiffen__test_category_override.qif"))
        let records = try #require(file.statements.first?.records)
        #expect(records.map(\.date) == ["2017-12-22", "2018-01-01", "2018-01-02", "2018-01-02"].map(F.date))
        #expect(records.map(\.amount) == ["1000.00", "1100.00", "-12.57", "-9.99"].map { F.money($0) })
        #expect(
            records.map(\.bankCategory) == [
                "Income:Available next month", "Income:Available this month", "Everyday Expenses:Food Budget",
                "Everyday Expenses:Gousto",
            ])
        #expect(records[3].payee == "GOUSTO.CO.UK - A LONDON  W3 VIS")
        #expect(records.allSatisfy { $0.memo.isEmpty && $0.checkNumber == nil && $0.status == .posted })
        #expect(file.skipped.isEmpty)
    }

    @Test("quiffen test_transaction_before_account_definition_1.qif: the empty entry is not a record")
    func quiffenBeforeAccount() throws {
        let file = try F.read(try F.corpus("quiffen__test_transaction_before_account_definition_1.qif"))
        #expect(file.statements.count == 1)
        #expect(file.statements[0].accountHint == AccountHint(kind: .checking))
        let records = file.statements[0].records
        #expect(records.map(\.date) == [F.date("2022-09-23"), F.date("2022-09-08")])
        #expect(records.map(\.amount) == [F.money("-184.80"), F.money("-13.16")])
        #expect(records.map(\.payee) == ["FIRST TRANSACTION", "SECOND TRANSACTION"])
        #expect(file.skipped.isEmpty)
        #expect(file.recordCount == 2)
    }

    @Test("qif2json windows-1252.qif: the payee decodes from the code page")
    func windows1252() throws {
        let file = try F.read(try F.corpus("qif2json__windows-1252.qif"))
        let records = try #require(file.statements.first?.records)
        #expect(records.count == 1)
        #expect(records[0].payee == "SOME £$™€ CHARACTERS")
        #expect(records[0].date == F.date("2010-03-03"))
        #expect(records[0].amount == F.money("-379.00"))
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.qif:1:1: warning: the file is not UTF-8 text; it was read as Windows-1252"
            ])
    }

    @Test("qif2json utf8.qif: the byte-order mark does not hide the header")
    func utf8() throws {
        let file = try F.read(try F.corpus("qif2json__utf8.qif"))
        let records = try #require(file.statements.first?.records)
        #expect(records.count == 1)
        #expect(records[0].payee == "SOME £$™€ CHARACTERS")
        #expect(records[0].amount == F.money("-379.00"))
        #expect(file.warnings.isEmpty)
    }

    @Test("qif2json normalTransactions.qif: ambiguous dates are an error until date_order says")
    func normalTransactionsAmbiguous() throws {
        let bytes = try F.corpus("qif2json__normalTransactions.qif")
        #expect {
            _ = try F.read(bytes)
        } throws: { error in
            (error as? ImportDiagnostic)?.description
                == """
                inbox/test.qif:2:2: error: dates in this file could be day/month or month/day (e.g. '6/ 1/94' on line 2); set date_order = "dmy" or "mdy" for this account in closebook.toml. To read it, add this to closebook.toml and keep the line that is true:
                [[accounts]]
                id = "test"
                inbox = ["test.qif"]
                date_order = "dmy"      # DECIDE: keep if '6/ 1/94' is 1994-01-06
                # date_order = "mdy"    # or this, if it is 1994-06-01
                """
        }
    }

    @Test("qif2json normalTransactions.qif read month first")
    func normalTransactions() throws {
        let file = try F.read(try F.corpus("qif2json__normalTransactions.qif"), order: .monthDayYear)
        #expect(file.statements.first?.accountHint.kind == .checking)
        let records = try #require(file.statements.first?.records)
        #expect(records.count == 3)
        #expect(records.map(\.date) == ["1994-06-01", "1994-06-02", "1994-06-03"].map(F.date))
        #expect(records.map(\.amount) == ["-1000.00", "75.00", "-10.00"].map { F.money($0) })
        #expect(records[0].checkNumber == "1005")
        #expect(records[0].payee == "Bank Of Mortgage")
        #expect(records[0].bankCategory == "[linda]")
        #expect(
            records[0].splits == [
                ParsedSplit(category: "[linda]", memo: "", amount: F.money("-253.64")),
                ParsedSplit(category: "Mort Int", memo: "", amount: F.money("-746.36")),
            ])
        #expect(records[1].payee == "Deposit")
        #expect(records[2].payee == "JoBob Biggs")
        #expect(records[2].memo == "J.B. gets bucks")
        #expect(records[2].bankCategory == "Entertain")
        #expect(file.skipped.isEmpty)
    }
}
