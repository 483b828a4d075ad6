import Ledger

extension ImportReport {
    /// The table `closebook-import` prints on stderr, followed by notes on what needs a look:
    /// derived accounts to name, coverage gaps, probable duplicates.
    public func summary(reportPath: String) -> String {
        var rows: [[String]] = [
            ["file", "format", "profile", "account", "records", "imported", "dup", "skipped", "balance"]
        ]
        for file in files {
            rows.append([
                TerminalText.oneLine(file.path), file.format ?? "-", file.profile ?? "-",
                file.accounts.isEmpty ? "-" : file.accounts.joined(separator: ","), String(file.records),
                String(file.imported), String(file.duplicates), String(file.skipped), ImportReport.balanceColumn(file),
            ])
        }
        rows.append([
            "total", "", "", "", String(totals.records), String(totals.imported), String(totals.duplicates),
            String(totals.skipped), "",
        ])
        let numeric: Set<Int> = [4, 5, 6, 7]
        var widths = Array(repeating: 0, count: rows[0].count)
        for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
        var lines = rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? padding + cell : cell + padding
            }
            .joined(separator: "  ").trimmingTrailingSpaces
        }
        for file in files where !file.skippedRecords.isEmpty {
            lines.append(
                "note: \(TerminalText.oneLine(file.path)): \(ImportReport.leftOut(file.skippedRecords)); see skippedRecords in \(reportPath)"
            )
        }
        for file in files {
            guard let suggestion = file.suggestion else { continue }
            lines.append(
                "note: \(TerminalText.oneLine(file.path)) could not be read and no [[accounts]] entry takes it; once a profile reads it, add:"
            )
            lines += suggestion.split(separator: "\n").map { "    " + $0 }
        }
        for account in accounts {
            if let suggestion = account.suggestion {
                lines.append(
                    "note: account '\(account.id)' (\(TerminalText.oneLine(account.files.joined(separator: ", ")))) is not in closebook.toml; to name it, add:"
                )
                lines += suggestion.split(separator: "\n").map { "    " + $0 }
            }
            for gap in account.gaps {
                lines.append(
                    "note: account '\(account.id)' has no statement covering \(gap.from) to \(gap.to) (\(gap.days) day\(gap.days == 1 ? "" : "s"))"
                )
            }
        }
        if !probableDuplicates.isEmpty {
            let count = probableDuplicates.count
            lines.append(
                "note: \(count) probable duplicate\(count == 1 ? "" : "s") kept for you to check; see probableDuplicates in \(reportPath)"
            )
        }
        for pair in duplicateAccounts {
            lines.append(
                "note: accounts '\(pair.accounts[0])' and '\(pair.accounts[1])' have the same \(pair.transactions) transactions from \(pair.from) to \(pair.to): probably one account imported twice; see duplicateAccounts in \(reportPath)"
            )
        }
        for entry in ignored {
            lines.append("note: \(entry.path) is not read: \(entry.reason)")
        }
        return lines.joined(separator: "\n")
    }

    /// How many records were left out and why, by reason in the order first met, with their
    /// first lines: `3 records left out: 2 as 'zero-amount notice row' (lines 4, 9), 1 as …`.
    static let linesShown = 5

    static func leftOut(_ skipped: [SkippedLine]) -> String {
        var reasons: [String] = []
        var lines: [String: [Int]] = [:]
        for record in skipped {
            if lines[record.reason] == nil { reasons.append(record.reason) }
            lines[record.reason, default: []].append(record.line)
        }
        let parts = reasons.map { reason -> String in
            let at = lines[reason] ?? []
            var shown = at.prefix(linesShown).map(String.init).joined(separator: ", ")
            if at.count > linesShown { shown += ", …" }
            return "\(at.count) as '\(TerminalText.oneLine(reason))' (line\(at.count == 1 ? "" : "s") \(shown))"
        }
        let count = skipped.count
        return "\(count) record\(count == 1 ? "" : "s") left out: \(parts.joined(separator: ", "))"
    }

    /// `ok 12/12`, `DIFFERS 2024-03-31`, `-` when nothing was checked.
    static func balanceColumn(_ file: FileReport) -> String {
        if let differing = file.balanceChecks.first(where: { $0.status == "differs" }) {
            return "DIFFERS \(differing.firstDivergence?.date ?? "")"
        }
        let checked = file.balanceChecks.reduce(0) { $0 + $1.checked }
        return checked == 0 ? "-" : "ok \(checked)"
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
