/// Whether a recurring series is still being paid, as seen at the analysis date.
public enum RecurringStatus: String, Sendable, Equatable, CaseIterable {
    /// The next payment is not yet overdue.
    case active
    /// The next expected payment is late by more than the cadence's tolerance.
    case missed
    /// Two expected payments did not come: the subscription or income has most likely stopped.
    case ended
}
