import Import
import Ledger
import TestSupport
import Testing

/// The quirks banks' CSV exports have, one small fixture each. Expected values are worked out by
/// hand from the fixture text.
@Suite("CSV reader quirks")
struct CSVReaderQuirkTests {
    typealias Support = CSVTestSupport

    /// A plain profile: Date, Description, Amount (signed), DD/MM/YYYY, EUR.
    static let simpleTOML = """
        name = "Test bank"
        bank = "Test Bank"

        [file]
        signature = ["Date", "Description", "Amount"]

        [columns]
        date = "Date"
        date_format = "%d/%m/%Y"
        payee = "Description"

        [amount]
        column = "Amount"
        currency = "EUR"
        """

    static func simple(_ extra: String = "", amount: String = "", id: String = "test") throws -> CSVProfile {
        var toml = simpleTOML
        if !amount.isEmpty { toml = toml.replacingAll("currency = \"EUR\"", with: amount) }
        return try Support.profile(toml + "\n" + extra, id: id)
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        try FileOutput.read(Support.repositoryRoot + "/Tests/ImportTests/Fixtures/csv/" + name)
    }

    // MARK: - The Samples layout

    @Test func northwindSamplesLayout() throws {
        let file = try Support.read(
            Self.fixture("northwind-current-2026-11.csv"), profiles: Support.profiles,
            path: "Samples/inbox/northwind-current-2026-11.csv", currency: .gbp)
        #expect(file.profile == "northwind-bank")
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.institution == "Northwind Bank")
        #expect(statement.accountHint.kind == .checking)
        #expect(statement.currency == .gbp)
        let records = statement.records
        #expect(records.map(\.amount.decimalString) == ["-42.10", "2000.00", "-100.00", "-900.00", "1000.00"])
        #expect(records.map(\.payee) == ["TESCO STORES 3297", "ACME LTD, SALARY", "BRAMBLE BS", "RENT", "REFUND"])
        #expect(records.map(\.bankType) == ["DEB", "FPI", "DD", "SO", "BGC"])
        #expect(records.map(\.line) == [2, 3, 4, 5, 6])
        #expect(records[0].balanceAfter == Support.money("1957.90", .gbp))
        // Newest first: the end of 30 October is the balance after RENT (line 5), not REFUND.
        #expect(
            statement.statedBalances == [
                StatedBalance(
                    kind: .ledger, date: Support.date("2026-10-30"), amount: Support.money("100.00", .gbp), line: 5),
                StatedBalance(
                    kind: .ledger, date: Support.date("2026-11-14"), amount: Support.money("1957.90", .gbp), line: 2),
            ])
        #expect(file.skipped.isEmpty)
        #expect(file.warnings.isEmpty)
    }

    // MARK: - Encodings

    @Test(arguments: ["utf16le-bom.csv", "utf16be-bom.csv"])
    func utf16WithByteOrderMark(name: String) throws {
        let profile = try Self.simple("", amount: "currency = \"EUR\"\ndecimal_mark = \",\"")
        let file = try Support.read(Self.fixture(name), profiles: [profile])
        #expect(file.csvRecords.map(\.payee) == ["Café Crème", "Ünïcödé €"])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-3.50", "12.00"])
        #expect(file.csvRecords.map(\.line) == [2, 3])
        #expect(file.warnings.isEmpty)
    }

    @Test func utf8WithByteOrderMark() throws {
        let profile = try Self.simple("", amount: "currency = \"EUR\"\ndecimal_mark = \",\"")
        let file = try Support.read(Self.fixture("utf8-bom.csv"), profiles: [profile])
        // The header's first cell is "Date", not "\u{FEFF}Date": the signature matches.
        #expect(file.csvRecords.map(\.payee) == ["Café"])
        #expect(file.warnings.isEmpty)
    }

    @Test func windows1252Detected() throws {
        let profile = try Self.simple("", amount: "currency = \"EUR\"\ndecimal_mark = \",\"")
        let file = try Support.read(Self.fixture("windows-1252.csv"), profiles: [profile])
        // 0x96 is an en dash and 0x80 the euro sign in Windows-1252 (neither exists in ISO-8859-1).
        #expect(file.csvRecords.map(\.payee) == ["Café – 5€"])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:2:1: warning: file is not valid UTF-8 (byte 0xE9 on this line); read as windows-1252; declare the encoding in the profile if that is wrong"
            ])
    }

    @Test func windows1251Declared() throws {
        let profile = try Support.profile(
            """
            name = "Russian test"
            bank = "Test"
            [file]
            encoding = "cp1251"
            signature = ["Дата", "Описание", "Сумма"]
            [columns]
            date = "Дата"
            date_format = "%d.%m.%Y"
            payee = "Описание"
            [amount]
            column = "Сумма"
            decimal_mark = ","
            currency = "RUB"
            """)
        let file = try Support.read(Self.fixture("windows-1251.csv"), profiles: [profile])
        #expect(file.csvRecords.map(\.payee) == ["Перевод"])
        #expect(file.csvRecords.map(\.amount) == [Support.money("-3.50", Currency(code: "RUB")!)])
        #expect(file.warnings.isEmpty)
    }

    @Test func invalidUTF8DeclaredUTF8() throws {
        let profile = try Self.simple("", id: "test")
        var declared = profile
        declared.encoding = .utf8
        var bytes = Array("Date,Description,Amount\n01/02/2024,Caf".utf8)
        bytes.append(0xE9)
        bytes.append(contentsOf: Array(",-3.50\n".utf8))
        let file = try Support.read(bytes, profiles: [declared])
        #expect(file.csvRecords.map(\.payee) == ["Caf\u{FFFD}"])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:2:1: warning: 1 byte(s) are not valid UTF-8 and were replaced by U+FFFD (first: 0xE9)"
            ])
    }

    // MARK: - Delimiters

    @Test(arguments: [",", ";", "\t", "|"])
    func sniffedDelimiter(delimiter: String) throws {
        let text =
            ["Date", "Description", "Amount"].joined(separator: delimiter) + "\n"
            + ["01/02/2024", "Coffee, large", "-3.50"].joined(separator: delimiter) + "\n"
        let quoted = delimiter == "," ? text.replacingAll("Coffee, large", with: "\"Coffee, large\"") : text
        let file = try Support.read(quoted, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.payee) == ["Coffee, large"])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-3.50"])
    }

    @Test func semicolonWithDecimalCommasIsSniffedAsSemicolon() throws {
        let text = "Date;Description;Amount\n01/02/2024;Coffee;-3,50\n02/02/2024;Tea;-2,75\n03/02/2024;Cake;-4,10\n"
        let file = try Support.read(
            text, profiles: [try Self.simple("", amount: "currency = \"EUR\"\ndecimal_mark = \",\"")])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-3.50", "-2.75", "-4.10"])
    }

    // MARK: - Quoting

    @Test func quotedNewlinesAndDoubledQuotes() throws {
        let text =
            "Date,Description,Amount\r\n01/02/2024,\"Line one\r\nline \"\"two\"\"\",-3.50\r\n02/02/2024,Next,1.00\r\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.payee) == ["Line one\r\nline \"two\"", "Next"])
        // The second record starts on line 4: the first one spans lines 2 and 3.
        #expect(file.csvRecords.map(\.line) == [2, 4])
    }

    @Test func strayQuoteIsKeptWithAWarning() throws {
        let text = "Date,Description,Amount\n01/02/2024,\"UAB \"Naktida\"\",-3.50\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.payee) == ["UAB \"Naktida\""])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:2:17: warning: quote inside a quoted field is not doubled; kept as text"
            ])
    }

    @Test func unterminatedQuoteSkipsOneRecordAndGoesOn() throws {
        let text =
            "Date,Description,Amount\n01/02/2024,\"Broken,-3.50\n02/02/2024,Fine,1.00\n03/02/2024,Also fine,2.00\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.payee) == ["Fine", "Also fine"])
        #expect(
            file.skipped == [
                SkippedRecord(
                    line: 2, reason: "quoted field opened at line 2 column 12 is never closed; record skipped")
            ])
        #expect(file.recordCount == 3)
    }

    @Test func textAfterClosingQuote() throws {
        let text = "Date,Description,Amount\n01/02/2024,\"Coffee\" shop,-3.50\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.payee) == ["Coffee\" shop"])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-3.50"])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:2:20: warning: text after a closing quote; kept as part of the field"
            ])
    }

    @Test func carriageReturnOnlyLineEnds() throws {
        let text = "Date,Description,Amount\r01/02/2024,Coffee,-3.50\r02/02/2024,Tea,-2.00"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.line) == [2, 3])
        #expect(file.csvRecords.map(\.payee) == ["Coffee", "Tea"])
    }

    // MARK: - Preamble, summary and blank lines

    @Test func preambleAndSummaryLines() throws {
        let profile = try Support.profile(
            """
            name = "Preamble test"
            bank = "Test Bank"
            [file]
            signature = ["Date", "Description", "Amount", "Balance"]
            [columns]
            date = "Date"
            date_format = "%d/%m/%Y"
            payee = "Description"
            balance = "Balance"
            [amount]
            column = "Amount"
            currency = "GBP"
            [[preamble]]
            label = "Account"
            value = "account"
            [[preamble]]
            label = "Opening balance"
            value = "opening_balance"
            """)
        let file = try Support.read(Self.fixture("preamble-and-summary.csv"), profiles: [profile])
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint.accountNumber == "GB29 NWBK 6016 1331 9268 19")
        #expect(statement.records.map(\.payee) == ["Coffee", "Salary"])
        #expect(statement.records.map(\.line) == [6, 7])
        // The total and the closing line are after the data: summary lines, not transactions.
        #expect(
            file.skipped == [
                SkippedRecord(
                    line: 9, reason: "summary line after the data (invalid date 'Total' (expected %d/%m/%Y))"),
                SkippedRecord(
                    line: 10,
                    reason: "summary line after the data (invalid date 'End of statement' (expected %d/%m/%Y))"),
            ])
        #expect(
            statement.statedBalances.map { "\($0.date.isoString) \($0.amount.decimalString)" } == [
                "2024-02-29 100.00", "2024-03-01 97.50", "2024-03-02 1097.50",
            ])
    }

    @Test func emptyLinesAndEmptyRowsAreNotRecords() throws {
        let text = "Date,Description,Amount\n\n01/02/2024,Coffee,-3.50\n,,\n   \n02/02/2024,Tea,-2.00\n\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.line) == [3, 6])
        #expect(file.skipped.isEmpty)
    }

    // MARK: - Amounts

    @Test func debitAndCreditColumns() throws {
        let profile = try Support.profile(
            """
            name = "Debit credit"
            bank = "Test"
            [file]
            signature = ["Date", "Payee", "Debit", "Credit"]
            [columns]
            date = "Date"
            date_format = "%d/%m/%Y"
            payee = "Payee"
            [amount]
            debit = "Debit"
            credit = "Credit"
            currency = "GBP"
            """)
        let text =
            "Date,Payee,Debit,Credit\n01/02/2024,Shop,12.50,\n02/02/2024,Salary,,1000.00\n03/02/2024,Both,0.00,5.00\n04/02/2024,Neither,,\n05/02/2024,Minus,-7.25,\n"
        let file = try Support.read(text, profiles: [profile])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-12.50", "1000.00", "5.00", "-7.25"])
        #expect(file.skipped == [SkippedRecord(line: 5, reason: "no amount: 'Debit' and 'Credit' are both empty")])
    }

    /// Revolut's balance moves by Amount - Fee: 300.00 - 3.50 = 296.50, - 200.00 - 4.00 = 92.50,
    /// + 48.21 - 0.48 = 140.23. A zero fee changes nothing; a fee on a zero amount is a charge.
    @Test func feeColumnIsTakenOnTopOfTheAmount() throws {
        let text = """
            Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance
            CARD_PAYMENT,Current,2024-10-01 09:12:00,2024-10-02 05:00:00,Coffee Shop,-3.50,0.00,EUR,COMPLETED,296.50
            ATM,Current,2024-10-03 18:00:00,2024-10-03 18:00:05,Cash at ATM,-200.00,4.00,EUR,COMPLETED,92.50
            EXCHANGE,Current,2024-10-05 10:00:00,2024-10-05 10:00:00,Exchanged to EUR,48.21,0.48,EUR,COMPLETED,140.23
            FEE,Current,2024-10-06 00:00:00,2024-10-06 00:00:00,Metal plan fee,0.00,13.99,EUR,COMPLETED,126.24

            """
        let file = try Support.read(text, profiles: Support.profiles, path: "inbox/revolut.csv")
        #expect(file.profile == "revolut")
        let records = file.csvRecords
        #expect(records.map(\.amount.decimalString) == ["-3.50", "-204.00", "47.73", "-13.99"])
        #expect(records.map(\.memo) == ["", "fee 4.00", "fee 0.48", "fee 13.99"])
        #expect(records.map { $0.balanceAfter?.decimalString } == ["296.50", "92.50", "140.23", "126.24"])
        for index in 1..<records.count {
            #expect(records[index - 1].balanceAfter?.adding(records[index].amount) == records[index].balanceAfter)
        }
    }

    @Test func invertedSignForCardExports() throws {
        let profile = try Self.simple("", amount: "currency = \"USD\"\nsign = \"inverted\"")
        let text = "Date,Description,Amount\n01/02/2024,Purchase,25.00\n02/02/2024,Payment,-100.00\n"
        let file = try Support.read(text, profiles: [profile])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-25.00", "100.00"])
    }

    @Test func debitCreditIndicator() throws {
        let profile = try Self.simple(
            "",
            amount: "currency = \"EUR\"\nindicator = \"Dir\"\ndebit_values = [\"D\", \"Af\"]\ncredit_values = [\"C\"]")
        let text =
            "Date,Description,Amount,Dir\n01/02/2024,Shop,12.50,D\n02/02/2024,Refund,3.00,c\n03/02/2024,Odd,1.00,X\n04/02/2024,Out,2.00, af \n"
        let file = try Support.read(text, profiles: [profile])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-12.50", "3.00", "-2.00"])
        #expect(
            file.skipped == [
                SkippedRecord(line: 4, reason: "debit/credit indicator 'X' is neither debit (D/Af) nor credit (C)")
            ])
    }

    @Test(arguments: [
        ("\"1 234,56\"", "1234.56"),
        ("\"-1\u{A0}234,56\"", "-1234.56"),
        ("\"1\u{202F}234\u{202F}567,89\"", "1234567.89"),
        ("\"1.234,56\"", "1234.56"),
        ("\"-,01\"", "-0.01"),
        ("\"(12,50)\"", "-12.50"),
        ("\"+12,50\"", "12.50"),
        ("\"€ 12,50\"", "12.50"),
        ("\"12,50 €\"", "12.50"),
        ("\"-12,50 EUR\"", "-12.50"),
        ("\"EUR -12,50\"", "-12.50"),
    ])
    func decimalCommaAmounts(cell: String, expected: String) throws {
        let profile = try Self.simple("", amount: "currency = \"EUR\"\ndecimal_mark = \",\"\ngrouping = [\".\", \" \"]")
        let file = try Support.read("Date,Description,Amount\n01/02/2024,X,\(cell)\n", profiles: [profile])
        #expect(file.csvRecords.map(\.amount.decimalString) == [expected], "\(cell)")
    }

    @Test(arguments: [
        ("£12.50", "GBP", "12.50"),
        ("-£12.50", "GBP", "-12.50"),
        ("\"$1,234.50\"", "USD", "1234.50"),
        ("-$0.99", "USD", "-0.99"),
        ("(12.50)", "USD", "-12.50"),
        ("\"USD 7.00\"", "USD", "7.00"),
        ("د.ا.\u{200F}4.750", "JOD", "4.750"),
        ("+3.00", "EUR", "3.00"),
    ])
    func currencySymbolsAndCodes(cell: String, code: String, expected: String) throws {
        let profile = try Self.simple("", amount: "currency = \"\(code)\"")
        let file = try Support.read("Date,Description,Amount\n01/02/2024,X,\(cell)\n", profiles: [profile])
        #expect(file.csvRecords.map(\.amount.decimalString) == [expected], "\(cell)")
    }

    @Test func trailingMinusWhenTheProfileSaysSo() throws {
        let withOption = try Self.simple("", amount: "currency = \"EUR\"\ntrailing_minus = true")
        let file = try Support.read("Date,Description,Amount\n01/02/2024,X,12.50-\n", profiles: [withOption])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["-12.50"])
        let without = try Self.simple()
        let plain = try Support.read(
            "Date,Description,Amount\n01/02/2024,X,12.50-\n02/02/2024,Y,1.00\n", profiles: [without])
        #expect(
            plain.skipped == [
                SkippedRecord(line: 2, reason: "amount '12.50-' is not a number (decimal mark is '.' for this profile)")
            ])
    }

    @Test func badAmountsAreSkippedWithTheirReason() throws {
        let profile = try Self.simple("", amount: "currency = \"EUR\"\ndecimal_mark = \",\"")
        let text = """
            Date,Description,Amount
            01/02/2024,Beyond Int64,99999999999999999999
            02/02/2024,Three decimals,"1,234"
            03/02/2024,Not a number,"12,3,4"
            04/02/2024,Empty,
            05/02/2024,Good,"1,00"

            """
        let file = try Support.read(text, profiles: [profile])
        // Three decimals are rounded half to even, with a warning, as in QIF and OFX.
        #expect(file.csvRecords.map(\.amount.decimalString) == ["1.23", "1.00"])
        #expect(
            file.warnings.map(\.message) == [
                "amount '1,234' has more decimals than EUR allows; rounded half to even to 1.23"
            ])
        #expect(
            file.skipped == [
                SkippedRecord(line: 2, reason: "amount '99999999999999999999' is too large to represent exactly"),
                SkippedRecord(
                    line: 4, reason: "amount '12,3,4' is not a number (decimal mark is ',' for this profile)"),
                SkippedRecord(line: 5, reason: "amount is empty"),
            ])
        #expect(file.recordCount == 5)
    }

    @Test func zeroAmountRows() throws {
        let text = "Date,Description,Amount\n01/02/2024,Notice,0.00\n02/02/2024,Real,1.00\n"
        let skipping = try Support.read(text, profiles: [try Self.simple()])
        #expect(skipping.skipped == [SkippedRecord(line: 2, reason: "zero-amount notice row")])
        let keeping = try Support.read(
            text, profiles: [try Self.simple("", amount: "currency = \"EUR\"\nkeep_zero = true")])
        #expect(keeping.csvRecords.count == 2)
    }

    // MARK: - Dates

    @Test func thirtiethOfFebruary() throws {
        let text = "Date,Description,Amount\n30/02/2024,Impossible,-1.00\n29/02/2024,Leap day,-2.00\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.date) == [Support.date("2024-02-29")])
        #expect(file.skipped == [SkippedRecord(line: 2, reason: "invalid date '30/02/2024' (expected %d/%m/%Y)")])
    }

    @Test func everyRowFailingIsARejection() throws {
        // A file read with the wrong profile: not one date parses. Rejected, not silently empty.
        let text = "Date,Description,Amount\n2024-02-01,Coffee,-1.00\n2024-02-02,Tea,-2.00\n"
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/test.csv", line: 2, column: 1,
                message:
                    "no row could be read with profile 'test' (Importers/test.toml): invalid date '2024-02-01' (expected %d/%m/%Y)"
            )
        ) {
            try Support.read(text, profiles: [try Self.simple()])
        }
    }

    // MARK: - Choosing the profile

    @Test func ambiguousProfilesAreAnError() throws {
        let first = try Self.simple(id: "bank-a")
        let second = try Self.simple(id: "bank-b")
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/test.csv", line: 1, column: 1,
                message:
                    "the header matches CSV profiles 'bank-a' (Importers/bank-a.toml) and 'bank-b' (Importers/bank-b.toml) equally well; make one signature more specific, or set profile = \"NAME\" for the account in closebook.toml"
            )
        ) {
            try Support.read("Date,Description,Amount\n01/02/2024,X,1.00\n", profiles: [first, second])
        }
    }

    @Test func theMoreSpecificSignatureWins() throws {
        let general = try Self.simple(id: "general")
        var specific = try Self.simple(id: "specific")
        specific.signature = ["Date", "Description", "Amount", "Balance"]
        let file = try Support.read(
            "Date,Description,Amount,Balance\n01/02/2024,X,1.00,5.00\n", profiles: [general, specific])
        #expect(file.profile == "specific")
    }

    /// No profile matches, so the layout is inferred; here the dates can be read two ways.
    @Test func noProfileMatches() throws {
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/test.csv", line: 2, column: 1,
                message:
                    "no CSV profile matches this file, and its layout cannot be inferred: the date column 'When' cannot be read: dates in this file read both as %d/%m/%Y and as %m/%d/%Y (no day is above 12: '01/02/2024' is 2024-02-01 or 2024-01-02); set date_order = \"dmy\" or \"mdy\" for this file's account in closebook.toml. To read it, add this to closebook.toml and keep the line that is true:\n[[accounts]]\nid = \"test\"\ninbox = [\"test.csv\"]\ndate_order = \"dmy\"      # DECIDE: keep if '01/02/2024' is 2024-02-01\n# date_order = \"mdy\"    # or this, if it is 2024-01-02\nOr add a profile for its layout to Importers/ or the workspace's importers/ (see Importers/README.md), or set profile = \"NAME\" for its account in closebook.toml"
            )
        ) {
            try Support.read("When,What,HowMuch\n01/02/2024,X,1.00\n", profiles: [try Self.simple()])
        }
    }

    @Test func theAccountsProfileIsUsedFirst() throws {
        let first = try Self.simple(id: "bank-a")
        let second = try Self.simple(id: "bank-b")
        let account = AccountConfig(id: AccountID("current"), name: "Current", profile: "bank-b")
        let file = try Support.read(
            "Date,Description,Amount\n01/02/2024,X,1.00\n", profiles: [first, second], account: account)
        #expect(file.profile == "bank-b")
        let unknown = AccountConfig(id: AccountID("current"), name: "Current", profile: "bank-c")
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/test.csv", line: 1, column: 1,
                message:
                    "the account's profile 'bank-c' is not a loaded CSV profile (known: bank-a, bank-b); add Importers/bank-c.toml or fix profile in closebook.toml"
            )
        ) {
            try Support.read(
                "Date,Description,Amount\n01/02/2024,X,1.00\n", profiles: [first, second], account: unknown)
        }
    }

    @Test func headerlessFilesByFileName() throws {
        let profile = try Support.profile(
            """
            name = "Headerless"
            bank = "Test"
            [file]
            header = false
            delimiter = ";"
            file_names = ["umsatz-*.csv"]
            [columns]
            date = 1
            date_format = "%d.%m.%Y"
            payee = 2
            [amount]
            column = 3
            decimal_mark = ","
            currency = "EUR"
            """)
        let text = "01.02.2024;Coffee;-3,50\n02.02.2024;Tea;-2,00\n"
        let file = try Support.read(text, profiles: [profile], path: "inbox/Umsatz-2024.csv")
        #expect(file.csvRecords.map(\.line) == [1, 2])
        // Another name is not this profile's: its layout is inferred instead (dotted dates are
        // day first, so the file reads without one).
        let other = try Support.read(text, profiles: [profile], path: "inbox/other.csv")
        #expect(other.profile == "inferred-other")
    }

    @Test func missingColumnWhenTheAccountNamesTheProfile() throws {
        var profile = try Self.simple(id: "bank-a")
        profile.signature = []
        let account = AccountConfig(id: AccountID("current"), name: "Current", profile: "bank-a")
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/test.csv", line: 1, column: 1,
                message:
                    "profile 'bank-a' (Importers/bank-a.toml) reads the column 'Amount', which is not in the header (Date, Description, Value)"
            )
        ) {
            try Support.read("Date,Description,Value\n01/02/2024,X,1.00\n", profiles: [profile], account: account)
        }
    }

    @Test func missingOptionalColumnsAreLeftOutWithAWarning() throws {
        let profile = try Self.simple(id: "bank-a")
        var withBalance = profile
        withBalance.balance = .name("Balance")
        withBalance.memo = .column(.name("Notes"))
        let file = try Support.read("Date,Description,Amount\n01/02/2024,X,1.00\n", profiles: [withBalance])
        #expect(file.csvRecords.map(\.payee) == ["X"])
        #expect(file.csvRecords.map(\.balanceAfter) == [nil])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:1:1: warning: the header has no column 'Notes', 'Balance' that profile 'bank-a' would read; left out"
            ])
    }

    // MARK: - Never a crash

    @Test func binaryGarbageIsRejected() throws {
        // The PNG signature holds "\r\n" and "\n": the first NUL byte is on line 3.
        #expect(
            throws: ImportDiagnostic(
                path: "inbox/test.csv", line: 3, column: 1,
                message: "file is not text: it contains a NUL byte; a CSV export must be a text file")
        ) {
            try Support.read(Self.fixture("binary-garbage.bin"), profiles: Support.profiles)
        }
        #expect(!CSVReader.recognizes(try Self.fixture("binary-garbage.bin")))
        #expect(throws: ImportDiagnostic(path: "inbox/test.csv", line: 1, column: 1, message: "file is empty")) {
            try Support.read([UInt8](), profiles: Support.profiles)
        }
    }

    @Test func randomBytesNeverCrash() throws {
        var generator = SplitMix64(seed: 42)
        let alphabet =
            Array("\",;\t|\r\n 0123456789./-()'é€DateAmount".utf8) + [0xC3, 0xA9, 0xFF, 0xFE, 0xEF, 0xBB, 0xBF]
        let profile = try Self.simple()
        let account = AccountConfig(id: AccountID("a"), name: "A", profile: "test")
        for _ in 0..<500 {
            let length = Int(generator.next() % 300)
            var bytes = Array("Date,Description,Amount\n".utf8)
            for _ in 0..<length { bytes.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            do {
                let file = try Support.read(bytes, profiles: [profile], account: account)
                #expect(file.recordCount == file.csvRecords.count + file.skipped.count)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test func aLongLineOfStrayQuotesIsReadInOnePass() throws {
        // 40,000 stray quotes in one quoted cell: each must not rescan the whole line. The cell
        // is longer than a field may be, so its record is skipped once the cap is reached.
        let cell = String(repeating: "a\"b", count: 40_000)
        let text = "Date,Description,Amount\n01/02/2024,\"\(cell)\",1.00\n02/02/2024,Tea,2.00\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.payee) == ["Tea"])
        #expect(file.skipped.map(\.line) == [2])
    }

    @Test func aLineOfNothingButDelimiters() throws {
        let text = "Date,Description,Amount\n01/02/2024,Coffee,1.00" + String(repeating: ",", count: 200_000) + "\n"
        let file = try Support.read(text, profiles: [try Self.simple()])
        #expect(file.csvRecords.map(\.payee) == ["Coffee"])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.csv:2:1: warning: more than 10000 cells on one line; the rest of the line is ignored"
            ])
    }

    @Test func recognizesTextButNotOtherFormats() {
        #expect(CSVReader.recognizes(Array("Date,Amount\n01/02/2024,1\n".utf8)))
        #expect(!CSVReader.recognizes(Array("OFXHEADER:100\nDATA:OFXSGML\n".utf8)))
        #expect(!CSVReader.recognizes(Array("<?xml version=\"1.0\"?>\n<OFX>".utf8)))
        #expect(!CSVReader.recognizes(Array("!Type:Bank\nD01/02/2024\nT-1.00\n^\n".utf8)))
    }
}

extension String {
    /// Foundation-free replacement, for building test inputs.
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while !rest.isEmpty {
            if rest.hasPrefix(target) {
                result += replacement
                rest = rest.dropFirst(target.count)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result
    }
}
