/// One `ofx_account_ids` (or `external_ids`) value of `closebook.toml`: an account number or
/// name as the bank's files write it, optionally narrowed to one bank and one account type.
///
/// Two banks can give the same number to two accounts (`12345678` at two banks, or a checking
/// and a savings account under one `ACCTID`), so a value may say which bank and type it means:
/// `"12345678;bank=021000021;type=CHECKING"` matches only statements whose OFX `BANKID` and
/// `ACCTTYPE` are those; `"12345678"` matches the number from any bank and of any type.
public struct ExternalAccountID: Sendable, Hashable, CustomStringConvertible {
    /// The number or name, without spaces and dashes for comparing (`1234 5678` = `1234-5678`).
    public var compactNumber: String
    public var bankID: String?
    /// Upper-case OFX `ACCTTYPE` (`CHECKING`, `SAVINGS`, ...).
    public var accountType: String?
    /// The value as written.
    public var text: String

    /// Why a value cannot be read.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    public init(parsing text: String) throws(Problem) {
        self.text = text
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        compactNumber = ExternalAccountID.compact(String(parts[0]))
        for part in parts.dropFirst() {
            let trimmed = String(part.drop { $0 == " " })
            if trimmed.hasPrefix("bank=") {
                bankID = String(trimmed.dropFirst(5))
            } else if trimmed.hasPrefix("type=") {
                accountType = String(trimmed.dropFirst(5)).uppercased()
            } else {
                throw Problem(
                    message:
                        "'\(text)' has an unknown part '\(trimmed)' (after the number, only ';bank=ID' and ';type=TYPE')"
                )
            }
        }
    }

    public var description: String { text }

    /// True when a statement with this number (or name), bank id and account type is meant.
    public func matches(number: String, bankID: String?, accountType: String?) -> Bool {
        guard ExternalAccountID.compact(number) == compactNumber, !compactNumber.isEmpty else { return false }
        if let wanted = self.bankID, wanted != (bankID ?? "") { return false }
        if let wanted = self.accountType, wanted != (accountType ?? "").uppercased() { return false }
        return true
    }

    /// True when some statement could match both values: same number, and no bank id or type
    /// that both give and that differ.
    public func overlaps(_ other: ExternalAccountID) -> Bool {
        guard compactNumber == other.compactNumber else { return false }
        if let a = bankID, let b = other.bankID, a != b { return false }
        if let a = accountType, let b = other.accountType, a != b { return false }
        return true
    }

    /// Without white space and dashes.
    public static func compact(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace && $0 != "-" })
    }
}
