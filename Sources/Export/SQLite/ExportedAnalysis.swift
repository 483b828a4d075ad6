import AnalysisFile

/// The members of a month's analysis file that the SQLite file takes: its month, its currency,
/// and its insights, recurring series and anomalies.
///
/// Why not the whole `MonthAnalysis`: the other two thirds of each file (history, plan, account
/// stories, forecast, ...) were decoded into their types and never read; at a million rows the
/// 120 files took 0.32 s of the text lane, which is as long as the SQLite lane, before its formats.
/// The sections keep their own types, so a section the analysis writes is read as the report
/// reads it.
struct ExportedAnalysis: Decodable, Sendable {
    var month: String
    var currency: String
    var insights: [InsightEntry]?
    var recurring: [RecurringEntry]?
    var anomalies: [AnomalyEntry]?

    /// The members of an analysis already in hand.
    init(_ analysis: MonthAnalysis) {
        month = analysis.month
        currency = analysis.currency
        insights = analysis.insights
        recurring = analysis.recurring
        anomalies = analysis.anomalies
    }
}
