import Ledger

extension ImportRun {
    /// The lines to paste into `closebook.toml` to make a derived account a configured one.
    func suggestion(for account: AccountResolver.DerivedAccount, kind: AccountKind, currency: Currency) -> String {
        var lines = [
            "[[accounts]]", "id = \(TOMLBasicString.quoted(account.id.rawValue))",
            "name = \(TOMLBasicString.quoted(account.name))",
            "type = \(TOMLBasicString.quoted(kind.rawValue))", "currency = \(TOMLBasicString.quoted(currency.code))",
        ]
        switch account.basis {
        case .number(let number, let bankID, let accountType):
            let key = account.format == .ofx1 || account.format == .ofx2 ? "ofx_account_ids" : "external_ids"
            // Qualified, so that two banks' accounts with one number get two entries that the
            // configuration accepts side by side.
            var value = number
            if let bankID { value += ";bank=\(bankID)" }
            if let accountType { value += ";type=\(accountType)" }
            lines.append("\(key) = [\(TOMLBasicString.quoted(value))]")
        case .name(let name):
            lines.append("external_ids = [\(TOMLBasicString.quoted(name))]")
        case .fileNames(let fileNames):
            var globs: [String] = []
            for glob in fileNames.map(AccountResolver.suggestedGlob) where !globs.contains(glob) { globs.append(glob) }
            lines.append("inbox = [\(globs.map(TOMLBasicString.quoted).joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
