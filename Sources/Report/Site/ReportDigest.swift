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
