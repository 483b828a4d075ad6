import Ledger
import Testing

@testable import Analyze

/// Account settings that contradict the statements are said on the month pages they affect.
@Suite struct AccountSettingsNoticesTests {
    static let accounts = [
        Account(id: "current", name: "Current", kind: .checking, currency: .gbp),
        Account(id: "isa", name: "Stocks ISA", kind: .investment, currency: .gbp),
        Account(id: "pension", name: "Pension", kind: .investment, currency: .gbp),
    ]

    static let facts = ImportFacts(
        accounts: [
            ImportFacts.AccountFacts(
                id: "current", name: "Current", coverage: ImportFacts.Span(from: "2026-01-01", to: "2026-10-18"),
                gaps: []),
            ImportFacts.AccountFacts(
                id: "isa", name: "Stocks ISA", coverage: ImportFacts.Span(from: "2026-01-01", to: "2026-10-18"),
                gaps: []),
        ], files: [])

    static func valuation(_ date: String, _ pounds: Int64, line: Int) -> Valuations.Entry {
        Valuations.Entry(
            date: CivilDate(iso: date)!, value: Money(minorUnits: pounds * 100, currency: .gbp),
            source: "valuations.csv:\(line)")
    }

    @Test func aValuationOfAnAccountWithStatementsIsNoticedFromItsMonth() throws {
        // `current` is a typo for the pension; the ISA has statements and valuations, as it may.
        let settings = AnalysisSettings(
            valuations: Valuations([
                "current": [Self.valuation("2026-03-31", 41_000, line: 4)],
                "isa": [Self.valuation("2026-03-31", 9_000, line: 5)],
            ]))
        let march = try #require(YearMonth("2026-03"))
        #expect(
            AccountSettingsNotices.notices(for: march, accounts: Self.accounts, settings: settings, facts: Self.facts)
                == [
                    "valuations.csv:4 values Current, an account whose statements are read: from 2026-03-31 that "
                        + "value replaces the balance its transactions give. If the line is meant for another "
                        + "account, correct the account's id there."
                ])
        let february = try #require(YearMonth("2026-02"))
        #expect(
            AccountSettingsNotices.notices(
                for: february, accounts: Self.accounts, settings: settings, facts: Self.facts
            ).isEmpty)
    }

    @Test func aClosingDateBeforeTheStatementsEndIsNoticed() throws {
        let settings = AnalysisSettings(accounts: [
            "current": AccountConfig(
                id: "current", name: "Current", closed: CivilDate(iso: "2026-05-31"), line: 12)
        ])
        for (month, expected) in [("2026-04", 0), ("2026-05", 1), ("2026-10", 1), ("2026-11", 0)] {
            let notices = AccountSettingsNotices.notices(
                for: try #require(YearMonth(month)), accounts: Self.accounts, settings: settings, facts: Self.facts)
            #expect(notices.count == expected, "\(month)")
        }
        #expect(
            AccountSettingsNotices.notices(
                for: try #require(YearMonth("2026-06")), accounts: Self.accounts, settings: settings,
                facts: Self.facts)
                == [
                    "Current is closed on 2026-05-31 in closebook.toml (line 12), but its statements go on to "
                        + "2026-10-18: net worth leaves it out after the closing day while its later transactions "
                        + "still count. Correct the closing date."
                ])
    }
}
