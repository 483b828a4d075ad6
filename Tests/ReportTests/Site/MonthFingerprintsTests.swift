import Foundation
import Report
import Testing

/// A run that keeps the months' fingerprints renders only the months whose analysis, templates or
/// settings changed, or whose files are not as it wrote them, and ends with the bytes of a run
/// that renders every month.
@Suite struct MonthFingerprintsTests {
    func publisher(_ folder: String, templates: TemplateSet) -> SitePublisher {
        var publisher = SitePublisher(templates: templates, site: folder + "/site", archives: folder + "/archives")
        publisher.fingerprintsPath = folder + "/build/.report-months.json"
        return publisher
    }

    /// The fixture moved to `month` with `income`, written into `folder`.
    func analysis(_ month: String, income: String, into folder: String) throws -> String {
        try SitePublisherTests().writeAnalysis(
            month: month, income: income, expenses: "2950.00", net: "570.00", into: folder)
    }

    /// Every file of the site and the archives, by path below `folder`.
    func outputs(_ folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for part in ["site", "archives"] {
            for (path, bytes) in try TestFiles.files(under: folder + "/" + part) { files[part + "/" + path] = bytes }
        }
        return files
    }

    @Test func rendersOnlyTheMonthWhoseAnalysisChanged() throws {
        let folder = try TestFiles.temporaryFolder()
        let templates = try TestFiles.templates()
        let publisher = publisher(folder, templates: templates)
        let august = try analysis("2026-08", income: "3520.00", into: folder)
        let september = try analysis("2026-09", income: "3400.00", into: folder)
        let first = publisher.publish(analysisPaths: [august, september])
        #expect(first.errors.isEmpty)
        #expect(first.months.map(\.description) == ["2026-08", "2026-09"] && first.unchanged.isEmpty)
        let written = try outputs(folder)

        let again = publisher.publish(analysisPaths: [august, september])
        #expect(again.errors.isEmpty)
        #expect(again.months.isEmpty)
        #expect(again.unchanged.map(\.description) == ["2026-08", "2026-09"])
        #expect(try outputs(folder) == written)

        // An older month's analysis may change when a newer one arrives: its bytes decide.
        _ = try analysis("2026-08", income: "3600.00", into: folder)
        let changed = publisher.publish(analysisPaths: [august, september])
        #expect(changed.months.map(\.description) == ["2026-08"])
        #expect(changed.unchanged.map(\.description) == ["2026-09"])
        let clean = try TestFiles.temporaryFolder(#function + "-clean")
        _ = SitePublisher(templates: templates, site: clean + "/site", archives: clean + "/archives")
            .publish(analysisPaths: [august, september])
        #expect(try outputs(folder) == outputs(clean))
    }

    @Test func rendersAgainAMonthWhoseFilesAreNotAsWritten() throws {
        let folder = try TestFiles.temporaryFolder()
        let publisher = publisher(folder, templates: try TestFiles.templates())
        let august = try analysis("2026-08", income: "3520.00", into: folder)
        let september = try analysis("2026-09", income: "3400.00", into: folder)
        #expect(publisher.publish(analysisPaths: [august, september]).errors.isEmpty)
        let written = try outputs(folder)

        try FileManager.default.removeItem(atPath: folder + "/site/2026-08/report.md")
        try Data("stray".utf8).write(to: URL(fileURLWithPath: folder + "/site/2026-09/charts/stray.svg"))
        let outcome = publisher.publish(analysisPaths: [august, september])
        #expect(outcome.months.map(\.description) == ["2026-08", "2026-09"])
        #expect(try outputs(folder) == written)

        // Edited by hand to the same size: the modification time tells.
        let page = folder + "/archives/closebook-2026-09.tar.gz"
        var bytes = try TestFiles.bytes(page)
        bytes[bytes.count - 1] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: page))
        #expect(publisher.publish(analysisPaths: [august, september]).months.map(\.description) == ["2026-09"])
        #expect(try outputs(folder) == written)
    }

    @Test func rendersEveryMonthWhenTheTemplatesOrTheRedactionChange() throws {
        let folder = try TestFiles.temporaryFolder()
        let august = try analysis("2026-08", income: "3520.00", into: folder)
        let september = try analysis("2026-09", income: "3400.00", into: folder)
        #expect(
            publisher(folder, templates: try TestFiles.templates()).publish(analysisPaths: [august, september])
                .errors.isEmpty)
        let overrides = folder + "/templates"
        try FileManager.default.createDirectory(atPath: overrides, withIntermediateDirectories: true)
        let style = try TestFiles.text(TestFiles.templatesFolder + "/style.css") + "\n/* darker */\n"
        try Data(style.utf8).write(to: URL(fileURLWithPath: overrides + "/style.css"))
        let restyled = try TemplateSet(directories: [TestFiles.templatesFolder, overrides])
        let outcome = publisher(folder, templates: restyled).publish(analysisPaths: [august, september])
        #expect(outcome.months.count == 2 && outcome.unchanged.isEmpty)
        #expect(try TestFiles.text(folder + "/site/2026-08/index.html").contains("/* darker */"))

        var redacted = publisher(folder, templates: restyled)
        redacted.renderer.redact = true
        #expect(redacted.publish(analysisPaths: [august, september]).months.count == 2)
        #expect(publisher(folder, templates: restyled).publish(analysisPaths: [august, september]).months.count == 2)
    }

    @Test func keepsNoFingerprintsWithoutAFile() throws {
        let folder = try TestFiles.temporaryFolder()
        let august = try analysis("2026-08", income: "3520.00", into: folder)
        let publisher = SitePublisher(
            templates: try TestFiles.templates(), site: folder + "/site", archives: folder + "/archives")
        #expect(publisher.publish(analysisPaths: [august]).months.count == 1)
        #expect(publisher.publish(analysisPaths: [august]).months.count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder + "/build"))
    }
}
