import Foundation
import Ledger

/// A balance a bank statement states for one of the user's accounts, at the end of `date`, that
/// the import found to hold (OFX `LEDGERBAL`, a CSV balance column, a QIF opening balance).
///
/// Why from `build/import-report.json`: the ledger carries transactions, not the statements'
/// balances; the import checks each balance against the transactions and records every one with
/// its outcome there. Only the ones that hold (`ok`, or the `anchor` an opening balance was
/// derived from) become assertions: one that differs is already a warning of the import, and as an
/// assertion it would stop hledger and bean-check from reading the file at all.
public struct StatedBalance: Hashable, Sendable {
    public var date: CivilDate
    public var account: AccountID
    public var amount: Money
    /// Where the statement states it: `inbox/northwind-current.csv:14`.
    public var source: SourceLocation

    public init(date: CivilDate, account: AccountID, amount: Money, source: SourceLocation) {
        self.date = date
        self.account = account
        self.amount = amount
        self.source = source
    }

    /// The outcomes of the import's check that make a balance an assertion.
    static let holding: Set<String> = ["ok", "anchor"]

    /// The balances of the import report at `path` that hold, in the currencies of `accounts`,
    /// by date then account, one per account and day (two files stating one day agree, or one of
    /// them would differ); none when there is no report.
    public static func load(importReport path: String, accounts: [Account]) throws(ExportError) -> [StatedBalance] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let report: ReportFile
        do {
            let bytes = try FileOutput.read(path)
            report = try JSONDecoder().decode(ReportFile.self, from: Data(bytes))
        } catch let error as FileOutput.Failure {
            throw ExportError(path: error.path, message: error.reason)
        } catch {
            throw ExportError(path: path, message: "not an import report: \(error)")
        }
        var currencyOf: [AccountID: Currency] = [:]
        for account in accounts { currencyOf[account.id] = account.currency }
        var seen: Set<StatedDay> = []
        var balances: [StatedBalance] = []
        for file in report.files {
            for check in file.balanceChecks {
                let account = AccountID(check.account)
                guard let currency = currencyOf[account] else { continue }
                for stated in check.stated ?? [] where holding.contains(stated.status) {
                    guard let date = CivilDate(iso: stated.date),
                        let amount = try? Money.parse(stated.amount, currency: currency),
                        seen.insert(StatedDay(account: account, day: date.dayNumber)).inserted
                    else { continue }
                    balances.append(
                        StatedBalance(
                            date: date, account: account, amount: amount,
                            source: SourceLocation(file: file.path, line: stated.line)))
                }
            }
        }
        balances.sort { ($0.date, $0.account) < ($1.date, $1.account) }
        return balances
    }

    private struct StatedDay: Hashable {
        var account: AccountID
        var day: Int
    }

    /// The part of `build/import-report.json` read here (the import's `ImportReport`; a stage
    /// reads another's file through its own plain values, not its module).
    private struct ReportFile: Decodable {
        var files: [File]

        struct File: Decodable {
            var path: String
            var balanceChecks: [Check]
        }

        struct Check: Decodable {
            var account: String
            var stated: [Stated]?
        }

        struct Stated: Decodable {
            var date: String
            var amount: String
            var line: Int
            var status: String
        }
    }
}
