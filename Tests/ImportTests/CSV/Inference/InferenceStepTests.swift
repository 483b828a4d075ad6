import Ledger
import Testing

@testable import Import

/// Steps of layout inference on their own: each decides one thing from a few rows written here,
/// and says why in the run's findings.
@Suite("Layout inference steps")
struct InferenceStepTests {
    static func day(_ day: Int) -> CivilDate { CivilDate(year: 2026, month: 3, day: day)! }

    /// The rows of `csv`, split on `;`.
    static func records(_ csv: String) -> (sample: InferenceSample, shapes: [[CellShape]]) {
        let sample = Array(csv.utf8).withUnsafeBufferPointer { InferenceSample(text: $0, delimiter: UInt8(ascii: ";")) }
        return (sample, sample.records.map { $0.cells.map(CellShape.init) })
    }

    @Test func rowsInDateOrderTellWhichWayTheyRun() {
        var findings = InferenceFindings()
        #expect(
            RowDateOrder.newestFirst([Self.day(9), Self.day(5), Self.day(5), Self.day(1)], findings: &findings) == true)
        #expect(RowDateOrder.newestFirst([Self.day(1), Self.day(2)], findings: &findings) == false)
        // One day only: no order to tell.
        #expect(RowDateOrder.newestFirst([Self.day(4), Self.day(4)], findings: &findings) == nil)
        #expect(findings.reasons.isEmpty)
        #expect(findings.confidence == .high)
    }

    @Test func datesGoingBackAndForthTwiceEachWayLowerTheConfidence() {
        var findings = InferenceFindings()
        // Steps: 1→5 up, 5→2 down, 2→7 up, 7→3 down: two each way.
        let dates = [1, 5, 2, 7, 3].map(Self.day)
        #expect(RowDateOrder.newestFirst(dates, findings: &findings) == false)
        #expect(
            findings.reasons == [
                "the dates are not in order (2 steps forward, 2 back): some rows may not be transactions"
            ])
        #expect(findings.confidence == .low)
    }

    @Test func theMarkMostNumbersShowIsTheDecimalMark() {
        let (sample, shapes) = Self.records("01/03/2026;-12,50;x\n02/03/2026;7,25;y\n03/03/2026;1.234,00;z\n")
        var findings = InferenceFindings()
        let (style, trailingMinus) = DecimalMarkInference.infer(
            sample.records, shapes: shapes, dataRows: [0, 1, 2], delimiter: sample.delimiter, findings: &findings)
        #expect(style.decimalMark == UInt8(ascii: ","))
        #expect(!trailingMinus)
        #expect(findings.reasons.isEmpty)
    }

    @Test func withoutAShownMarkTheDelimiterDecidesAndSaysSo() {
        // `1.500` and `2.250` could be thousands or decimals; a `;` file is taken as decimal comma.
        let (sample, shapes) = Self.records("01/03/2026;1.500;x\n02/03/2026;2.250-;y\n")
        var findings = InferenceFindings()
        let (style, trailingMinus) = DecimalMarkInference.infer(
            sample.records, shapes: shapes, dataRows: [0, 1], delimiter: sample.delimiter, findings: &findings)
        #expect(style.decimalMark == UInt8(ascii: ","))
        #expect(trailingMinus)
        #expect(
            findings.reasons == [
                "no amount shows its decimal mark (all are like 1.500 or 1,500); taken as ',' from the delimiter"
            ])
        #expect(findings.confidence == .low)
    }
}
