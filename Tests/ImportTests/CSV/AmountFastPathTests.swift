import Import
import Ledger
import TestSupport
import Testing

/// The reader reads plain amounts (`-1234.56`) inline and everything else with `Money.parse`;
/// both must give the same money for every cell.
@Suite("Amount cells")
struct AmountFastPathTests {
    @Test(arguments: [
        ("EUR", "."), ("EUR", ","), ("JOD", "."), ("JPY", "."),
    ])
    func sameAsMoneyParse(code: String, mark: String) throws {
        let currency = Currency(code: code)!
        let style = mark == "." ? DecimalStyle.point : DecimalStyle.comma
        let profile = try CSVTestSupport.profile(
            """
            name = "Amounts"
            bank = "Test"
            [file]
            delimiter = ";"
            signature = ["Date", "Amount"]
            [columns]
            date = "Date"
            date_format = "%Y-%m-%d"
            [amount]
            column = "Amount"
            decimal_mark = "\(mark)"
            currency = "\(code)"
            keep_zero = true
            """)
        var cells = [
            "0", "-0", "+0", "1", "-1", "12", "123456789012345", "-123456789012345", "1234567890123456",
            "922337203685477", "0\(mark)5", "\(mark)46", "-\(mark)46", "12\(mark)", "-12\(mark)3", "7\(mark)05",
            "1\(mark)234", "99\(mark)999", "00012\(mark)50", "-", "+", "\(mark)", "--1", "1-",
        ]
        let group = mark == "." ? "," : "."
        cells += [
            "1\(group)234", "-1\(group)234\(mark)5", "12\(group)345\(group)678\(mark)90", "999\(group)999",
        ]
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let integer = generator.next() % 10_000_000
            let fraction = generator.next() % 1000
            let negative = generator.next() % 2 == 0
            cells.append("\(negative ? "-" : "")\(integer)\(mark)\(fraction)")
        }
        let text = "Date;Amount\n" + cells.map { "2024-01-01;\($0)" }.joined(separator: "\n") + "\n"
        let file = try CSVTestSupport.read(text, profiles: [profile])
        var parsed = file.csvRecords.makeIterator()
        var skipped = file.skipped.makeIterator()
        for cell in cells {
            // More decimals than the currency has are rounded (with a warning), as in QIF and OFX.
            let expected = try? Money.parse(cell, currency: currency, style: style, excess: .roundHalfEven)
            if let expected {
                #expect(parsed.next()?.amount == expected, "\(cell)")
            } else {
                #expect(skipped.next() != nil, "\(cell)")
            }
        }
        #expect(parsed.next() == nil)
    }
}

@Suite("Amount grouping")
struct AmountGroupingTests {
    /// `3,50` read with a decimal point is not 350: the profile's decimal mark is wrong.
    @Test func groupsMustBeThreeDigits() throws {
        let profile = try CSVTestSupport.profile(
            """
            name = "Grouping"
            bank = "Test"
            [file]
            delimiter = ";"
            signature = ["Date", "Amount"]
            [columns]
            date = "Date"
            date_format = "%Y-%m-%d"
            [amount]
            column = "Amount"
            currency = "EUR"
            """)
        let file = try CSVTestSupport.read(
            "Date;Amount\n2024-01-01;3,50\n2024-01-02;1,2345.00\n2024-01-03;1,234.50\n", profiles: [profile])
        #expect(file.csvRecords.map(\.amount.decimalString) == ["1234.50"])
        #expect(
            file.skipped == [
                SkippedRecord(line: 2, reason: "amount '3,50' is not a number (decimal mark is '.' for this profile)"),
                SkippedRecord(
                    line: 3, reason: "amount '1,2345.00' is not a number (decimal mark is '.' for this profile)"),
            ])
    }
}
