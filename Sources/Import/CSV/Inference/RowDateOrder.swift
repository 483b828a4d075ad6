import Ledger

/// Reads the order of a file's rows from their dates: newest or oldest first, which the balance
/// chain needs, and whether they are in date order at all.
///
/// Bank statements list rows in date order. Dates that go back and forth more than once each way
/// are rows of another kind among them (balance and turnover lines) or several statements in one
/// file: what the layout alone cannot tell apart, so the inference says so, with low confidence.
enum RowDateOrder {
    /// Steps back and forth in the dates, each way, from which rows are not in date order.
    static let unorderedSteps = 2

    /// Whether the rows run newest first, nil when the first and last dates are the same day.
    static func newestFirst(_ dates: [CivilDate], findings: inout InferenceFindings) -> Bool? {
        let steps = zip(dates, dates.dropFirst())
        let forward = steps.filter { $0 < $1 }.count
        let backward = steps.filter { $0 > $1 }.count
        if min(forward, backward) >= unorderedSteps {
            findings.reasons.append(
                "the dates are not in order (\(forward) steps forward, \(backward) back): some rows may not be transactions"
            )
            findings.lower(to: .low)
        }
        guard let first = dates.first, let last = dates.last, first != last else { return nil }
        return first > last
    }
}
