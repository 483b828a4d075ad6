import AnalysisFile

/// The members of a month's analysis file that the SQLite file takes: its month, its currency,
/// and its insights, recurring series and anomalies.
///
/// Why not the whole `MonthAnalysis`: the other two thirds of each file (history, plan, account
/// stories, forecast, ...) were decoded into their types and never read; at a million rows the
/// 120 files took 0.32 s of the text lane, which is as long as the SQLite lane, before its formats.
/// The sections keep their own types (`ExportedAnalysisReader` fills the members the export
/// takes), so the SQLite writer reads them as it reads an analysis in hand.
struct ExportedAnalysis: Sendable {
    var month: String
    var currency: String
    var insights: [InsightEntry]?
    var recurring: [RecurringEntry]?
    var anomalies: [AnomalyEntry]?

    init(
        month: String, currency: String, insights: [InsightEntry]?, recurring: [RecurringEntry]?,
        anomalies: [AnomalyEntry]?
    ) {
        self.month = month
        self.currency = currency
        self.insights = insights
        self.recurring = recurring
        self.anomalies = anomalies
    }

    /// The members of an analysis already in hand.
    init(_ analysis: MonthAnalysis) {
        month = analysis.month
        currency = analysis.currency
        insights = analysis.insights
        recurring = analysis.recurring
        anomalies = analysis.anomalies
    }
}
