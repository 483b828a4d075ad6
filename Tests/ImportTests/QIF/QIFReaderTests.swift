import Ledger
import TestSupport
import Testing

@testable import Import

@Suite("QIF reader")
struct QIFReaderTests {
    typealias F = QIFFixtures

    @Test("several !Account blocks: one statement each, AutoSwitch lists do not switch, $ and / are a balance")
    func multipleAccounts() throws {
        let file = try F.read(try F.fixture("multi-account.qif"))
        #expect(
            file.statements.map(\.accountHint) == [
                AccountHint(name: "Everyday", kind: .checking), AccountHint(name: "Visa", kind: .creditCard),
            ])
        let everyday = file.statements[0]
        #expect(everyday.records.map(\.amount) == [F.money("-45.10"), F.money("2500.00")])
        #expect(everyday.records.map(\.date) == [F.date("2024-01-15"), F.date("2024-01-20")])
        #expect(everyday.records[1].bankType == "DEP")
        #expect(everyday.records[1].checkNumber == nil)
        #expect(
            everyday.statedBalances == [
                StatedBalance(
                    kind: .ledger, date: try #require(F.date("2024-01-31")), amount: F.money("1250.00"), line: 14)
            ])
        let visa = file.statements[1]
        #expect(visa.records.count == 1)
        #expect(visa.records[0].date == F.date("2024-01-18"))
        #expect(visa.records[0].bankCategory == "Entertainment")
        #expect(visa.records[0].line == 32)
        #expect(file.skipped.isEmpty)
    }

    @Test("decimal comma, Windows-1252 and CRLF line ends in one file")
    func decimalComma() throws {
        let file = try F.read(try F.fixture("decimal-comma-cp1252-crlf.qif"), currency: .eur)
        let records = try #require(file.statements.first?.records)
        #expect(records.map(\.amount) == [F.money("-1234.56", .eur), F.money("12.50", .eur)])
        #expect(records.map(\.date) == [F.date("2024-01-15"), F.date("2024-01-16")])
        #expect(records[1].payee == "Bäckerei")
        #expect(records.map(\.line) == [2, 6])
    }

    @Test("investment entries count where they move cash, signed by their action")
    func investment() throws {
        let file = try F.read(try F.fixture("investment.qif"))
        let statement = try #require(file.statements.first)
        #expect(statement.accountHint == AccountHint(name: "Brokerage", kind: .investment))
        #expect(statement.records.map(\.amount) == ["-50.00", "1.25", "30.00", "100.00", "-5.00"].map { F.money($0) })
        #expect(statement.records.map(\.payee) == ["Buy ACME", "Div ACME", "Sell ACME", "XIn", "Fee"])
        #expect(statement.records.map(\.bankType) == ["Buy", "Div", "Sell", "XIn", "Cash"])
        #expect(statement.records[3].bankCategory == "[Checking]")
        #expect(statement.records.allSatisfy { $0.splits.isEmpty })
        #expect(
            file.skipped == [
                SkippedRecord(line: 23, reason: "investment action 'ReinvDiv' moves shares, not cash"),
                SkippedRecord(
                    line: 34,
                    reason: "investment action 'BuyX' settles through another account, so no cash moves in this one"),
            ])
    }

    @Test("entries that cannot be transactions are skipped with their reason and line")
    func skippedEntries() throws {
        let text = """
            P no header yet
            ^
            !Type:Bank
            D13/01/2024
            T-1.00
            ^
            T-2.00
            PNo date
            ^
            D31/02/2024
            T-3.00
            ^
            D14/01/2024
            PNo amount
            ^
            D15/01/2024
            T12..0
            ^
            D16/01/2024
            T-4.00
            S[Savings]
            $-3.00
            SFood
            $-1.x0
            ^
            !Type:Memorized
            PCoffee
            T-3.50
            ^
            !Type:Budget
            NFood
            ^
            """
        let file = try F.read(text: text)
        #expect(file.statements.first?.records.map(\.amount) == [F.money("-1.00"), F.money("-4.00")])
        #expect(file.statements.first?.records.last?.splits == [])
        #expect(
            file.skipped == [
                SkippedRecord(line: 1, reason: "entry before any !Type header, so its kind is unknown"),
                SkippedRecord(line: 7, reason: "entry has no date (D line)"),
                SkippedRecord(line: 10, reason: "date '31/02/2024' is not a valid day/month/year date"),
                SkippedRecord(line: 13, reason: "entry has no amount (T line)"),
                SkippedRecord(
                    line: 16, reason: "amount '12..0' is not a number (unexpected character at offset 3 in amount)"),
                SkippedRecord(
                    line: 27, reason: "memorized transaction (!Type:Memorized) is a template, not a transaction"),
                SkippedRecord(
                    line: 31, reason: "entry of a '!Type:Budget' section, which is not a list of transactions"),
            ])
        #expect(
            file.warnings.map(\.description) == [
                "inbox/test.qif:24:2: warning: split amount '-1.x0' is not a number; the transaction is kept without its splits"
            ])
        #expect(file.recordCount == 9)
    }

    @Test("a transaction right after an account definition, with no !Type header, is reported")
    func missingTypeHeader() throws {
        let file = try F.read(text: "!Account\nNChecking\nTBank\n^\nD2024-01-05\nT-1.00\nPShop\n^\n")
        #expect(file.statements.isEmpty)
        #expect(
            file.skipped == [SkippedRecord(line: 5, reason: "entry before any !Type header, so its kind is unknown")])
    }

    @Test("a file that writes dates both ways is an error naming both")
    func mixedDateOrders() throws {
        let text = "!Type:Bank\nD13/01/2024\nT-1.00\n^\nD01/13/2024\nT-2.00\n^\n"
        #expect {
            _ = try F.read(text: text)
        } throws: { error in
            (error as? ImportDiagnostic)?.description
                == "inbox/test.qif:2:2: error: dates in this file are written both day/month ('13/01/2024' on line 2) and month/day ('01/13/2024' on line 5); set date_order = \"dmy\" or \"mdy\" for this account in closebook.toml to choose one (dates that do not fit it are skipped)"
        }
        let settled = try F.read(text: text, order: .dayMonthYear)
        #expect(settled.statements.first?.records.map(\.date) == [try #require(F.date("2024-01-13"))])
        #expect(
            settled.skipped == [SkippedRecord(line: 5, reason: "date '01/13/2024' is not a valid day/month/year date")])
    }

    @Test("the configured date order wins over the file's evidence")
    func configuredOrder() throws {
        let text = "!Type:Bank\nD03/04/2024\nT-1.00\n^\n"
        #expect(
            try F.read(text: text, order: .dayMonthYear).statements.first?.records.first?.date == F.date("2024-04-03"))
        #expect(
            try F.read(text: text, order: .monthDayYear).statements.first?.records.first?.date == F.date("2024-03-04"))
    }

    @Test("the U amount is used only when there is no T; a U before T is ignored")
    func uAmount() throws {
        let text = "!Type:Bank\nD1/1/24\nU-9.99\nT-10.00\n^\nD1/1/24\nU-7.25\n^\n"
        #expect(
            try F.read(text: text).statements.first?.records.map(\.amount) == [F.money("-10.00"), F.money("-7.25")])
    }

    @Test("grouped amounts, other !Type names and comment lines")
    func groupingAndTypes() throws {
        let text = """
            # exported by a tool
            !Type:Oth L
            D2024-01-15
            T2,064,284.13
            ^
            !type:cash
            D2024-01-16
            T-5
            ^
            !Type:Oth A
            D2024-01-17
            T1'000.50
            ^
            """
        let file = try F.read(text: text)
        #expect(file.statements.count == 1)
        #expect(file.statements[0].accountHint.kind == .loan)
        #expect(file.statements[0].records.map(\.amount) == ["2064284.13", "-5.00", "1000.50"].map { F.money($0) })
    }

    @Test("recognises QIF by content, not by name")
    func recognition() {
        #expect(QIFReader.recognizes(Array("\u{FEFF}!Type:Bank\nD1/1/24\n".utf8)))
        #expect(QIFReader.recognizes(Array("\n  # comment\n!Account\nNChecking\n".utf8)))
        #expect(QIFReader.recognizes(Array("!option:AutoSwitch\n".utf8)))
        #expect(!QIFReader.recognizes(Array("%PDF-1.7\n".utf8)))
        #expect(!QIFReader.recognizes(Array("Date,Description,Amount\n".utf8)))
        #expect(!QIFReader.recognizes(Array("OFXHEADER:100\n".utf8)))
        #expect(!QIFReader.recognizes([]))
        #expect(!QIFReader.recognizes(Array("!Budget\n".utf8)))
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "!Type:Bank\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(QIFReader.recognizes(utf16))
    }

    @Test("never crashes: truncations and byte flips of every fixture, and random bytes")
    func neverCrashes() throws {
        var inputs: [[UInt8]] = []
        for name in ["multi-account.qif", "investment.qif", "decimal-comma-cp1252-crlf.qif"] {
            inputs.append(try F.fixture(name))
        }
        inputs.append(try F.corpus("quiffen__test.qif"))
        var generator = SplitMix64(seed: 42)
        var cases: [[UInt8]] = []
        for input in inputs {
            for cut in stride(from: 0, through: input.count, by: 7) { cases.append(Array(input.prefix(cut))) }
            for _ in 0..<200 {
                var mutated = input
                for _ in 0..<4 {
                    let index = Int(generator.next() % UInt64(max(mutated.count, 1)))
                    if index < mutated.count { mutated[index] = UInt8(truncatingIfNeeded: generator.next()) }
                }
                cases.append(mutated)
            }
        }
        let alphabet = Array("DT$SE^!\n/'-. 0123456789".utf8)
        for _ in 0..<200 {
            var bytes = Array("!Type:Bank\n".utf8)
            for _ in 0..<(generator.next() % 300) {
                let pick = generator.next() % 10
                bytes.append(
                    pick < 3
                        ? alphabet[Int(generator.next() % UInt64(alphabet.count))]
                        : UInt8(truncatingIfNeeded: generator.next()))
            }
            cases.append(bytes)
        }
        var parsed = 0
        for bytes in cases {
            for order in [nil, DateOrder.dayMonthYear, .yearMonthDay] {
                if let file = try? F.read(bytes, order: order) {
                    parsed += 1
                    #expect(file.recordCount >= file.statements.reduce(0) { $0 + $1.records.count })
                }
            }
        }
        #expect(parsed > 0)
    }
}

@Suite("QIF dates")
struct QIFDateTests {
    @Test(
        "date forms",
        arguments: [
            ("1/15/24", DateOrder.monthDayYear, "2024-01-15"),
            ("1/15'24", .monthDayYear, "2024-01-15"),
            ("01/15/2024", .monthDayYear, "2024-01-15"),
            ("15.01.2024", .dayMonthYear, "2024-01-15"),
            ("2024-01-15", .dayMonthYear, "2024-01-15"),
            ("2024-01-15", .monthDayYear, "2024-01-15"),
            (" 1/ 5/24", .monthDayYear, "2024-01-05"),
            (" 1/ 5/24", .dayMonthYear, "2024-05-01"),
            ("10/26'14", .monthDayYear, "2014-10-26"),
            ("3/ 1' 0", .monthDayYear, "2000-03-01"),
            ("1/ 1'00", .monthDayYear, "2000-01-01"),
            ("2/10'2020", .monthDayYear, "2020-02-10"),
            ("11/10/99", .monthDayYear, "1999-11-10"),
            ("11/10/9", .monthDayYear, "2009-11-10"),
            ("03-03-10", .dayMonthYear, "2010-03-03"),
            ("26-06-2019 00:00:00", .dayMonthYear, "2019-06-26"),
            ("03/04/10", .dayMonthYear, "2010-04-03"),
            ("20240115", .monthDayYear, "2024-01-15"),
            ("2024-01-15T10:30:00", .monthDayYear, "2024-01-15"),
            ("24/01/15", .yearMonthDay, "2024-01-15"),
        ])
    func forms(text: String, order: DateOrder, iso: String) {
        #expect(QIFDate(Array(text.utf8)[...])?.civilDate(order: order) == CivilDate(iso: iso))
    }

    @Test("not dates", arguments: ["", "1/15", "abc", "1/15/24x", "1/15/24/3", "2024-1-15-3", "123/1/2024", "1/1/123"])
    func notDates(text: String) {
        #expect(QIFDate(Array(text.utf8)[...])?.civilDate(order: .monthDayYear) == nil)
    }

    @Test("evidence of day/month order")
    func evidence() {
        #expect(QIFDate(Array("13/01/2024".utf8)[...])?.evidence == .dayMonthYear)
        #expect(QIFDate(Array("01/13/2024".utf8)[...])?.evidence == .monthDayYear)
        #expect(QIFDate(Array("01/02/2024".utf8)[...])?.evidence == nil)
        #expect(QIFDate(Array("01/02/2024".utf8)[...])?.isAmbiguous == true)
        #expect(QIFDate(Array("02/02/2024".utf8)[...])?.isAmbiguous == false)
        #expect(QIFDate(Array("2024-01-02".utf8)[...])?.isAmbiguous == false)
    }
}
