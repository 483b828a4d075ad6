import Foundation
import Ledger
import TestSupport
import Testing

@testable import Report

/// The site index reads the months' reports on several cores: the same months and the same
/// errors, in the folders' order, as on one.
@Suite struct SiteIndexScanTests {
    static func report(month: String, income: String) -> String {
        """
        {"schemaVersion": \(ReportDocument.currentSchemaVersion), "month": "\(month)", "monthName": "\(month)",
         "currency": "GBP", "headline": {"income": "\(income)", "expenses": "-1.00", "net": "1.00"}}
        """
    }

    /// A site of 30 months; among them a report that is not JSON, one whose month is not its
    /// folder's, one with an amount that is not one, a month folder with no report, and folders
    /// that are not months.
    static func site() throws -> String {
        let site = try TemporaryFolder.make("site-index-scan").path
        for number in 1...30 {
            let month = YearMonth(year: 2024, month: 1)!.adding(months: number - 1).description
            let text: String
            switch number {
            case 7: text = "{not json"
            case 12: text = Self.report(month: "2019-01", income: "2.00")
            case 20: text = Self.report(month: month, income: "two pounds")
            case 25:
                try FileManager.default.createDirectory(atPath: "\(site)/\(month)", withIntermediateDirectories: true)
                continue
            default: text = Self.report(month: month, income: "\(number).00")
            }
            try FileOutput.write(text, to: "\(site)/\(month)/report.json")
        }
        try FileManager.default.createDirectory(atPath: "\(site)/2025-13", withIntermediateDirectories: true)
        try FileOutput.write(Self.report(month: "2024-01", income: "9.00"), to: "\(site)/accounts/report.json")
        return site
    }

    @Test func theSameMonthsAndErrorsOnAnyNumberOfCores() throws {
        let site = try Self.site()
        let one = SiteIndex.scan(site: site, cores: 1)
        // 30 month folders, one without a report, three reports refused.
        #expect(one.index.months.count == 26)
        #expect(one.index.months.first?.month.description == "2026-06")
        #expect(one.index.months.first?.income.minorUnits == 3000)
        #expect(one.errors.count == 3)
        #expect(
            one.errors.map { URL(fileURLWithPath: $0.path).deletingLastPathComponent().lastPathComponent } == [
                "2024-07", "2024-12", "2025-08",
            ])
        for cores in [2, 3, 8] {
            let many = SiteIndex.scan(site: site, cores: cores)
            #expect(many.index == one.index, "\(cores) cores")
            #expect(many.errors == one.errors, "\(cores) cores")
        }
    }
}
