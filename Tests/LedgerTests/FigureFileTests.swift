import Foundation
import Ledger
import TestSupport
import Testing

/// The ledger's figure rows in a binary file: read back as written, in any number of parts, and
/// never trusted for another ledger or when any part of the file is missing.
@Suite struct FigureFileTests {
    static let eur = Currency(code: "EUR")!
    static let jpy = Currency(code: "JPY")!

    static let rows: [FigureRow] = [
        FigureRow(
            id: TransactionID("current/a-0"), account: "current", date: CivilDate(iso: "2026-01-31")!,
            amount: Money(minorUnits: -4210, currency: .gbp), payee: "Tesco", category: CategoryPath("Food:Groceries"),
            categorySourceKind: .rule),
        FigureRow(
            id: TransactionID("current/é-1"), account: "current", date: CivilDate(iso: "2024-02-29")!,
            amount: Money(minorUnits: -500, currency: .gbp), payee: "Café Ünïcode", status: .pending),
        FigureRow(
            id: TransactionID("card/c"), account: "card", date: CivilDate(iso: "9999-12-31")!,
            amount: Money(minorUnits: -9999, currency: eur), payee: "IKEA", category: CategoryPath("Home"),
            splits: [
                Split(category: CategoryPath("Home")!, amount: Money(minorUnits: -5999, currency: eur)),
                Split(category: CategoryPath("Food:Snacks")!, amount: Money(minorUnits: -4000, currency: eur)),
            ], categorySourceKind: .override),
        FigureRow(
            id: TransactionID(""), account: "savings", date: CivilDate(iso: "0001-01-01")!,
            amount: Money(minorUnits: Int64.min, currency: jpy), payee: "", isTransfer: true,
            categorySourceKind: .transfer),
        FigureRow(
            id: TransactionID("current/x"), account: "current", date: CivilDate(iso: "2026-03-01")!,
            amount: Money(minorUnits: Int64.max, currency: .gbp), payee: "Tesco",
            category: CategoryPath("Food:Groceries"),
            isIgnored: true, categorySourceKind: .learned),
    ]

    /// Writes `rows` with checkpoints every `step` rows, stamped with the file at `stampOf`.
    static func write(_ rows: [FigureRow], to path: String, step: Int, stampOf ledger: String) throws {
        let output = try AtomicFileWriter(path: path)
        let writer = FigureFile.Writer(output: output, checkpointStep: step)
        var texts: [String: UInt32] = [:]
        func text(_ value: String) -> UInt32 {
            if let known = texts[value] { return known }
            texts[value] = writer.addText(value)
            return texts[value]!
        }
        var categories: [CategoryPath: Int32] = [:]
        func category(_ path: CategoryPath?) -> Int32 {
            guard let path else { return -1 }
            if let known = categories[path] { return known }
            categories[path] = writer.addCategory(components: path.components.map(text))
            return categories[path]!
        }
        var currencies: [Currency: UInt16] = [:]
        func currency(_ value: Currency) -> UInt16 {
            if let known = currencies[value] { return known }
            currencies[value] = writer.addCurrency(code: text(value.code), exponent: value.exponent)
            return currencies[value]!
        }
        var accounts: [AccountID: UInt32] = [:]
        func account(_ id: AccountID) -> UInt32 {
            if let known = accounts[id] { return known }
            accounts[id] = writer.addAccount(id: text(id.rawValue))
            return accounts[id]!
        }
        for row in rows {
            let splits = row.splits.map {
                FigureFile.SplitNumbers(
                    category: category($0.category), minorUnits: $0.amount.minorUnits,
                    currency: currency($0.amount.currency))
            }
            let numbers = (
                account(row.account), currency(row.amount.currency), text(row.payee), category(row.category)
            )
            var id = row.id.rawValue
            id.withUTF8 {
                writer.appendRow(
                    id: $0, account: numbers.0, date: row.date, minorUnits: row.amount.minorUnits,
                    currency: numbers.1, payee: numbers.2, category: numbers.3, isPending: row.status == .pending,
                    isTransfer: row.isTransfer, isIgnored: row.isIgnored, kind: row.categorySourceKind, splits: splits)
            }
        }
        writer.finishBody()
        FigureFile.Writer.writeTrailer(stamp: FileStamp(path: ledger)!, to: output)
        try output.commit()
    }

    static func folderWithLedger() throws -> (folder: String, ledger: String) {
        let folder = try TemporaryFolder.make("figures").path
        let ledger = folder + "/ledger.jsonl"
        try FileOutput.write("{}\n", to: ledger)
        return (folder, ledger)
    }

    @Test(arguments: [1, 2, 3, 100]) func rowsReadBackAsWrittenInAnyNumberOfParts(step: Int) throws {
        let (_, ledger) = try Self.folderWithLedger()
        let path = FigureFile.path(ofLedger: ledger)
        try Self.write(Self.rows, to: path, step: step, stampOf: ledger)
        for parts in 1...4 {
            let contents = FigureFile.read(path: path, ledger: FileStamp(path: ledger)!, parts: parts)
            #expect(contents?.rows == Self.rows)
            // Made from the file's bytes, the same as from the rows' strings.
            #expect(contents?.contentHashes == Self.rows.map(\.contentHash))
        }
    }

    @Test func noRowsReadBackAsNone() throws {
        let (_, ledger) = try Self.folderWithLedger()
        let path = FigureFile.path(ofLedger: ledger)
        try Self.write([], to: path, step: 2, stampOf: ledger)
        let contents = FigureFile.read(path: path, ledger: FileStamp(path: ledger)!)
        #expect(contents?.rows == [] && contents?.contentHashes == [])
    }

    @Test func theFileIsBesideTheLedgerAndHidden() {
        #expect(FigureFile.path(ofLedger: "build/ledger.jsonl") == "build/.ledger.jsonl.figures")
        #expect(FigureFile.path(ofLedger: "ledger.jsonl") == ".ledger.jsonl.figures")
    }

    /// Any write to the ledger (its time changes), or another file put in its place, and the
    /// figure file is not read.
    @Test func aLedgerChangedSinceIsNotTrusted() throws {
        let (folder, ledger) = try Self.folderWithLedger()
        let path = FigureFile.path(ofLedger: ledger)
        try Self.write(Self.rows, to: path, step: 2, stampOf: ledger)
        let stamp = FileStamp(path: ledger)!
        var other = stamp
        other.modifiedNanoseconds += 1
        #expect(FigureFile.read(path: path, ledger: other) == nil)
        other = stamp
        other.inode += 1
        #expect(FigureFile.read(path: path, ledger: other) == nil)
        try FileOutput.write("{}\n", to: folder + "/other.jsonl")
        #expect(FigureFile.read(path: path, ledger: FileStamp(path: folder + "/other.jsonl")!) == nil)
        #expect(FigureFile.read(path: folder + "/missing", ledger: stamp) == nil)
    }

    /// A file cut short anywhere, or a byte short or long before its trailer, is refused, never read
    /// in part.
    @Test func aFileCutShortOrOffByAByteIsRefused() throws {
        let (folder, ledger) = try Self.folderWithLedger()
        let path = FigureFile.path(ofLedger: ledger)
        try Self.write(Self.rows, to: path, step: 2, stampOf: ledger)
        let bytes = try FileOutput.read(path)
        let stamp = FileStamp(path: ledger)!
        let cut = folder + "/cut"
        for length in 0..<bytes.count {
            try FileOutput.write(Array(bytes[..<length]), to: cut)
            #expect(FigureFile.read(path: cut, ledger: stamp) == nil, "cut to \(length) bytes")
        }
        // A byte gone or one more anywhere before the trailer: the rows, the tables and the
        // checkpoints no longer meet where the trailer says.
        for position in 0..<(bytes.count - 7 * 8 - 8) {
            var shorter = bytes
            shorter.remove(at: position)
            try FileOutput.write(shorter, to: cut)
            #expect(FigureFile.read(path: cut, ledger: stamp) == nil, "byte \(position) removed")
            var longer = bytes
            longer.insert(0, at: position)
            try FileOutput.write(longer, to: cut)
            #expect(FigureFile.read(path: cut, ledger: stamp) == nil, "a byte inserted at \(position)")
        }
    }
}
