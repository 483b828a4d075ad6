/// Where the month stands against its close (`closed/YYYY-MM.json` in the workspace).
public struct CloseStatus: Codable, Sendable, Equatable {
    /// `closed` (as first recorded), `restated` (changed since, recorded as a new version),
    /// `reopened` (changed on purpose, with a reason), or `locked` (changed, but the close is
    /// locked and the change is not recorded: the figures shown differ from the closed ones).
    public var state: String
    /// The version of the close the figures are (for `locked`, the version they differ from).
    public var version: Int
    /// The day of the first close, `2026-11-03`.
    public var closedOn: String
    /// The day of the latest version, `2026-11-27`.
    public var recordedOn: String
    /// What changed since the version before, in a sentence; nil for a month closed once.
    public var changes: String?

    public init(state: String, version: Int, closedOn: String, recordedOn: String, changes: String? = nil) {
        self.state = state
        self.version = version
        self.closedOn = closedOn
        self.recordedOn = recordedOn
        self.changes = changes
    }
}
