import Foundation
import Testing

@testable import Report

/// The site index reads a few members of each month's `report.json`, not the whole file.
@Suite struct ReportDigestTests {
    @Test func readsWhatDecodingTheWholeReportReads() throws {
        let json = try ReportRenderer(templates: try TestFiles.templates()).render(try TestFiles.report()).json
        let whole = try JSONDecoder().decode(ReportDigest.self, from: Data(json))
        #expect(try ReportDigest.read(json, path: "report.json") == whole)
        #expect(whole.month == "2026-10")
    }

    @Test func keepsOnlyTheDigestsMembersWithTheirBytesAsWritten() throws {
        let text = """
            { "categories": [{"name": "Food \\"&\\" drink", "rows": {"a": [1, 2.5e3, null, true]}}],
              "month" : "2026-10", "monthName": "October 2026", "note": "}{][",
              "headline": {"income": "10.00", "expenses": "2.50", "net": "7.50"} }
            """
        let members = try ReportDigest.members(of: Array(text.utf8))
        #expect(
            String(decoding: members, as: UTF8.self)
                == #"{"month":"2026-10","monthName":"October 2026","headline":{"income": "10.00", "expenses": "2.50", "net": "7.50"}}"#
        )
    }

    @Test(arguments: [
        #"{"month": "2026-10", "rows": [1, 2}"#, #"{"month": "2026-10"} trailing"#, "[]", #"{"month": "2026-10""#,
        #"{"month": "2026-10", "x": "bad \q escape"}"#,
    ])
    func aBrokenFileIsNotValidJSON(text: String) {
        #expect(throws: ReportError(.input, path: "r.json", message: "the file is not valid JSON")) {
            try ReportDigest.read(Array(text.utf8), path: "r.json")
        }
    }

    @Test func aMissingMemberIsNamedAsBefore() {
        let text = #"{"schemaVersion": 1, "month": "2026-10", "currency": "GBP", "headline": {}}"#
        #expect(throws: ReportError(.input, path: "r.json", message: "'monthName' is missing")) {
            try ReportDigest.read(Array(text.utf8), path: "r.json")
        }
    }
}
