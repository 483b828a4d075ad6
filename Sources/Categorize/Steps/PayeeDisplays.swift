import Ledger

/// The last step: the payee each row shows in the ledger, a rule's or an override's rename, else
/// the normalised payee (none when it normalises to nothing).
///
/// Each rename and each display becomes a text of `LedgerRows.texts` once, however many rows show it.
struct PayeeDisplays {
    /// The run's distinct decisions (`Decisions.all`), by `LedgerRows.decision`.
    var decisions: [RuleDecision]

    /// Sets `rows.newPayee` for every row.
    func show(_ rows: inout LedgerRows, texts: DistinctTexts, facts: RowFacts) {
        var displayText = [Int32](repeating: -2, count: texts.displays.count)
        var renameText: [String: Int32] = [:]
        // Room for every display and every rename at once: grown as it filled, the table of tens of
        // thousands of texts was copied and every text hashed again at each doubling.
        renameText.reserveCapacity(texts.displays.count + decisions.count)
        func textNumber(_ text: String) -> Int32 {
            if let known = renameText[text] { return known }
            rows.texts.append(text)
            renameText[text] = Int32(rows.texts.count - 1)
            return Int32(rows.texts.count - 1)
        }
        let decisionRename = decisions.map { $0.rename.map(textNumber) ?? -1 }
        rows.newPayee = [Int32](repeating: -1, count: rows.count)
        for row in 0..<rows.count {
            let decision = rows.decision[row]
            if decision >= 0, decisionRename[Int(decision)] >= 0 {
                rows.newPayee[row] = decisionRename[Int(decision)]
                continue
            }
            let number = Int(texts.payees[Int(facts.payee[row])].display)
            if displayText[number] == -2 {
                let display = texts.displays[number]
                displayText[number] = display.isEmpty ? -1 : textNumber(display)
            }
            rows.newPayee[row] = displayText[number]
        }
    }
}
