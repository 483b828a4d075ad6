import Foundation
import Ledger
import TestSupport
import Testing

@testable import Import

/// `Schemas/import-report.schema.json` against reports `closebook-import` really writes: the
/// Samples workspace's, and one of a workspace made to reach every branch of the report. Then the
/// same report broken one way at a time, to show the schema says something.
@Suite("Import report schema")
struct ImportReportSchemaTests {
    static let root = CSVTestSupport.repositoryRoot

    /// The check of `Schemas/import-report.schema.json`; nil, with a known issue, without jsonschema.
    static func validator() -> JSONSchemaCheck? {
        JSONSchemaCheck.available("import-report.schema.json")
    }

    /// Runs `closebook-import` on `workspace` in process, writing into `output`; returns the exit
    /// status and the report's bytes.
    static func importReport(workspace: String, output: String) throws -> (status: Int32, report: Data) {
        let report = output + "/build/import-report.json"
        let status = ImportCommand.run(
            arguments: [
                "--workspace", workspace, "--profiles", root + "/Importers", "--journal",
                output + "/build/journal.jsonl", "--report", report, "--quiet",
                // The fixtures run to December 2026: judged as on its last day, whatever the clock says.
                "--today", "2026-12-31",
            ],
            standardError: { _ in })
        return (status, Data(try FileOutput.read(report)))
    }

    @Test("the Samples workspace's report conforms")
    func samples() throws {
        let output = try TemporaryWorkspace(config: nil, inbox: [:])
        let (status, bytes) = try Self.importReport(workspace: Self.root + "/Samples", output: output.path)
        #expect(status == 0)
        if let validator = Self.validator() { #expect(try validator.problems(bytes) == []) }
        // Samples/README.md: 1018 CSV rows (57 of them in both exports), 600 OFX 2, 55 QIF, 6 OFX 1
        // transactions and the pension's 52 contributions (OFX 1).
        let report = try JSONDecoder().decode(ImportReport.self, from: bytes)
        #expect(report.totals.records == 1018 + 600 + 55 + 6 + 52)
        #expect(report.totals.duplicates == 57)
        #expect(report.totals.imported == 961 + 600 + 55 + 6 + 52)
    }

    // MARK: - A report with every branch

    static let config = """
        base_currency = "GBP"

        [[accounts]]
        id = "current"
        name = "Northwind Current Account"
        type = "checking"
        inbox = ["northwind-current-*.csv"]

        [[accounts]]
        id = "card"
        name = "Harbor Card"
        type = "credit_card"
        ofx_account_ids = ["4929000011112222"]
        opening_balance = "0.00"
        opening_date = "2026-11-01"

        [[accounts]]
        id = "savings"
        name = "Bramble Saver"
        type = "savings"
        inbox = ["bramble-savings-*.qif"]
        ofx_account_ids = ["55551234"]
        opening_balance = "500.00"
        opening_date = "2026-11-01"
        """

    /// The next Northwind export: it repeats the first one's last line (a same-id duplicate) and
    /// carries its running balance on.
    static let currentDecember = """
        Date,Type,Description,Paid Out,Paid In,Balance
        05/12/2026,DEB,PRET A MANGER,3.95,,1948.35
        01/12/2026,DEB,TFL TRAVEL CH,5.60,,1952.30
        14/11/2026,DEB,TESCO STORES 3297,42.10,,1957.90

        """

    /// The saver as OFX 1: 500.00 + 250.00 - 10.00, and the QIF export's other fee of 10.00 (a
    /// probable duplicate, kept) make 730.00, not the 740.00 its LEDGERBAL (line 19) states.
    static let savingsOFX = """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE

        <OFX>
        <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261201<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>400000<ACCTID>55551234<ACCTTYPE>SAVINGS</BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20261101<DTEND>20261130
        <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261102<TRNAMT>250.00<FITID>S-1<NAME>TRANSFER FROM NORTHWIND</STMTTRN>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-10.00<FITID>S-2<NAME>ANNUAL FEE</STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>740.00<DTASOF>20261130</LEDGERBAL>
        </STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

        """

    /// The saver as QIF: a category list entry (skipped), the transfer the OFX file also has
    /// (merged into it), and the fee two days after the OFX file's (a probable duplicate).
    static let savingsQIF = """
        !Type:Cat
        NFees
        E
        ^
        !Type:Bank
        D2026-11-02
        T250.00
        PTRANSFER FROM NORTHWIND
        ^
        D2026-11-12
        T-10.00
        PANNUAL FEE
        ^

        """

    /// A card export as OFX 2 (XML).
    static func cardOFX(from: String, to: String, transactions: String, ledger: String, pending: String = "") -> String
    {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <OFX>
        <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20261231</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
        <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <CCSTMTRS><CURDEF>GBP</CURDEF><CCACCTFROM><ACCTID>4929000011112222</ACCTID></CCACCTFROM>
        <BANKTRANLIST><DTSTART>\(from)</DTSTART><DTEND>\(to)</DTEND>
        \(transactions)
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>\(ledger)</BALAMT><DTASOF>\(to)</DTASOF></LEDGERBAL>
        \(pending)
        </CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>

        """
    }

    static func transaction(_ date: String, _ amount: String, _ fitid: String, _ name: String) -> String {
        "<STMTTRN><TRNTYPE>\(amount.hasPrefix("-") ? "DEBIT" : "CREDIT")</TRNTYPE><DTPOSTED>\(date)</DTPOSTED><TRNAMT>\(amount)</TRNAMT>"
            + "<FITID>\(fitid)</FITID><NAME>\(name)</NAME></STMTTRN>"
    }

    static func pending(_ date: String, _ amount: String, _ name: String) -> String {
        "<STMTTRNP><TRNTYPE>DEBIT</TRNTYPE><DTTRAN>\(date)</DTTRAN><TRNAMT>\(amount)</TRNAMT><NAME>\(name)</NAME></STMTTRNP>"
    }

    /// November's card export (from 0.00: -30.00 - 20.00 = -50.00, as stated) with two pending
    /// lines; December's starts on 29 November (26-28 November are not covered), posts the café's
    /// 12.00 five days after it was pending, and ends at -50.00 - 12.00 + 62.00 = 0.00, as stated.
    static let cardNovember = cardOFX(
        from: "20261101", to: "20261125",
        transactions: transaction("20261105", "-30.00", "C-1", "BOOKSHOP") + "\n"
            + transaction("20261120", "-20.00", "C-2", "CINEMA"),
        ledger: "-50.00",
        pending: "<BANKTRANLISTP><DTASOF>20261125</DTASOF>\n" + pending("20261124", "-12.00", "PENDING CAFE") + "\n"
            + pending("20261125", "-7.50", "PENDING TAXI") + "\n</BANKTRANLISTP>")
    static let cardDecember = cardOFX(
        from: "20261129", to: "20261231",
        transactions: transaction("20261129", "-12.00", "C-3", "CAFE") + "\n"
            + transaction("20261215", "62.00", "C-4", "PAYMENT RECEIVED"),
        ledger: "0.00")

    /// Every branch: a CSV read with a profile, its running balance fixing a derived opening
    /// balance, a same-id duplicate; OFX 2 balances that match and a pending line superseded; an
    /// OFX 1 balance that differs; a QIF skipped record, a cross-format merge and a probable
    /// duplicate; a QIF of accounts nobody configured; a truncated OFX file and a PDF.
    static let covering: Result<Data, any Error> = Result {
        let fixtures = root + "/Tests/ImportTests/Fixtures"
        let workspace = try TemporaryWorkspace(
            config: config,
            inbox: [
                "northwind-current-2026-11.csv": try FileOutput.read(fixtures + "/csv/northwind-current-2026-11.csv"),
                "northwind-current-2026-12.csv": Array(currentDecember.utf8),
                "harbor-card-2026-11.ofx": Array(cardNovember.utf8),
                "harbor-card-2026-12.ofx": Array(cardDecember.utf8),
                "bramble-savings-2026-11.ofx": Array(savingsOFX.utf8),
                "bramble-savings-2026-11.qif": Array(savingsQIF.utf8),
                "export.qif": try FileOutput.read(fixtures + "/qif/multi-account.qif"),
                "broken.ofx": Array(
                    "<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>\n<OFX><CREDITCARDMSGSRSV1>\n".utf8),
                "statement.pdf": Array("%PDF-1.7\n\u{1}\u{2}".utf8),
            ])
        let (status, report) = try importReport(workspace: workspace.path, output: workspace.path)
        guard status == 1 else { throw UnexpectedStatus(status: status) }
        return report
    }

    struct UnexpectedStatus: Error {
        var status: Int32
    }

    @Test("a report with every branch conforms, and has every branch")
    func everyBranch() throws {
        let bytes = try Self.covering.get()
        if let validator = Self.validator() { #expect(try validator.problems(bytes) == []) }

        let report = try JSONDecoder().decode(ImportReport.self, from: bytes)
        #expect(
            report.files.map(\.path) == [
                "inbox/bramble-savings-2026-11.ofx", "inbox/bramble-savings-2026-11.qif", "inbox/broken.ofx",
                "inbox/export.qif", "inbox/harbor-card-2026-11.ofx", "inbox/harbor-card-2026-12.ofx",
                "inbox/northwind-current-2026-11.csv", "inbox/northwind-current-2026-12.csv", "inbox/statement.pdf",
            ])
        #expect(report.files.map(\.format) == ["ofx-1", "qif", "ofx-2", "qif", "ofx-2", "ofx-2", "csv", "csv", nil])
        #expect(report.files.map(\.profile) == [nil, nil, nil, nil, nil, nil, "northwind-bank", "northwind-bank", nil])
        #expect(
            report.files.map { $0.balanceChecks.map(\.status) } == [
                ["differs"], [], [], ["unchecked"], ["ok"], ["ok"], ["ok"], ["ok"], [],
            ])
        #expect(
            report.files[0].balanceChecks.first?.firstDivergence
                == .init(date: "2026-11-30", line: 19, stated: "740.00", computed: "730.00"))
        #expect(report.files[0].warnings.count == 1)
        #expect(report.files[0].warnings.first?.hasPrefix("inbox/bramble-savings-2026-11.ofx:19:1: warning: ") == true)
        // The Northwind export's balances: 100.00 at the end of 30 October (its line 5) fixes the
        // opening balance, and the next two days' balances are checked.
        #expect(
            report.files[6].balanceChecks.first
                == .init(
                    account: "current", status: "ok", checked: 2, matched: 2,
                    anchor: .init(date: "2026-10-30", amount: "100.00", line: 5), firstDivergence: nil,
                    // Newest line first: each day ends at its first line in the file.
                    stated: [
                        .init(date: "2026-10-30", amount: "100.00", line: 5, status: "anchor"),
                        .init(date: "2026-10-31", amount: "0.00", line: 4, status: "ok"),
                        .init(date: "2026-11-14", amount: "1957.90", line: 2, status: "ok"),
                    ]))
        #expect(report.files[1].skippedRecords.map(\.line) == [2])
        #expect(
            report.files.map { $0.duplicateRecords.map(\.rule) } == [
                [], ["cross-format"], [], [], ["pending-superseded"], [], [], ["same-id"], [],
            ])
        #expect(report.files[1].duplicateRecords.first?.duplicateOf == "savings/S-1")
        #expect(report.files[7].duplicateRecords.first?.duplicateOf == nil)
        #expect(report.files[7].duplicateRecords.first?.keptAt == "inbox/northwind-current-2026-11.csv:2")
        #expect(report.files.map(\.errors.count) == [0, 0, 1, 0, 0, 0, 0, 0, 1])
        #expect(report.merges.map(\.rule) == ["cross-format", "pending-superseded"])
        #expect(report.merges.map(\.kept.id) == ["savings/S-1", "card/C-3"])
        #expect(report.probableDuplicates.map(\.reason) == ["same amount, dates 2 days apart"])
        #expect(report.probableDuplicates.map(\.first.id) == ["savings/S-2"])

        #expect(report.accounts.map(\.id) == ["current", "card", "savings", "everyday", "visa"])
        #expect(report.accounts.map(\.configured) == [true, true, true, false, false])
        #expect(report.accounts.map { $0.suggestion != nil } == [false, false, false, true, true])
        #expect(report.accounts.map(\.openingBalanceSource) == ["derived", "configured", "configured", "derived", nil])
        #expect(report.accounts[0].openingBalance == "0.00")
        #expect(report.accounts[1].gaps == [.init(from: "2026-11-26", to: "2026-11-28", days: 3)])
        #expect(report.accounts[1].pending == 1)

        // Records per file, in file order: 2 + 3 (a list entry, two transactions) + 0 + 3 + 4 (two
        // posted, two pending) + 2 + 5 + 3 + 0 = 22; of them, one QIF transfer, one pending café and
        // one Tesco line are duplicates and the list entry is skipped, which leaves 18.
        let totals = ImportReport.Totals(
            files: 9, failedFiles: 2, records: 22, imported: 18, pending: 1, duplicates: 3, skipped: 1, warnings: 1,
            errors: 2)
        #expect(report.totals == totals)
    }

    /// An investment statement with positions (ofxparse's Vanguard sample, from the corpus): the
    /// one branch the workspace above has no file for.
    static let positions: Result<Data, any Error> = Result {
        let vanguard = try FileOutput.read(
            CSVTestSupport.repositoryRoot + "/../shared/corpus/ofx/ofxparse__vanguard.ofx")
        let workspace = try TemporaryWorkspace(config: nil, inbox: ["vanguard.ofx": vanguard])
        let (status, report) = try importReport(workspace: workspace.path, output: workspace.path)
        guard status == 0 else { throw UnexpectedStatus(status: status) }
        return report
    }

    @Test("an investment statement's positions conform")
    func positionsConform() throws {
        let bytes = try Self.positions.get()
        if let validator = Self.validator() { #expect(try validator.problems(bytes) == []) }
        let report = try JSONDecoder().decode(ImportReport.self, from: bytes)
        // Two positions of 10200.0 and 14279.72 as of DTASOF 20110727.
        #expect(
            report.accounts.first?.positions
                == [.init(date: "2011-07-27", value: "24479.72", file: "inbox/vanguard.ofx")])
    }

    /// A file with more skipped records of one reason than are listed: the summary entry's `count`.
    static let summarised: Result<Data, any Error> = Result {
        let workspace = try TemporaryWorkspace(
            config: nil, inbox: ["northwind-current-2026-11.csv": HugeInputTests.export(badRows: 101)])
        return try importReport(workspace: workspace.path, output: workspace.path).report
    }

    @Test("a summary of repeated skips conforms")
    func summarisedConforms() throws {
        let bytes = try Self.summarised.get()
        if let validator = Self.validator() { #expect(try validator.problems(bytes) == []) }
        let report = try JSONDecoder().decode(ImportReport.self, from: bytes)
        // The unclosed quote's record, 100 bad dates one by one, and the 101st bad date counted.
        #expect(report.files.first?.skippedRecords.map(\.count) == [nil] + Array(repeating: nil, count: 100) + [1])
    }

    @Test("the reports with every branch have every field the schema describes, and no other")
    func everyField() throws {
        let schema = try JSONSerialization.jsonObject(
            with: Data(FileOutput.read(Self.root + "/Schemas/import-report.schema.json")))
        let report = try JSONSerialization.jsonObject(with: try Self.covering.get())
        let positions = try JSONSerialization.jsonObject(with: try Self.positions.get())
        let summarised = try JSONSerialization.jsonObject(with: try Self.summarised.get())
        #expect(
            Self.keys(in: report).union(Self.keys(in: positions)).union(Self.keys(in: summarised))
                == Self.propertyNames(in: schema))
    }

    /// Every object key anywhere in a JSON value.
    static func keys(in value: Any) -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { $0.formUnion(keys(in: $1.value)) }
        }
        if let array = value as? [Any] { return array.reduce(into: []) { $0.formUnion(keys(in: $1)) } }
        return []
    }

    /// Every name a schema lists under `properties`, anywhere in it.
    static func propertyNames(in schema: Any) -> Set<String> {
        guard let object = schema as? [String: Any] else { return [] }
        var names = Set((object["properties"] as? [String: Any] ?? [:]).keys)
        for member in object.values { names.formUnion(propertyNames(in: member)) }
        return names
    }

    // MARK: - The schema rejects what is wrong

    /// One step of a path into a JSON value.
    enum Step: Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)

        var description: String {
            switch self {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// What to put at a path (nothing: remove the key).
    enum Replacement: Sendable {
        case remove
        case string(String)
        case integer(Int)
        case fraction(Double)
        case boolean(Bool)
        case null

        var value: Any? {
            switch self {
            case .remove: nil
            case .string(let text): text
            case .integer(let number): NSNumber(value: number)
            case .fraction(let number): NSNumber(value: number)
            case .boolean(let flag): NSNumber(value: flag)
            case .null: NSNull()
            }
        }
    }

    struct Breakage: Sendable, CustomTestStringConvertible {
        var what: String
        var path: [Step]
        var replacement: Replacement
        var problem: String

        var testDescription: String { what }
    }

    static let breakages: [Breakage] = [
        Breakage(
            what: "a required key removed", path: [.key("totals")], replacement: .remove,
            problem: "$: 'totals' is a required property"),
        Breakage(
            what: "a file's count removed", path: [.key("files"), .index(0), .key("records")], replacement: .remove,
            problem: "$.files[0]: 'records' is a required property"),
        Breakage(
            what: "a negative count", path: [.key("totals"), .key("skipped")], replacement: .integer(-1),
            problem: "$.totals.skipped: -1 is less than the minimum of 0"),
        Breakage(
            what: "a count with a fraction", path: [.key("files"), .index(3), .key("imported")],
            replacement: .fraction(2.5), problem: "$.files[3].imported: 2.5 is not of type 'integer'"),
        Breakage(
            what: "a count as a boolean", path: [.key("totals"), .key("files")], replacement: .boolean(true),
            problem: "$.totals.files: True is not of type 'integer'"),
        Breakage(
            what: "an unknown key", path: [.key("files"), .index(0), .key("note")], replacement: .string("x"),
            problem: "$.files[0]: Additional properties are not allowed ('note' was unexpected)"),
        Breakage(
            what: "an unknown key at the top", path: [.key("generatedAt")], replacement: .string("2026-12-01"),
            problem: "$: Additional properties are not allowed ('generatedAt' was unexpected)"),
        Breakage(
            what: "a format that does not exist", path: [.key("files"), .index(0), .key("format")],
            replacement: .string("ofx-3"),
            problem: "$.files[0].format: 'ofx-3' is not one of ['csv', 'ofx-1', 'ofx-2', 'qif']"),
        Breakage(
            what: "a format written as null", path: [.key("files"), .index(8), .key("format")],
            replacement: .null,
            problem: "$.files[8].format: None is not one of ['csv', 'ofx-1', 'ofx-2', 'qif']"),
        Breakage(
            what: "a balance check outcome that does not exist",
            path: [.key("files"), .index(4), .key("balanceChecks"), .index(0), .key("status")],
            replacement: .string("failed"),
            problem:
                "$.files[4].balanceChecks[0].status: 'failed' is not one of ['ok', 'differs', 'unchecked']"),
        Breakage(
            what: "a differing balance without where it differs",
            path: [.key("files"), .index(0), .key("balanceChecks"), .index(0), .key("firstDivergence")],
            replacement: .remove, problem: "$.files[0].balanceChecks[0]: 'firstDivergence' is a required property"),
        Breakage(
            what: "a duplicate rule that does not exist",
            path: [.key("files"), .index(7), .key("duplicateRecords"), .index(0), .key("rule")],
            replacement: .string("same-hash"),
            problem:
                "$.files[7].duplicateRecords[0].rule: 'same-hash' is not one of ['same-id', 'cross-format', 'pending-superseded']"
        ),
        Breakage(
            what: "money as a number",
            path: [
                .key("files"), .index(0), .key("balanceChecks"), .index(0), .key("firstDivergence"), .key("stated"),
            ],
            replacement: .fraction(740),
            problem: "$.files[0].balanceChecks[0].firstDivergence.stated: 740 is not of type 'string'"),
        Breakage(
            what: "money with a decimal comma", path: [.key("merges"), .index(0), .key("kept"), .key("amount")],
            replacement: .string("250,00"),
            problem: "$.merges[0].kept.amount: '250,00' does not match '^-?(0|[1-9][0-9]*)(\\\\.[0-9]+)?$'"),
        Breakage(
            what: "a date in another form", path: [.key("accounts"), .index(1), .key("gaps"), .index(0), .key("from")],
            replacement: .string("26/11/2026"),
            problem:
                "$.accounts[1].gaps[0].from: '26/11/2026' does not match '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'"
        ),
        Breakage(
            what: "a flag as a number", path: [.key("accounts"), .index(0), .key("configured")],
            replacement: .integer(1), problem: "$.accounts[0].configured: 1 is not of type 'boolean'"),
        Breakage(
            what: "an opening balance without its source",
            path: [.key("accounts"), .index(0), .key("openingBalanceSource")],
            replacement: .remove,
            problem: "$.accounts[0]: 'openingBalanceSource' is a dependency of 'openingBalance'"),
        Breakage(
            what: "an error among the warnings", path: [.key("files"), .index(0), .key("warnings"), .index(0)],
            replacement: .string("inbox/bramble-savings-2026-11.ofx:19:1: error: balance differs"),
            problem:
                "$.files[0].warnings[0]: 'inbox/bramble-savings-2026-11.ofx:19:1: error: balance differs' does not match '^inbox/[^/]+:[0-9]+:[0-9]+: warning: '"
        ),
        Breakage(
            what: "another schema version", path: [.key("schemaVersion")], replacement: .integer(2),
            problem: "$.schemaVersion: 1 was expected"),
    ]

    @Test("the report broken one way is rejected for that reason alone", arguments: breakages)
    func rejects(_ breakage: Breakage) throws {
        let report = try JSONSerialization.jsonObject(with: try Self.covering.get())
        let broken = try Self.replacing(in: report, at: breakage.path[...], with: breakage.replacement.value)
        guard let validator = Self.validator() else { return }
        let problems = try validator.problems(of: broken)
        #expect(problems == [breakage.problem], "\(problems)")
    }

    struct MissingPath: Error, CustomStringConvertible {
        var description: String
    }

    /// `value` with what is at `path` replaced (or removed, when `replacement` is nil). The last
    /// step may name a key the object lacks; every other step must exist.
    static func replacing(in value: Any, at path: ArraySlice<Step>, with replacement: Any?) throws -> Any {
        guard let step = path.first else { return replacement ?? NSNull() }
        let rest = path.dropFirst()
        switch step {
        case .key(let key):
            guard var object = value as? [String: Any], rest.isEmpty || object[key] != nil else {
                throw MissingPath(description: "no \(step) in the report")
            }
            if rest.isEmpty, replacement == nil {
                object[key] = nil
            } else {
                object[key] = try replacing(in: object[key] ?? NSNull(), at: rest, with: replacement)
            }
            return object
        case .index(let index):
            guard var array = value as? [Any], array.indices.contains(index) else {
                throw MissingPath(description: "no \(step) in the report")
            }
            array[index] = try replacing(in: array[index], at: rest, with: replacement)
            return array
        }
    }
}

extension ImportReportSchemaTests {
    @Test("a report with duplicate accounts and ignored entries conforms")
    func duplicateAccountsAndIgnored() throws {
        let qif = "!Type:Bank\nD25/09/2024\nT-1.00\nPA\n^\nD26/09/2024\nT-2.00\nPB\n^\nD27/09/2024\nT-3.00\nPC\n^\n"
        let workspace = try TemporaryWorkspace(
            config: nil,
            inbox: ["one.qif": Array(qif.utf8), "two.qif": Array((qif + "\n").utf8), ".hidden": [1]])
        try FileManager.default.createDirectory(
            atPath: workspace.path + "/inbox/old", withIntermediateDirectories: true)
        let (status, bytes) = try Self.importReport(workspace: workspace.path, output: workspace.path)
        #expect(status == 0)
        if let validator = Self.validator() {
            let problems = try validator.problems(bytes)
            #expect(problems.isEmpty, "\(problems)")
        }
        let report = try JSONDecoder().decode(ImportReport.self, from: bytes)
        #expect(report.duplicateAccounts.map(\.accounts) == [["one", "two"]])
        #expect(report.ignored.map(\.path) == ["inbox/.hidden", "inbox/old"])
    }
}
