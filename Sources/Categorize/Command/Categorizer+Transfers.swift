import Ledger

extension Categorizer {
    /// Transfers: legs a rule marked, and legs nothing categorised.
    func pairTransfers(_ rows: inout LedgerRows, facts: RowFacts, report: inout CategorizeReport) {
        var legs: [TransferPairer.LegFacts] = []
        for index in 0..<rows.count where !rows.isIgnored[index] {
            let marked = rows.isTransfer[index]
            let eligible = marked || rows.category[index] < 0
            guard eligible, rows.peer[index] == -1 else { continue }
            legs.append(
                TransferPairer.LegFacts(
                    index: index, day: rows.date[index].dayNumber, account: rows.account[index],
                    currency: Int32(rows.currency[index]), minorUnits: rows.minorUnits[index], marked: marked))
        }
        let pairs = TransferPairer(windowDays: settings.transferWindowDays).pair(legs) { lhs, rhs in
            rows.idPrecedes(legs[lhs].index, legs[rhs].index)
        }
        let transfer = rows.sourceNumber(.transfer)
        for (out, incoming) in pairs {
            rows.isTransfer[out] = true
            rows.peer[out] = Int32(incoming)
            rows.source[out] = transfer
            rows.isTransfer[incoming] = true
            rows.peer[incoming] = Int32(out)
            rows.source[incoming] = transfer
        }
        report.transferPairs = pairs.count
        for index in 0..<rows.count where rows.isTransfer[index] && rows.peer[index] == -1 {
            let rule = facts.transferRule[index]
            let amount = rows.amount(index)
            report.unpairedTransfers.append(
                CategorizeReport.UnpairedLeg(
                    id: rows.id(index).rawValue, date: rows.date[index].isoString,
                    account: rows.accountID(index).rawValue, amount: amount.decimalString,
                    currency: amount.currency.code,
                    rule: rule >= 0
                        ? matcher.rules[Int(rule)].id.description : (facts.ruleMarked[index] ? "rule" : nil))
            )
        }
    }
}
