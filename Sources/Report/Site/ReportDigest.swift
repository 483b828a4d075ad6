import Ledger

/// The part of a month's `report.json` the site index and feed need.
///
/// Decoded leniently (other fields are ignored), so the index can list months rendered by an
/// earlier release as long as the schema version is one this release reads.
public struct ReportDigest: Decodable, Sendable, Equatable {
    public var schemaVersion: Int
    public var month: String
    public var monthName: String
    public var currency: String
    public var headline: Headline
    public var healthScore: Health?
    public var netWorth: NetWorth?
    public var close: Close?
    /// False when the statements do not cover the whole month.
    public var complete: Bool?

    /// The month's close: a restated month is marked in the index and the feed.
    public struct Close: Decodable, Sendable, Equatable {
        public var state: String
        public var recordedOn: String
        public var changes: String?
    }

    public struct Health: Decodable, Sendable, Equatable {
        public var score: Int
        public var grade: String
    }

    public struct NetWorth: Decodable, Sendable, Equatable {
        public var total: String
        public var series: [Point]

        public struct Point: Decodable, Sendable, Equatable {
            public var month: String
            public var total: String
        }
    }

    public struct Headline: Decodable, Sendable, Equatable {
        public var income: String
        public var expenses: String
        public var net: String
        public var savingsRate: Double?
    }
}

extension ReportDigest {
    /// The top-level members of `report.json` the digest reads.
    static let memberNames: Set<String> = [
        "schemaVersion", "month", "monthName", "currency", "headline", "healthScore", "netWorth", "close", "complete",
    ]

    /// The digest of a month's `report.json` (`bytes`, read from `path`).
    ///
    /// Why not decode the whole file: a month's report is about 160 KB, of which the digest reads
    /// a few hundred bytes, and the index reads the report of every month at every run, the month
    /// end's too (120 reports, about 20 MB, at 1M rows over ten years). The file is still scanned
    /// as JSON to its end, so a broken one is still "not valid JSON"; only the digest's members are
    /// decoded, cut out into an object of their own, with the same errors for a missing or wrong one.
    static func read(_ bytes: [UInt8], path: String) throws(ReportError) -> ReportDigest {
        let members: [UInt8]
        do {
            members = try Self.members(of: bytes)
        } catch {
            throw ReportError(.input, path: path, message: "the file is not valid JSON")
        }
        return try JSONFile.decode(ReportDigest.self, from: members, path: path)
    }

    /// The object of `bytes` with only its members named in `memberNames`, their values' bytes as written.
    static func members(of bytes: [UInt8]) throws(JSONScanner.Failure) -> [UInt8] {
        var scanner = JSONScanner(bytes: bytes)
        var object: [UInt8] = [UInt8(ascii: "{")]
        try scanner.readObject { (scanner, key) throws(JSONScanner.Failure) in
            scanner.skipWhitespace()
            let start = scanner.position
            try scanner.skipValue()
            guard memberNames.contains(key) else { return }
            if object.count > 1 { object.append(UInt8(ascii: ",")) }
            // The names are plain ASCII: written as they are read.
            object += Array("\"\(key)\":".utf8)
            object += bytes[start..<scanner.position]
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            throw JSONScanner.Failure(offset: scanner.position, reason: "text after the object")
        }
        object.append(UInt8(ascii: "}"))
        return object
    }

    /// The digest's figures as exact amounts, checked: nil with a reason when something does not parse.
    func figures(path: String) throws(ReportError) -> SiteIndex.Figures {
        guard schemaVersion == ReportDocument.currentSchemaVersion else {
            throw ReportError(
                .input, path: path,
                message: "schema version \(schemaVersion) is not the one this closebook-report reads "
                    + "(\(ReportDocument.currentSchemaVersion)); render the month again")
        }
        guard let yearMonth = YearMonth(month) else {
            throw ReportError(.input, path: path, message: "month '\(month)' is not YYYY-MM")
        }
        guard let currency = Currency(code: currency) else {
            throw ReportError(.input, path: path, message: "currency '\(self.currency)' is not a three-letter ISO code")
        }
        func amount(_ text: String, _ field: String) throws(ReportError) -> Money {
            do {
                return try Money.parse(text, currency: currency)
            } catch {
                throw ReportError(.input, path: path, message: "headline.\(field) '\(text)' is not an amount: \(error)")
            }
        }
        // The sparkline is decoration: points that do not parse are left out, not an error.
        let series = (netWorth?.series ?? []).compactMap { point in
            try? Money.parse(point.total, currency: currency)
        }
        return SiteIndex.Figures(
            month: yearMonth, income: try amount(headline.income, "income"),
            expenses: try amount(headline.expenses, "expenses"), net: try amount(headline.net, "net"),
            savingsRate: headline.savingsRate, healthScore: healthScore?.score, healthGrade: healthScore?.grade,
            netWorthSeries: Array(series.suffix(SiteIndex.sparklineMonths)),
            isPartial: complete == false,
            restatement: close.flatMap { close in
                ["restated", "reopened", "locked"].contains(close.state)
                    ? SiteIndex.Restatement(
                        state: close.state, recordedOn: close.recordedOn, changes: close.changes) : nil
            })
    }
}
