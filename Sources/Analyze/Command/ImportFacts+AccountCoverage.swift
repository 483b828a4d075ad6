import AnalysisFile
import Ledger

extension ImportFacts {
    /// `story` with how much of each of its months the account's statements cover, from the
    /// import report's coverage span and gaps (as the month's accounts table reads them): `whole`
    /// when every day is covered with no gap, `none` when no day is, else `partial` with the first
    /// and last day covered. An account the report does not cover (valued by hand) keeps none.
    public func withCoverage(_ story: AccountStory) -> AccountStory {
        guard let facts = accounts.first(where: { $0.id == story.id }), let coverage = facts.coverage else {
            return story
        }
        var story = story
        story.coverage = story.monthEnds.compactMap { end in
            guard let month = YearMonth(end.month) else { return nil }
            let first = month.firstDay.isoString
            let last = month.lastDay.isoString
            // ISO dates compare as text.
            let from = max(coverage.from, first)
            let through = min(coverage.to, last)
            guard from <= through else {
                return AccountCoverageMonth(month: end.month, state: "none", from: nil, through: nil)
            }
            let gap = facts.gaps.contains { $0.from <= last && $0.to >= first }
            let whole = from == first && through == last && !gap
            return AccountCoverageMonth(
                month: end.month, state: whole ? "whole" : "partial", from: from, through: through)
        }
        return story
    }
}
