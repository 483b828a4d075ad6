import Foundation

/// The ledger's figure rows (`FigureRow`) in a binary file beside it (`.ledger.jsonl.figures`),
/// written by the stage that writes the ledger and read by the analysis in its place.
///
/// Why: the analysis reads every row of the ledger at every run, and decoding 250 MB of JSON lines
/// into figure rows was the largest part of a month end's analysis (about 0.75 s of 1.8 s at a
/// million rows on two cores). This file holds the same rows as numbers and indexes into one table
/// of distinct texts, so reading it is a walk over fixed-width fields.
///
/// The ledger stays the contract: this file is a cache of it and nothing else reads it. It is
/// trusted only while the ledger is the very file it was made from (`FileStamp`, stored in its
/// trailer); any other file, a stamp that differs, or a file cut short or malformed anywhere is
/// ignored, and the ledger is decoded as before. Every number is little-endian.
///
/// Layout: `magic`; the rows, each as `Writer.appendRow` describes it; the texts (count, then each
/// as length and bytes); categories (count, then each as its count of components and their text
/// numbers); currencies (count, then each code's text number and the exponent in a byte); accounts
/// (count, then a text number each); the count of rows; the offset of every `checkpointStep`th row
/// from the first, the step and their count, for reading in parts; where the texts start; the ledger's
/// stamp; `endMagic`. The rows come first so that they are written as they are made.
public enum FigureFile {
    static let magic = Array("CBFIG001".utf8)
    static let endMagic = Array("CBFIGEND".utf8)
    /// Rows between two offsets kept for reading in parts.
    public static let checkpointStep = 1 << 16
    /// The bytes of a row with an empty id and no splits (`Writer.appendRow`).
    static let smallestRow = 36
    /// About the size of each write of rows.
    static let chunk = 1 << 20

    /// Where the figure file of the ledger at `ledgerPath` is kept: `.NAME.figures` beside it.
    public static func path(ofLedger ledgerPath: String) -> String {
        let folder = (ledgerPath as NSString).deletingLastPathComponent
        let name = "." + (ledgerPath as NSString).lastPathComponent + ".figures"
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// A split as the file stores it: numbers into the file's tables.
    public struct SplitNumbers: Sendable {
        public var category: Int32
        public var minorUnits: Int64
        public var currency: UInt16
        public init(category: Int32, minorUnits: Int64, currency: UInt16) {
            self.category = category
            self.minorUnits = minorUnits
            self.currency = currency
        }
    }
}
