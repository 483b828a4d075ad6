import Ledger

/// The journal's base currency: `closebook.toml`'s `base_currency`, else the currency most
/// imported transactions are in (ties: alphabetical), else most accounts', else EUR.
enum JournalCurrency {
    /// `imported` is how many transactions (posted and pending) each of the run's accounts has,
    /// by index in `ImportRun.accounts`.
    static func base(of run: ImportRun, imported: [Int], accounts: [Account]) -> Currency {
        var counts: [Currency: Int] = [:]
        for (slot, account) in run.accounts.enumerated() where imported[slot] > 0 {
            counts[run.currency(of: account), default: 0] += imported[slot]
        }
        return run.config.baseCurrency ?? mostCommon(counts, accounts: accounts)
    }

    /// The currency most transactions are in (ties: alphabetical), else most accounts', else EUR;
    /// `counts` is how many transactions each currency has.
    static func mostCommon(_ counts: [Currency: Int], accounts: [Account]) -> Currency {
        var counts = counts
        if counts.isEmpty { for account in accounts { counts[account.currency, default: 0] += 1 } }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? .eur
    }
}
