import Ledger

/// What the files' statements of one account state: the balances to check the imported
/// transactions against, and the value of the positions held (an investment account's).
///
/// A statement in another currency than the account's states balances that cannot be compared,
/// so they are left out; its positions value is kept, re-scaled to the account's currency.
struct AccountStatements {
    var stated: [BalanceReconciler.Stated] = []
    var positions: [ImportReport.PositionsValue] = []

    init(account: AccountID, currency: Currency, files: [ImportRun.FileState]) {
        for state in files {
            guard let parsed = state.parsed else { continue }
            for (statementIndex, statement) in parsed.statements.enumerated()
            where state.accounts[statementIndex] == account {
                if let value = statement.positionsValue, let date = statement.positionsDate {
                    positions.append(
                        ImportReport.PositionsValue(
                            date: date.isoString, value: ImportRun.rescaled(value, to: currency).decimalString,
                            file: state.file.path))
                }
                guard statement.currency == nil || statement.currency == currency else { continue }
                stated += state.stated[statementIndex]
            }
        }
    }
}
