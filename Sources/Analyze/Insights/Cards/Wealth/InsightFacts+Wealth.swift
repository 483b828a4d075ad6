import Ledger

extension InsightFacts {
    /// The open accounts with a balance known in base at the end of the month `offset` months from
    /// the first: (account index, balance in base), in the ledger's account order.
    func knownBalances(atOffset offset: Int) -> [(account: Int, inBase: Int64)] {
        inputs.netWorth.balances[offset].enumerated().compactMap { index, balance in
            guard balance.open, let value = balance.inBase else { return nil }
            return (index, Int64(clamping: value))
        }
    }
}
