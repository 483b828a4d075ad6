import Ledger

/// One file's balance checks, one per account it feeds, and a warning at the first stated balance
/// the imported transactions do not reach.
struct FileBalanceChecks {
    var checks: [ImportReport.BalanceCheck] = []
    var warnings: [ImportDiagnostic] = []

    /// `balances` are the accounts' reconciliations (`AccountClosing.balances`).
    init(file fileIndex: Int, run: ImportRun, balances: [AccountID: BalanceReconciler.Result]) {
        let state = run.files[fileIndex]
        for account in run.uniqued(state.accounts) {
            guard let result = balances[account]?.files[fileIndex] else { continue }
            let currency = run.currency(of: account)
            if let divergence = result.firstDivergence {
                let basis = FileBalanceChecks.basis(account: account, run: run, balances: balances[account])
                let stated = Money(minorUnits: divergence.stated.minorUnits, currency: currency)
                let computed = Money(minorUnits: divergence.computed, currency: currency)
                warnings.append(
                    ImportDiagnostic(
                        severity: .warning, path: state.file.path, line: divergence.stated.line,
                        message:
                            "balance at the end of \(divergence.stated.date.isoString) is \(stated.decimalString) in the file but \(computed.decimalString) from the imported transactions \(basis); a transaction may be missing or counted twice"
                    ))
            }
            checks.append(FileBalanceChecks.check(result, account: account, currency: currency))
        }
    }

    static func check(
        _ result: BalanceReconciler.FileResult, account: AccountID, currency: Currency
    ) -> ImportReport.BalanceCheck {
        let status = result.checked == 0 ? "unchecked" : result.matched == result.checked ? "ok" : "differs"
        return ImportReport.BalanceCheck(
            account: account.rawValue, status: status, checked: result.checked, matched: result.matched,
            anchor: result.anchor.map {
                ImportReport.BalanceValue(
                    date: $0.date.isoString, amount: Money(minorUnits: $0.minorUnits, currency: currency).decimalString,
                    line: $0.line)
            },
            firstDivergence: result.firstDivergence.map {
                ImportReport.Divergence(
                    date: $0.stated.date.isoString, line: $0.stated.line,
                    stated: Money(minorUnits: $0.stated.minorUnits, currency: currency).decimalString,
                    computed: Money(minorUnits: $0.computed, currency: currency).decimalString)
            },
            stated: result.outcomes.map {
                ImportReport.StatedBalance(
                    date: $0.stated.date.isoString,
                    amount: Money(minorUnits: $0.stated.minorUnits, currency: currency).decimalString,
                    line: $0.stated.line, status: $0.outcome.rawValue)
            })
    }

    /// How the computed balance was started, for the divergence message.
    static func basis(account: AccountID, run: ImportRun, balances: BalanceReconciler.Result?) -> String {
        if run.config.account(account)?.openingBalance != nil { return "and the opening balance in closebook.toml" }
        for (fileIndex, result) in balances?.files ?? [:] {
            if let anchor = result.anchor {
                return "counted from the balance stated at \(run.files[fileIndex].file.path):\(anchor.line)"
            }
        }
        return ""
    }
}
