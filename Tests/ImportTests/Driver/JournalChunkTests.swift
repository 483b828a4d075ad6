import Ledger
import Testing

@testable import Import

@Suite("Journal in chunks")
struct JournalChunkTests {
    typealias H = DriverHarness

    static let config = WorkspaceConfig(
        baseCurrency: .gbp,
        accounts: [
            AccountConfig(id: "current", name: "Current", currency: .gbp, inbox: ["current-*.csv"]),
            AccountConfig(id: "card", name: "Card", currency: .gbp, inbox: ["card-*.ofx"]),
        ])

    static let files = [
        (
            "current-1.csv",
            "FAKECSV\n2024-01-05;-3.50;Coffee\n2024-01-05;-3.50;Coffee\n2024-01-06;-20.00;Books;memo=Paperback\n"
                + "2024-01-06;-1.00;Pending thing;pending\n2024-01-07;-1.00;Pending thing\n2024-01-03;50.00;Refund\n"
        ),
        ("current-2.csv", "FAKECSV\n2024-01-05;-3.50;Coffee\n2024-01-09;-8.00;Lunch\n2024-01-09;-8.00;lunch \n"),
        (
            "card-1.ofx",
            "FAKEOFX\n2024-01-04;-9.99;Stream;fitid=A1\n2024-01-04;-9.99;Stream;fitid=A1\n2024-01-08;-5.00;K;fitid=K1\n"
        ),
        ("card-2.ofx", "FAKEOFX\n2024-01-08;-5.00;K;fitid=\u{212A}1\n2024-01-10;-2.00;Tea;fitid= B 2 \n"),
    ]

    func inbox() -> [InboxFile] { Self.files.map { InboxFile(name: $0.0, bytes: Array($0.1.utf8)) } }

    @Test("chunks of any size make the journal run(_:) makes, byte for byte", arguments: [1, 2, 3, 1000])
    func chunksMatchWholeJournal(size: Int) {
        let driver = ImportDriver(readers: H.readers, config: Self.config)
        let whole = driver.run(inbox())
        var chunks: [Journal] = []
        let chunked = driver.run(inbox(), journalChunkSize: size) { chunks.append($0) }
        #expect(chunked.report == whole.report)
        #expect(chunked.journal.transactions.isEmpty)
        #expect(chunked.journal.accounts == whole.journal.accounts)
        #expect(chunks.allSatisfy { $0.transactions.count <= size && $0.accounts == whole.journal.accounts })
        #expect(chunks.flatMap(\.transactions) == whole.journal.transactions)
        var sorted = whole.journal
        sorted.sortCanonically()
        #expect(sorted == whole.journal)
        // What closebook-import writes: the first chunk whole, the others without their header line.
        var bytes: [UInt8] = []
        for (index, chunk) in chunks.enumerated() {
            let encoded = JournalCodec.encode(chunk)
            bytes += index == 0 ? encoded[...] : encoded[(encoded.firstIndex(of: 0x0A)! + 1)...]
        }
        #expect(bytes == JournalCodec.encode(whole.journal))
    }

    /// A QIF file with splits (one set that adds up, one that does not), check numbers,
    /// categories and text that needs JSON escapes.
    static let qif = (
        "current-3.qif",
        "!Type:Bank\nD01/12/2024\nT-30.00\nPSplit \"shop\" \\ caf\u{E9}\nN1042\nLFood:Groceries\nSFood:Groceries\n$-20.00\n"
            + "SHome\n$-10.00\n^\nD01/13/2024\nT-5.00\nPBad\tsplit\nMa memo\nSFood\n$-4.00\n^\n"
    )

    @Test("the journal as bytes is JournalCodec.encode of the journal run(_:) makes")
    func journalBytesMatchWholeJournal() {
        let driver = ImportDriver(readers: H.readers, config: Self.config)
        let files = inbox() + [InboxFile(name: Self.qif.0, bytes: Array(Self.qif.1.utf8))]
        let whole = driver.run(files)
        var bytes: [UInt8] = []
        var pieces = 0
        let streamed = driver.run(files) { piece in
            bytes += piece
            pieces += 1
        }
        #expect(pieces == 2)
        #expect(streamed.report == whole.report)
        #expect(streamed.diagnostics == whole.diagnostics)
        #expect(streamed.journal.transactions.isEmpty)
        #expect(whole.journal.transactions.contains { $0.splits.count == 2 && $0.checkNumber == "1042" })
        #expect(whole.diagnostics.contains { $0.message.contains("kept without its splits") })
        #expect(bytes == JournalCodec.encode(whole.journal))
    }

    @Test("a driver that keeps the run's memory writes the same journal and report")
    func keptRunMemoryChangesNothing() {
        var driver = ImportDriver(readers: H.readers, config: Self.config)
        let files = inbox() + [InboxFile(name: Self.qif.0, bytes: Array(Self.qif.1.utf8))]
        var freed: [UInt8] = []
        let freedOutcome = driver.run(files) { freed += $0 }
        driver.freesRunMemory = false
        var kept: [UInt8] = []
        let keptOutcome = driver.run(files) { kept += $0 }
        #expect(!kept.isEmpty)
        #expect(kept == freed)
        #expect(keptOutcome.report == freedOutcome.report)
        #expect(keptOutcome.diagnostics == freedOutcome.diagnostics)
    }

    @Test("ids equal as text are the same id, even when their bytes differ")
    func canonicallyEqualIDs() {
        let outcome = ImportDriver(readers: H.readers, config: Self.config).run(inbox())
        let card2 = outcome.report.files.first { $0.path == "inbox/card-2.ofx" }
        // `K1` and `\u{212A}1` (the Kelvin sign) are equal Strings, so the second is the first again.
        #expect(card2?.duplicates == 1)
        #expect(card2?.duplicateRecords.first?.rule == "same-id")
        #expect(
            outcome.journal.transactions.filter { $0.account == "card" }.map(\.payee) == [
                "Stream", "Stream", "K", "Tea",
            ])
        #expect(H.countsAddUp(outcome.report))
    }
}
