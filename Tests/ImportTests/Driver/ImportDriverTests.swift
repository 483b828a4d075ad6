import Ledger
import Testing

@testable import Import

@Suite("Import driver")
struct ImportDriverTests {
    typealias H = DriverHarness

    static let current = WorkspaceConfig(
        baseCurrency: .gbp,
        accounts: [AccountConfig(id: "current", name: "Current", currency: .gbp, inbox: ["current-*.csv"])])

    func id(_ account: AccountID, _ date: String, _ amount: String, _ text: String, _ occurrence: Int) -> String {
        TransactionID.derived(
            account: account, date: CivilDate(iso: date)!, amount: H.money(amount), text: text, occurrence: occurrence
        ).rawValue
    }

    @Test("identical rows in one export both survive; the same rows in an overlapping export are duplicates")
    func occurrenceDeduplication() throws {
        let first = "FAKECSV\n2024-01-05;-3.50;Coffee\n2024-01-05;-3.50;Coffee\n2024-01-06;-20.00;Books\n"
        let second = """
            FAKECSV
            2024-01-05;-3.50;Coffee
            2024-01-05;-3.50;Coffee
            2024-01-05;-3.50;Coffee
            2024-01-06;-20.00;Books
            2024-02-01;1000.00;Salary
            """
        let outcome = H.run([("current-2024-02.csv", second), ("current-2024-01.csv", first)], config: Self.current)
        let report = outcome.report
        #expect(report.files.map(\.path) == ["inbox/current-2024-01.csv", "inbox/current-2024-02.csv"])
        #expect(report.files.map(\.imported) == [3, 2])
        #expect(report.files.map(\.duplicates) == [0, 3])
        #expect(H.countsAddUp(report))
        let coffees = outcome.journal.transactions.filter { $0.payee == "Coffee" }
        #expect(
            coffees.map(\.id.rawValue).sorted()
                == (0..<3).map { id("current", "2024-01-05", "-3.50", "Coffee ", $0) }.sorted())
        #expect(
            coffees.first { $0.id.rawValue.hasSuffix("-2") }?.source
                == SourceLocation(file: "inbox/current-2024-02.csv", line: 4))
        #expect(
            report.files[1].duplicateRecords == [
                .init(
                    line: 2, id: id("current", "2024-01-05", "-3.50", "Coffee ", 0),
                    keptAt: "inbox/current-2024-01.csv:2",
                    rule: "same-id"),
                .init(
                    line: 3, id: id("current", "2024-01-05", "-3.50", "Coffee ", 1),
                    keptAt: "inbox/current-2024-01.csv:3",
                    rule: "same-id"),
                .init(
                    line: 5, id: id("current", "2024-01-06", "-20.00", "Books ", 0),
                    keptAt: "inbox/current-2024-01.csv:4",
                    rule: "same-id"),
            ])
        #expect(outcome.journal.transactions.count == 5)
        #expect(outcome.journal.transactions.map(\.date) == outcome.journal.transactions.map(\.date).sorted())
        #expect(outcome.failedFiles == 0)
    }

    static let card = WorkspaceConfig(
        baseCurrency: .gbp,
        accounts: [AccountConfig(id: "card", name: "Card", kind: .creditCard, currency: .gbp, inbox: ["card-*"])])

    @Test("an OFX and a CSV export of one account merge only one-to-one; the rest are probable duplicates")
    func crossFormat() throws {
        let ofx = """
            FAKEOFX
            statement;from=2024-01-01;to=2024-01-31
            2024-01-03;-12.00;Cinema;fitid=F1
            2024-01-10;-3.50;Coffee;fitid=F2
            2024-01-10;-3.50;Coffee;fitid=F3
            2024-01-20;-40.00;Fuel;fitid=F4
            2024-01-25;-9.99;Music;fitid=F5
            """
        let csv = """
            FAKECSV
            2024-01-03;-12.00;CINEMA LTD
            2024-01-10;-3.50;COFFEE
            2024-01-10;-3.50;COFFEE
            2024-01-22;-40.00;FUEL
            2024-02-05;-9.99;Music
            """
        let outcome = H.run([("card-2024-01.ofx", ofx), ("card-2024-01.csv", csv)], config: Self.card)
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.files.map(\.path) == ["inbox/card-2024-01.csv", "inbox/card-2024-01.ofx"])
        #expect(report.files.map(\.format) == ["csv", "ofx-2"])
        #expect(report.files.map(\.duplicates) == [1, 0])
        #expect(report.files.map(\.imported) == [4, 5])
        let cinema = id("card", "2024-01-03", "-12.00", "CINEMA LTD ", 0)
        #expect(
            report.merges == [
                .init(
                    rule: "cross-format", account: "card",
                    kept: .init(
                        id: "card/F1", at: "inbox/card-2024-01.ofx:3", date: "2024-01-03", amount: "-12.00",
                        payee: "Cinema"),
                    dropped: .init(
                        id: cinema, at: "inbox/card-2024-01.csv:2", date: "2024-01-03", amount: "-12.00",
                        payee: "CINEMA LTD"))
            ])
        #expect(report.files[0].duplicateRecords.map(\.rule) == ["cross-format"])
        #expect(report.files[0].duplicateRecords.map(\.duplicateOf) == ["card/F1"])
        #expect(report.probableDuplicates.map(\.second.id) == ["card/F2", "card/F3", "card/F4"])
        #expect(
            report.probableDuplicates.map(\.first.at) == [
                "inbox/card-2024-01.csv:3", "inbox/card-2024-01.csv:4", "inbox/card-2024-01.csv:5",
            ])
        #expect(
            report.probableDuplicates.map(\.reason) == [
                "same date and amount in an OFX and a CSV/QIF export, but other records share them",
                "same date and amount in an OFX and a CSV/QIF export, but other records share them",
                "same amount, dates 2 days apart",
            ])
        #expect(outcome.journal.transactions.count == 9)
        #expect(!outcome.journal.transactions.contains { $0.id.rawValue == cinema })
    }

    @Test("a changed description in an overlapping export of the same kind is flagged, not dropped")
    func changedDescription() {
        let first = "FAKECSV\n2024-01-05;-60.00;CARD PAYMENT PENDING\n2024-01-07;-5.00;Bus\n"
        let second = "FAKECSV\n2024-01-05;-60.00;GARAGE LTD\n2024-01-07;-5.00;Bus\n2024-01-08;-1.00;Gum\n"
        let outcome = H.run([("current-1.csv", first), ("current-2.csv", second)], config: Self.current)
        #expect(outcome.report.files.map(\.duplicates) == [0, 1])
        #expect(outcome.report.probableDuplicates.map(\.reason) == ["same date and amount, different description"])
        #expect(outcome.report.probableDuplicates.map(\.second.payee) == ["GARAGE LTD"])
        #expect(outcome.journal.transactions.count == 4)
        #expect(H.countsAddUp(outcome.report))
    }

    @Test("a record already matched in the other export is not also a probable duplicate")
    func matchedIsNotProbable() {
        let first = "FAKECSV\n2025-12-30;-2.00;Gum\n2025-12-31;-5.60;TFL TRAVEL CH\n"
        let second = "FAKECSV\n2025-12-31;-5.60;TFL TRAVEL CH\n2026-01-03;-5.60;LITTLE BAKEHOUSE\n"
        let outcome = H.run([("current-1.csv", first), ("current-2.csv", second)], config: Self.current)
        #expect(outcome.report.files.map(\.duplicates) == [0, 1])
        #expect(outcome.report.probableDuplicates.isEmpty)
    }

    @Test("a pending record is superseded by its posted version from another export; the rest stay pending")
    func pendingSuperseded() throws {
        let first = "FAKECSV\n2024-03-01;-25.00;Restaurant;pending\n2024-03-02;-7.00;Taxi;pending\n"
        let second = "FAKECSV\n2024-03-03;-25.00;RESTAURANT LTD\n2024-03-20;-7.00;Taxi\n"
        let outcome = H.run([("current-1.csv", first), ("current-2.csv", second)], config: Self.current)
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.files[0].imported == 1)
        #expect(report.files[0].pending == 1)
        #expect(report.files[0].duplicates == 1)
        #expect(report.files[0].duplicateRecords.map(\.rule) == ["pending-superseded"])
        #expect(report.merges.map(\.rule) == ["pending-superseded"])
        #expect(report.merges.first?.kept.payee == "RESTAURANT LTD")
        #expect(report.merges.first?.dropped.payee == "Restaurant")
        let taxi = try #require(
            outcome.journal.transactions.first { $0.payee == "Taxi" && $0.date == CivilDate(iso: "2024-03-02") })
        #expect(taxi.status == .pending)
        #expect(!taxi.countsInFigures)
        #expect(outcome.journal.transactions.map(\.payee).sorted() == ["RESTAURANT LTD", "Taxi", "Taxi"])
        #expect(report.accounts.first?.pending == 1)
    }

    static func opening(_ balance: String?) -> WorkspaceConfig {
        WorkspaceConfig(
            baseCurrency: .gbp,
            accounts: [
                AccountConfig(
                    id: "current", name: "Current", currency: .gbp, inbox: ["current*.csv"],
                    openingBalance: balance.map { H.money($0) }, openingDate: CivilDate(iso: "2024-01-01"))
            ])
    }

    /// Newest first overall, but the two rows of 5 January are in time order: the end-of-day
    /// balance is still 120.00, whatever the order of the rows.
    static func statement(closing: String) -> String {
        """
        FAKECSV
        statement;ledger=2024-01-31:\(closing)
        2024-01-10;-20.00;Gas;balance=100.00
        2024-01-05;50.00;Salary;balance=150.00
        2024-01-05;-30.00;Shop;balance=120.00
        """
    }

    @Test("stated balances match at the end of each day from the configured opening balance")
    func balancesMatch() throws {
        let outcome = H.run([("current.csv", Self.statement(closing: "100.00"))], config: Self.opening("100.00"))
        let check = try #require(outcome.report.files.first?.balanceChecks.first)
        #expect(
            check
                == .init(
                    account: "current", status: "ok", checked: 3, matched: 3, anchor: nil, firstDivergence: nil,
                    stated: [
                        .init(date: "2024-01-05", amount: "120.00", line: 5, status: "ok"),
                        .init(date: "2024-01-10", amount: "100.00", line: 3, status: "ok"),
                        .init(date: "2024-01-31", amount: "100.00", line: 2, status: "ok"),
                    ]))
        #expect(outcome.diagnostics.isEmpty)
        #expect(outcome.report.accounts.first?.openingBalanceSource == "configured")
    }

    @Test("a balance that differs is reported at its first day with both values")
    func balancesDiffer() throws {
        let outcome = H.run([("current.csv", Self.statement(closing: "95.00"))], config: Self.opening("100.00"))
        let check = try #require(outcome.report.files.first?.balanceChecks.first)
        #expect(check.status == "differs")
        #expect(check.checked == 3)
        #expect(check.matched == 2)
        #expect(check.firstDivergence == .init(date: "2024-01-31", line: 2, stated: "95.00", computed: "100.00"))
        #expect(
            outcome.diagnostics.map(\.description) == [
                "inbox/current.csv:2:1: warning: balance at the end of 2024-01-31 is 95.00 in the file but 100.00 from the imported transactions and the opening balance in closebook.toml; a transaction may be missing or counted twice"
            ])
        #expect(outcome.failedFiles == 0)
    }

    @Test("without an opening balance the earliest stated balance fixes it and later ones are checked")
    func derivedOpeningBalance() throws {
        let february = "FAKECSV\n2024-02-01;-10.00;Phone;balance=90.00\n2024-02-03;-5.00;Bus;balance=80.00\n"
        let outcome = H.run(
            [("current-1.csv", Self.statement(closing: "100.00")), ("current-2.csv", february)],
            config: Self.opening(nil))
        let checks = outcome.report.files.map { $0.balanceChecks.first }
        #expect(checks[0]?.status == "ok")
        #expect(checks[0]?.anchor == .init(date: "2024-01-05", amount: "120.00", line: 5))
        #expect(checks[0]?.checked == 2)
        #expect(checks[1]?.status == "differs")
        #expect(checks[1]?.matched == 1)
        #expect(checks[1]?.firstDivergence == .init(date: "2024-02-03", line: 3, stated: "80.00", computed: "85.00"))
        #expect(
            outcome.diagnostics.map(\.description) == [
                "inbox/current-2.csv:3:1: warning: balance at the end of 2024-02-03 is 80.00 in the file but 85.00 from the imported transactions counted from the balance stated at inbox/current-1.csv:5; a transaction may be missing or counted twice"
            ])
        let account = try #require(outcome.journal.accounts.first)
        #expect(account.openingBalance == H.money("100.00"))
        #expect(account.openingDate == CivilDate(iso: "2024-01-05"))
        #expect(outcome.report.accounts.first?.openingBalanceSource == "derived")
    }

    @Test("accounts nobody configured are derived from what the files say, with lines for closebook.toml")
    func derivedAccounts() throws {
        let ofx =
            "FAKEOFX\nstatement;number=4929000011112222;institution=Harbor Card;kind=credit_card;currency=GBP\n2024-01-03;-12.00;Cinema;fitid=F1\n"
        let csv = "FAKECSV\n2024-01-04;-2.00;Tea\n"
        let qif = try QIFFixtures.fixture("multi-account.qif")
        let outcome = H.run(
            [("harbor.ofx", ofx), ("statement-2024-01.csv", csv), ("export.qif", String(decoding: qif, as: UTF8.self))])
        let report = outcome.report
        #expect(H.countsAddUp(report))
        #expect(report.accounts.map(\.id) == ["everyday", "harbor-card-2222", "statement-2024-01", "visa"])
        #expect(report.accounts.allSatisfy { !$0.configured })
        #expect(report.files.map(\.accounts) == [["everyday", "visa"], ["harbor-card-2222"], ["statement-2024-01"]])
        #expect(
            report.accounts[1].suggestion == """
                [[accounts]]
                id = "harbor-card-2222"
                name = "Harbor Card 2222"
                type = "credit_card"
                currency = "GBP"
                ofx_account_ids = ["4929000011112222"]

                """)
        #expect(report.accounts[2].suggestion?.hasSuffix("inbox = [\"statement-*.csv\"]\n") == true)
        #expect(
            report.accounts[0].suggestion?.hasSuffix(
                "type = \"checking\"\ncurrency = \"GBP\"\nexternal_ids = [\"Everyday\"]\n") == true)
        let harbor = try #require(outcome.journal.account("harbor-card-2222"))
        #expect(
            harbor
                == Account(
                    id: "harbor-card-2222", name: "Harbor Card 2222", kind: .creditCard, currency: .gbp,
                    institution: "Harbor Card", number: "4929000011112222"))
        #expect(outcome.journal.account("visa")?.kind == .creditCard)
        // The QIF account states 1,250.00 at the end of 31 January: the opening balance follows from it.
        #expect(outcome.journal.account("everyday")?.openingBalance == H.money("-1204.90"))
        #expect(outcome.journal.account("everyday")?.openingDate == CivilDate(iso: "2024-01-15"))
        #expect(
            outcome.journal.transactions.first { $0.account == "harbor-card-2222" }?.id.rawValue
                == "harbor-card-2222/F1")
    }

    @Test("statements map to configured accounts by external ids before inbox globs")
    func configuredMapping() throws {
        let config = WorkspaceConfig(
            baseCurrency: .usd,
            accounts: [
                AccountConfig(id: "main", name: "Main", inbox: ["export.qif"]),
                AccountConfig(id: "card", name: "Card", kind: .creditCard, externalIDs: ["Visa"]),
                AccountConfig(id: "everyday", name: "Everyday (unrelated)"),
            ])
        let qif = String(decoding: try QIFFixtures.fixture("multi-account.qif"), as: UTF8.self)
        // Not byte for byte the same file (that is imported once): a later export repeating it.
        let outcome = H.run([("export.qif", qif), ("other.qif", qif + "\n")], config: config)
        #expect(outcome.report.files.map(\.accounts) == [["main", "card"], ["everyday-2", "card"]])
        #expect(outcome.journal.accounts.map(\.id) == ["main", "card", "everyday", "everyday-2"])
        #expect(outcome.report.files[1].duplicates == 1)
        #expect(outcome.journal.transactions.filter { $0.account == "card" }.count == 1)
        #expect(H.countsAddUp(outcome.report))
    }

    @Test("coverage merges files and lists the days no file covers")
    func coverageGaps() throws {
        let first = "FAKECSV\nstatement;from=2024-01-01;to=2024-01-10\n2024-01-05;-1.00;A\n"
        let second = "FAKECSV\nstatement;from=2024-01-20;to=2024-01-31\n2024-01-25;-1.00;B\n"
        let third = "FAKECSV\n2024-01-02;-1.00;C\n2024-01-08;-1.00;D\n"
        let outcome = H.run(
            [("current-1.csv", first), ("current-2.csv", second), ("current-3.csv", third)], config: Self.current)
        let account = try #require(outcome.report.accounts.first)
        #expect(account.coverage == .init(from: "2024-01-01", to: "2024-01-31", days: 31))
        #expect(account.gaps == [.init(from: "2024-01-11", to: "2024-01-19", days: 9)])
        #expect(account.files == ["inbox/current-1.csv", "inbox/current-2.csv", "inbox/current-3.csv"])
    }

    @Test("a PDF, a binary file and a broken file fail alone; the others import")
    func unreadableFiles() throws {
        var binary: [UInt8] = (0..<256).map { UInt8($0) }
        binary += binary
        let files = [
            InboxFile(name: "statement.pdf", bytes: Array("%PDF-1.7\n%\u{00E2}\u{00E3}\n1 0 obj\n".utf8)),
            InboxFile(name: "photo.jpg", bytes: binary),
            InboxFile(name: "broken.csv", bytes: Array("FAKECSV;fail\n".utf8)),
            InboxFile(name: "current-1.csv", bytes: Array("FAKECSV\n2024-01-05;-3.50;Coffee\n".utf8)),
            InboxFile(name: "locked.csv", bytes: [], readFailure: "cannot read the file (check its permissions)"),
        ]
        let outcome = ImportDriver(readers: H.readers, config: Self.current).run(files)
        #expect(outcome.failedFiles == 4)
        #expect(
            outcome.diagnostics.map(\.description) == [
                "inbox/broken.csv:1:9: error: this file is broken on purpose",
                "inbox/locked.csv:1:1: error: cannot read the file (check its permissions)",
                "inbox/photo.jpg:1:1: error: not a bank export Closebook can read (expected CSV, OFX, QFX or QIF): NUL bytes on 2 of its 3 lines show a binary file",
                "inbox/statement.pdf:1:1: error: not a bank export Closebook can read (expected CSV, OFX, QFX or QIF)",
            ])
        #expect(outcome.journal.transactions.count == 1)
        #expect(outcome.report.totals.failedFiles == 4)
        #expect(outcome.report.files.first { $0.path == "inbox/statement.pdf" }?.format == nil)
        #expect(outcome.report.files.first { $0.path == "inbox/broken.csv" }?.format == "csv")
        #expect(H.countsAddUp(outcome.report))
    }

    @Test("records in another currency than their account are skipped with the reason")
    func currencyMismatch() {
        let ofx = "FAKEOFX\nstatement;currency=USD\n2024-01-03;-12.00;Cinema;fitid=F1\n"
        let outcome = H.run([("current-1.csv", ofx)], config: Self.current)
        #expect(
            outcome.report.files[0].skippedRecords == [
                .init(
                    line: 3,
                    reason:
                        "amount is in USD but account 'current' is in GBP; set the account's currency in closebook.toml"
                )
            ])
        #expect(H.countsAddUp(outcome.report))
        #expect(outcome.journal.transactions.isEmpty)
    }

    @Test("a FITID repeated in one file is kept as another transaction; an overlapping export repeats it alike")
    func repeatedFITID() {
        let ofx = """
            FAKEOFX
            statement;number=1234
            2024-01-03;-3.50;Coffee;fitid=F1
            2024-01-03;-3.50;Coffee;fitid=F1
            2024-01-04;-7.00;Lunch;fitid=F1
            """
        let outcome = H.run([("bank-1.ofx", ofx), ("bank-2.ofx", ofx + "\n")])
        #expect(
            outcome.journal.transactions.map(\.id.rawValue) == [
                "account-1234/F1", "account-1234/F1~2", "account-1234/F1~3",
            ])
        #expect(outcome.report.files.map(\.duplicates) == [0, 3])
        #expect(outcome.diagnostics.isEmpty)
        #expect(H.countsAddUp(outcome.report))
    }

    @Test("FITIDs repeat by their text: white space is dropped, canonically equal spellings repeat, blank is none")
    func repeatedFITIDSpellings() {
        let ofx = """
            FAKEOFX
            statement;number=1234
            2024-01-03;-3.50;Coffee;fitid=K
            2024-01-03;-3.50;Coffee;fitid=F 1
            2024-01-04;-7.00;Lunch;fitid=\u{212A}
            2024-01-05;-7.00;Lunch;fitid=F1
            2024-01-06;-1.00;Tea;fitid=\t
            2024-01-06;-1.00;Tea;fitid=G
            """
        let outcome = H.run([("bank-1.ofx", ofx)])
        let ids = outcome.journal.transactions.map { Array($0.id.rawValue.utf8) }
        let derived = Array(
            TransactionID.derived(
                account: AccountID("account-1234"), date: CivilDate(iso: "2024-01-06")!, amount: H.money("-1.00"),
                text: "Tea", occurrence: 0
            ).rawValue.utf8)
        let expected =
            [
                "account-1234/K", "account-1234/F1", "account-1234/\u{212A}~2", "account-1234/F1~2", "account-1234/G",
            ].map { Array($0.utf8) } + [derived]
        #expect(ids.sorted { $0.lexicographicallyPrecedes($1) } == expected.sorted { $0.lexicographicallyPrecedes($1) })
        #expect(outcome.report.files.map(\.duplicates) == [0])
    }

    @Test("among many distinct FITIDs, the one that repeats is numbered, in a later statement of the same account too")
    func repeatedFITIDAmongMany() {
        var ofx = "FAKEOFX\nstatement;number=1234\n"
        for index in 0..<500 { ofx += "2024-01-03;-\(index).00;Shop;fitid=X\(index)\n" }
        ofx += "statement;number=1234\n2024-01-04;-1.00;Shop;fitid=X7\n"
        let outcome = H.run([("bank-1.ofx", ofx)])
        let ids = Set(outcome.journal.transactions.map(\.id.rawValue))
        #expect(ids.count == 501)
        #expect(
            ids.contains("account-1234/X7~2") && ids.contains("account-1234/X7") && ids.contains("account-1234/X499"))
        #expect(ids.filter { $0.contains("~") } == ["account-1234/X7~2"])
    }

    @Test("QIF splits go into the journal when they add up; the bank's fields and source are kept")
    func qifIntoJournal() throws {
        let qif = String(decoding: try QIFFixtures.corpus("quiffen__test.qif"), as: UTF8.self)
        let outcome = H.run([("quicken.qif", qif)], config: WorkspaceConfig(baseCurrency: .usd))
        let report = outcome.report
        #expect(report.files[0].records == 15)
        #expect(report.files[0].imported == 5)
        #expect(report.files[0].skipped == 10)
        #expect(H.countsAddUp(report))
        let amazon = try #require(outcome.journal.transactions.first { $0.payee == "Amazon.com" })
        #expect(
            amazon.splits.map(\.category.description) == [
                "Food:Groceries", "Transportation:Automobile", "Personal Care:Haircare", "Healthcare:Prescriptions",
            ])
        #expect(amazon.bankCategory == "Food:Groceries")
        #expect(amazon.source == SourceLocation(file: "inbox/quicken.qif", line: 72))
        #expect(outcome.journal.transactions.first { $0.payee == "Walmart" }?.checkNumber == "123")
        #expect(outcome.journal.baseCurrency == .usd)
    }

    @Test("Quicken's opening balance entry becomes the account's opening balance, not income")
    func quickenOpeningBalance() throws {
        let qif = """
            !Account
            NSaver
            TBank
            ^
            !Type:Bank
            D2024-09-01
            T4200.00
            POpening Balance
            L[Saver]
            ^
            D2024-09-26
            T250.00
            PTRANSFER FROM NORTHWIND
            ^
            """
        let outcome = H.run([("saver.qif", qif)])
        #expect(outcome.journal.transactions.map(\.payee) == ["TRANSFER FROM NORTHWIND"])
        let account = try #require(outcome.journal.account("saver"))
        #expect(account.openingBalance == H.money("4200.00"))
        #expect(outcome.report.files[0].skipped == 1)
        #expect(outcome.report.accounts[0].openingBalanceSource == "derived")
        #expect(H.countsAddUp(outcome.report))
    }

    @Test("splits that do not add up are left out with a warning")
    func splitsNotAddingUp() {
        let qif = "!Type:Bank\nD2024-01-05\nT-10.00\nPShop\nSFood\n$-4.00\nSHome\n$-5.00\n^\n"
        let outcome = H.run([("shop.qif", qif)])
        #expect(outcome.journal.transactions.first?.splits == [])
        #expect(
            outcome.diagnostics.map(\.description) == [
                "inbox/shop.qif:2:1: warning: the splits add up to -9.00, not to the amount -10.00; the transaction is kept without its splits"
            ])
    }

    @Test("the base currency is the configured one, else the one most transactions are in")
    func baseCurrency() {
        let usd = "FAKEOFX\nstatement;number=1;currency=USD\n2024-01-03;-1.00;A\n2024-01-04;-1.00;B\n"
        let eur = "FAKEOFX\nstatement;number=2;currency=EUR\n2024-01-03;-1.00;C\n"
        let outcome = ImportDriver(readers: H.readers, config: WorkspaceConfig())
            .run([InboxFile(name: "a.ofx", bytes: Array(eur.utf8)), InboxFile(name: "b.ofx", bytes: Array(usd.utf8))])
        #expect(outcome.journal.baseCurrency == .usd)
        #expect(outcome.report.baseCurrency == "USD")
        #expect(outcome.journal.accounts.map(\.id) == ["account-1", "account-2"])
        #expect(outcome.journal.accounts.map(\.currency) == [.usd, .eur])
    }

    @Test("the same inputs give the same journal and report")
    func deterministic() {
        let files = [
            ("current-2.csv", "FAKECSV\n2024-01-05;-3.50;Coffee\n2024-01-06;-1.00;Gum\n"),
            ("current-1.csv", "FAKECSV\n2024-01-05;-3.50;Coffee\n"),
        ]
        let one = H.run(files, config: Self.current)
        let two = H.run(files.reversed(), config: Self.current)
        #expect(JournalCodec.encode(one.journal) == JournalCodec.encode(two.journal))
        #expect(one.report == two.report)
    }
}

@Suite("Inbox globs")
struct InboxGlobTests {
    @Test(
        "matches",
        arguments: [
            ("current-*.csv", "current-2024-01.csv", true),
            ("current-*.csv", "current-.csv", true),
            ("current-*.csv", "current-2024-01.ofx", false),
            ("inbox/current-*.csv", "current-1.csv", true),
            ("card-??.ofx", "card-01.ofx", true),
            ("card-??.ofx", "card-1.ofx", false),
            ("*", "anything", true),
            ("*a*b*", "xxaxxbxx", true),
            ("*a*b", "xxaxxbxxc", false),
            ("exact.qif", "exact.qif", true),
            ("exact.qif", "Exact.qif", false),
        ])
    func matching(pattern: String, name: String, expected: Bool) {
        #expect(InboxGlob(pattern).matches(name) == expected)
    }
}
