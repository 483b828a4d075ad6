import AnalysisFile
import Testing

@testable import Export

/// The members of an analysis file the SQLite file takes, read from its bytes, and the members it
/// passes over still checked as JSON.
@Suite("Exported analysis reader")
struct ExportedAnalysisReaderTests {
    static func read(_ text: String) throws(ExportedAnalysisReader.Failure) -> ExportedAnalysis {
        try ExportedAnalysisReader.read(Array(text.utf8))
    }

    @Test func readsTheMembersTheExportTakesAndPassesOverTheRest() throws {
        let file = """
            {"schemaVersion": 1, "month": "2026-10",
             "history": {"note": "a \\"quoted\\" \\\\ path \\u00e9 \\ud83d\\ude00", "rows": [1, 2.5e3, true, false, null, {"x": []}]},
             "currency": "GBP",
             "insights": [{"type": "savingsRate", "category": "savings", "title": "Savings rate",
               "message": "You saved 12.5% — \\"well\\" done", "metric": {"value": "12.5", "unit": "percent"},
               "severity": "positive", "detail": [{"label": "2026-09", "value": "10.0"}],
               "transactionIds": ["current/a-0", "current/b-1"]}],
             "recurring": [{"payee": "Netflix", "category": "Entertainment:Streaming", "account": "card",
               "cadence": "monthly", "amount": "-9.99", "currency": "GBP", "monthlyAmount": null,
               "firstDate": "2026-01-05", "lastDate": "2026-10-05", "nextDate": "2026-11-05", "status": "active",
               "occurrences": 10, "priceChanges": [{"date": "2026-06-05", "from": "-8.99", "to": "-9.99"}],
               "transactionIds": ["card/n-0"]}],
             "anomalies": [{"kind": "unusualAmount", "date": "2026-10-14", "payee": "Tesco\\tExtra",
               "category": "Food:Groceries", "amount": "-412.50", "risk": 0.8125, "reason": "4x the usual",
               "transactionIds": ["current/t-0"], "severity": "critical"}],
             "forecast": {}}
            """
        let analysis = try Self.read(file)
        #expect(analysis.month == "2026-10")
        #expect(analysis.currency == "GBP")
        #expect(
            analysis.insights == [
                InsightEntry(
                    type: "savingsRate", category: "savings", title: "Savings rate",
                    message: "You saved 12.5% — \"well\" done", metric: InsightMetric(value: "12.5", unit: "percent"),
                    severity: "positive", transactionIds: ["current/a-0", "current/b-1"])
            ])
        #expect(
            analysis.recurring == [
                RecurringEntry(
                    payee: "Netflix", category: "Entertainment:Streaming", account: "card", cadence: "monthly",
                    amount: "-9.99", currency: "GBP", monthlyAmount: nil, firstDate: "2026-01-05",
                    lastDate: "2026-10-05", nextDate: "2026-11-05", status: "active", expectedDate: nil,
                    occurrences: 10, priceChanges: [], transactionIds: ["card/n-0"])
            ])
        #expect(
            analysis.anomalies == [
                AnomalyEntry(
                    kind: "unusualAmount", date: "2026-10-14", payee: "Tesco\tExtra", category: "Food:Groceries",
                    amount: "-412.50", risk: 0.8125, reason: "4x the usual", transactionIds: ["current/t-0"],
                    severity: "critical")
            ])
    }

    @Test func absentAndNullSectionsAreNone() throws {
        let analysis = try Self.read(#"{"month": "2026-10", "currency": "EUR", "insights": null}"#)
        #expect(analysis.month == "2026-10")
        #expect(analysis.currency == "EUR")
        #expect(analysis.insights == nil)
        #expect(analysis.recurring == nil)
        #expect(analysis.anomalies == nil)
    }

    /// A member passed over must still be JSON: the bad escape `\q` is byte 49.
    @Test func aBadEscapeInAMemberPassedOverFails() {
        #expect {
            try Self.read(#"{"month":"2026-10","currency":"GBP","plan":"bad \q"}"#)
        } throws: { error in
            let failure = error as? ExportedAnalysisReader.Failure
            return failure?.reason == "invalid escape" && failure?.offset == 49
        }
    }

    /// The card at byte 48 has everything but its severity.
    @Test func aCardWithoutItsSeverityFails() {
        let file =
            #"{"month":"2026-10","currency":"GBP","insights":[{"type":"t","category":"c","title":"x","message":"m","#
            + #""metric":{"value":"1","unit":"count"}}]}"#
        #expect {
            try Self.read(file)
        } throws: { error in
            let failure = error as? ExportedAnalysisReader.Failure
            return failure?.reason == "the object has no 'severity'" && failure?.offset == 48
        }
    }

    @Test func aRiskThatIsNotANumberFails() {
        let file =
            #"{"month":"2026-10","currency":"GBP","anomalies":[{"kind":"k","date":"d","payee":"p","category":"c","#
            + #""amount":"1","risk":"high","reason":"r","transactionIds":[]}]}"#
        #expect {
            try Self.read(file)
        } throws: { error in
            (error as? ExportedAnalysisReader.Failure)?.reason == "expected a number"
        }
    }

    @Test func bytesAfterTheObjectFail() {
        #expect {
            try Self.read(#"{"month":"2026-10","currency":"GBP"} x"#)
        } throws: { error in
            let failure = error as? ExportedAnalysisReader.Failure
            return failure?.reason == "unexpected bytes after the object" && failure?.offset == 37
        }
    }
}
