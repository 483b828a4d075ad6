import Ledger
import Testing

@testable import Export

/// How the formats are dealt onto threads: SQLite alone on one core from the start, the text files
/// one after another on the other (costs 4,400, 1,100, 1,000 and 500 ms per million rows).
@Suite("Export lanes")
struct ExportLanesTests {
    @Test func twoCoresGiveSQLiteACoreAndTheTextFilesTheOther() {
        // sqlite 4,400 -> lane 0; journal 1,100 -> lane 1; beancount: 1,100 < 4,400 -> lane 1
        // (2,100); csv: 2,100 < 4,400 -> lane 1 (2,600).
        let lanes = ExportLanes(formats: [.journal, .beancount, .csv, .sqlite], cores: 2)
        #expect(lanes.lanes == [[.sqlite], [.journal, .beancount, .csv]])
    }

    @Test func withACoreEachEveryFormatHasItsOwnLaneLongestFirst() {
        let lanes = ExportLanes(formats: [.journal, .beancount, .csv, .sqlite], cores: 4)
        #expect(lanes.lanes == [[.sqlite], [.journal], [.beancount], [.csv]])
    }

    @Test func oneCoreWritesEverythingInOneLaneLongestFirst() {
        let lanes = ExportLanes(formats: [.csv, .journal, .sqlite, .beancount], cores: 1)
        #expect(lanes.lanes == [[.sqlite, .journal, .beancount, .csv]])
    }

    @Test func withoutSQLiteTheTwoShorterFilesShareALane() {
        // journal 1,100 -> lane 0; beancount 1,000 -> lane 1; csv: 1,000 < 1,100 -> lane 1.
        let lanes = ExportLanes(formats: [.journal, .beancount, .csv], cores: 2)
        #expect(lanes.lanes == [[.journal], [.beancount, .csv]])
    }

    @Test func moreCoresThanFormatsMakesNoEmptyLanes() {
        #expect(ExportLanes(formats: [.journal], cores: 2).lanes == [[.journal]])
        #expect(ExportLanes(formats: [], cores: 2).lanes == [])
    }
}
