import AnalysisFile
import Ledger

extension SQLiteWriter {
    /// `insights`, `recurring_series` and `anomalies`, with their transactions, from every month's
    /// analysis file, in one transaction after the ledger's rows and indexes.
    ///
    /// A link to a transaction the ledger no longer has (an analysis older than the ledger) is left
    /// out, and so is an account the ledger does not know, so the foreign keys always hold.
    ///
    /// The two `CHECK (... IN (...))` constraints of these tables are checked here, with SQLite's
    /// own message, and SQLite's are turned off while the rows go in: SQLite tests an `IN` list of
    /// three or more values by building a temporary index for every row it inserts (about 40,000
    /// instructions each, 15,400 times over the bench's 120 analysis files).
    static func insertAnalyses(
        _ database: SQLiteDatabase, _ analyses: [ExportedAnalysis]
    ) throws(SQLiteDatabase.Failure) {
        guard !analyses.isEmpty else { return }
        for analysis in analyses {
            for card in analysis.insights ?? [] { try check(card.severity, in: severityCheck) }
            for series in analysis.recurring ?? [] { try check(series.status, in: statusCheck) }
        }
        // The statements below are prepared with the checks off; it holds for this connection only.
        try database.execute("PRAGMA ignore_check_constraints = ON")
        try database.execute("BEGIN")
        let insertInsight = try database.prepare(
            "INSERT INTO insights VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
        let insertSeries = try database.prepare(
            "INSERT INTO recurring_series VALUES (?1, ?2, ?3, ?4, (SELECT id FROM accounts WHERE id = ?5), ?6, ?7, ?8, "
                + "?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)")
        let insertAnomaly = try database.prepare(
            "INSERT INTO anomalies VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")
        var links: [String: SQLiteDatabase.Statement] = [:]
        for table in ["insight_transactions", "recurring_transactions", "anomaly_transactions"] {
            links[table] = try database.prepare(
                "INSERT INTO \(table) SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM transactions WHERE id = ?3)")
        }
        func link(_ table: String, _ month: String, _ position: Int, _ ids: [String]) throws(SQLiteDatabase.Failure) {
            guard let statement = links[table] else { return }
            for id in ids {
                statement.bind(1, month)
                statement.bind(2, position)
                statement.bind(3, id)
                try statement.run()
            }
        }
        for analysis in analyses {
            let month = analysis.month
            for (index, card) in (analysis.insights ?? []).enumerated() {
                insertInsight.bind(1, month)
                insertInsight.bind(2, index + 1)
                insertInsight.bind(3, card.type)
                insertInsight.bind(4, card.category)
                insertInsight.bind(5, card.title)
                insertInsight.bind(6, card.message)
                insertInsight.bind(7, card.metric.value)
                insertInsight.bind(8, card.metric.unit)
                insertInsight.bind(9, card.severity)
                try insertInsight.run()
                try link("insight_transactions", month, index + 1, card.transactionIds ?? [])
            }
            for (index, series) in (analysis.recurring ?? []).enumerated() {
                let currency = try currency(series.currency)
                insertSeries.bind(1, month)
                insertSeries.bind(2, index + 1)
                insertSeries.bind(3, series.payee)
                insertSeries.bind(4, series.category)
                insertSeries.bind(5, series.account)
                insertSeries.bind(6, series.cadence)
                insertSeries.bind(7, try minorUnits(series.amount, currency))
                insertSeries.bind(8, series.amount)
                insertSeries.bind(9, series.currency)
                insertSeries.bind(10, series.monthlyAmount)
                insertSeries.bind(11, series.firstDate)
                insertSeries.bind(12, series.lastDate)
                insertSeries.bind(13, series.nextDate)
                insertSeries.bind(14, series.status)
                insertSeries.bind(15, series.expectedDate)
                insertSeries.bind(16, series.occurrences)
                try insertSeries.run()
                try link("recurring_transactions", month, index + 1, series.transactionIds)
            }
            for (index, anomaly) in (analysis.anomalies ?? []).enumerated() {
                let currency = try currency(analysis.currency)
                insertAnomaly.bind(1, month)
                insertAnomaly.bind(2, index + 1)
                insertAnomaly.bind(3, anomaly.kind)
                insertAnomaly.bind(4, anomaly.date)
                insertAnomaly.bind(5, anomaly.payee)
                insertAnomaly.bind(6, anomaly.category)
                insertAnomaly.bind(7, try minorUnits(anomaly.amount, currency))
                insertAnomaly.bind(8, anomaly.amount)
                insertAnomaly.bind(9, analysis.currency)
                insertAnomaly.bind(10, anomaly.risk)
                insertAnomaly.bind(11, anomaly.severity)
                insertAnomaly.bind(12, anomaly.reason)
                try insertAnomaly.run()
                try link("anomaly_transactions", month, index + 1, anomaly.transactionIds)
            }
        }
        try database.execute("COMMIT")
        try database.execute("PRAGMA ignore_check_constraints = OFF")
    }

    /// A column's `CHECK (column IN (...))` of the schema: the column and the values it allows.
    struct ValueCheck {
        let column: String
        let values: [String]

        /// SQLite's own words when the check fails.
        var failure: String {
            "CHECK constraint failed: \(column) IN (\(values.map { "'\($0)'" }.joined(separator: ", ")))"
        }
    }

    /// `insights.severity` and `recurring_series.status` in `Schemas/closebook.sqlite.sql`.
    static let severityCheck = ValueCheck(column: "severity", values: ["positive", "neutral", "warning", "critical"])
    static let statusCheck = ValueCheck(column: "status", values: ["active", "missed", "ended"])

    static func check(_ value: String, in check: ValueCheck) throws(SQLiteDatabase.Failure) {
        guard check.values.contains(value) else { throw SQLiteDatabase.Failure(message: check.failure) }
    }

    /// The currencies the analyses' amounts are in, for the `currencies` table.
    static func currencies(of analyses: [ExportedAnalysis]) -> Set<Currency> {
        var codes: Set<String> = []
        for analysis in analyses {
            if analysis.anomalies?.isEmpty == false { codes.insert(analysis.currency) }
            for series in analysis.recurring ?? [] { codes.insert(series.currency) }
        }
        return Set(codes.compactMap { Currency(code: $0) })
    }

    /// The currency of an analysis file's code; one that is not a code is an error.
    static func currency(_ code: String) throws(SQLiteDatabase.Failure) -> Currency {
        guard let currency = Currency(code: code) else {
            throw SQLiteDatabase.Failure(message: "the analysis currency '\(code)' is not a three-letter code")
        }
        return currency
    }

    /// `-54.20` in GBP as -5420; an analysis file's amount that is not one is an error.
    static func minorUnits(_ text: String, _ currency: Currency) throws(SQLiteDatabase.Failure) -> Int64 {
        guard let money = try? Money.parse(text, currency: currency) else {
            throw SQLiteDatabase.Failure(message: "the analysis amount '\(text)' is not an amount in \(currency.code)")
        }
        return money.minorUnits
    }
}
