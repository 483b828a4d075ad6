import Testing

@testable import Import

@Suite("CSV tokenizer, eight bytes at a time")
struct CSVTokenizerTests {
    /// Every record of `text` as its fields' text, with the record's first line.
    static func records(_ text: String, delimiter: UInt8 = UInt8(ascii: ",")) -> [(line: Int, fields: [String])] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = CSVTokenizer(text: buffer, delimiter: delimiter)
            var fields: [CSVField] = []
            var result: [(line: Int, fields: [String])] = []
            while let head = tokenizer.next(into: &fields) {
                result.append((head.line, fields.map { String(decoding: tokenizer.bytes($0), as: UTF8.self) }))
            }
            return result
        }
    }

    @Test("long plain fields end at the delimiter or line end wherever it falls in a word")
    func longPlainFields() {
        let records = Self.records("abcdefghijklmnop,qrstuvw,x\r\n0123456789abcdefg;h\rlast field without end")
        #expect(records.map(\.line) == [1, 2, 3])
        #expect(records[0].fields == ["abcdefghijklmnop", "qrstuvw", "x"])
        #expect(records[1].fields == ["0123456789abcdefg;h"])
        #expect(records[2].fields == ["last field without end"])
    }

    @Test("quotes inside unquoted fields are found in the same pass, anywhere in a word, and left out")
    func quotesInUnquotedFields() {
        let text = "abcdefg\"hijklmnop\"q,2\nx,lo\"ng\"er  ,3\n"
        let bytes = Array(text.utf8)
        let (fields, problems) = bytes.withUnsafeBufferPointer { buffer in
            var tokenizer = CSVTokenizer(text: buffer, delimiter: UInt8(ascii: ","))
            var cells: [CSVField] = []
            var fields: [[String]] = []
            var problems: [CSVRecordHead.Problem?] = []
            while let head = tokenizer.next(into: &cells) {
                fields.append(cells.map { String(decoding: tokenizer.bytes($0), as: UTF8.self) })
                problems.append(head.problem)
            }
            return (fields, problems)
        }
        #expect(fields == [["abcdefghijklmnopq", "2"], ["x", "longer", "3"]])
        // The first quote of each: the eighth byte of line 1; on line 2, `x,lo` then the quote.
        #expect(problems == [.quoteInUnquotedField(line: 1, column: 8), .quoteInUnquotedField(line: 2, column: 5)])
    }

    @Test("long quoted fields keep delimiters, doubled quotes and line breaks")
    func longQuotedFields() {
        let records = Self.records(
            "\"PIZZA EXPRESS, LEEDS GB\",1.00\n\"a long \"\"quoted\"\" name, with more\nand a break\",2\nnext,3\n")
        #expect(records.map(\.line) == [1, 2, 4])
        #expect(records[0].fields == ["PIZZA EXPRESS, LEEDS GB", "1.00"])
        #expect(records[1].fields == ["a long \"quoted\" name, with more\nand a break", "2"])
        #expect(records[2].fields == ["next", "3"])
    }

    @Test("a quoted field never closed drops its record and reading goes on")
    func unterminated() {
        let records = Self.records("ok,1\n\"never closed, at all and longer than a word\nx,2")
        #expect(records.map(\.fields) == [["ok", "1"], [], ["x", "2"]])
    }
}
