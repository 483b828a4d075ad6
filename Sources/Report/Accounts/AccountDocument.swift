import AnalysisFile

/// What `accounts/ID.json` holds: one account's story as of the newest month, for programs.
///
/// `Schemas/account.schema.json` describes it; the story is the analysis file's (`AccountStory`),
/// its amounts in the account's own currency.
public struct AccountDocument: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    /// The month whose end the story runs to: `2026-11`.
    public var month: String
    /// The report's currency; the story's amounts are in `account.currency`.
    public var reportCurrency: String
    public var account: AccountStory

    public init(month: String, reportCurrency: String, account: AccountStory) {
        self.schemaVersion = Self.currentSchemaVersion
        self.month = month
        self.reportCurrency = reportCurrency
        self.account = account
    }
}
