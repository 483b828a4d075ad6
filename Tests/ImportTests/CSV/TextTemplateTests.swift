import Import
import Testing

@Suite("Text templates")
struct TextTemplateTests {
    @Test func parts() throws {
        let template = try TextTemplate("{Tegenrekeninghouder}[ ({Tegenrekeningnummer})]")
        #expect(
            template.parts == [
                .cell(.name("Tegenrekeninghouder")),
                .optional([.literal(" ("), .cell(.name("Tegenrekeningnummer")), .literal(")")]),
            ])
        #expect(template.columns == [.name("Tegenrekeninghouder"), .name("Tegenrekeningnummer")])
    }

    @Test func numbersAndEscapes() throws {
        let template = try TextTemplate("{4} \\[{3}\\] \\{x\\}")
        #expect(template.parts == [.cell(.number(4)), .literal(" ["), .cell(.number(3)), .literal("] {x}")])
    }

    @Test func errors() {
        #expect(throws: TemplateError(message: "template '{A}[ ({B})' has a '[' without ']'")) {
            try TextTemplate("{A}[ ({B})")
        }
        #expect(throws: TemplateError(message: "template '{A}]' has a ']' without '['")) {
            try TextTemplate("{A}]")
        }
        #expect(throws: TemplateError(message: "template '{}' has a '{' without a column name and '}'")) {
            try TextTemplate("{}")
        }
    }

    @Test func rendering() throws {
        let profile = try CSVTestSupport.profile(
            """
            name = "Template"
            bank = "Test"
            [file]
            signature = ["Date", "Name", "IBAN", "Amount"]
            [columns]
            date = "Date"
            date_format = "%Y-%m-%d"
            payee = "{Name}[ ({IBAN})]"
            memo = ["Name", "IBAN"]
            [amount]
            column = "Amount"
            [text]
            join = " / "
            """)
        let file = try CSVTestSupport.read(
            "Date,Name,IBAN,Amount\n2024-01-01,Shop,NL01,1.00\n2024-01-02,Bank,,2.00\n2024-01-03,,NL02,3.00\n",
            profiles: [profile])
        #expect(file.csvRecords.map(\.payee) == ["Shop (NL01)", "Bank", "(NL02)"])
        #expect(file.csvRecords.map(\.memo) == ["Shop / NL01", "Bank", "NL02"])
    }
}
