import Foundation
import Ledger
import Testing

@testable import Import

/// QIF carries no currency: a QIF account's currency is never taken silently (issue 13).
@Suite("QIF currency")
struct QIFCurrencyTests {
    static let qif = "!Type:Bank\nD2026-10-02\nT-12.50\nPCORNER SHOP\n^\nD2026-10-05\nT-3.00\nPBAKERY\n^\n"

    static func run(_ files: [(String, String)], config: WorkspaceConfig) -> ImportReport {
        ImportDriver(readers: [OFX2Reader(), OFX1Reader(), QIFReader()], config: config)
            .run(files.map { InboxFile(name: $0.0, bytes: Array($0.1.utf8)) }).report
    }

    @Test func withoutAnyConfigurationTheAssumptionIsSaidOncePerAccount() {
        let report = Self.run([("saver.qif", Self.qif), ("saver-2.qif", Self.qif + "\n")], config: WorkspaceConfig())
        let warnings = report.files.flatMap(\.warnings).filter { $0.contains("QIF files carry no currency") }
        // Two files of two derived accounts: one warning each, naming the currency assumed.
        #expect(warnings.count == 2)
        #expect(
            warnings.first
                == "inbox/saver-2.qif:1:1: warning: QIF files carry no currency, so its amounts are taken to be EUR; "
                + "if they are not, set currency = \"...\" on an [[accounts]] entry for it, or base_currency in "
                + "closebook.toml")
    }

    @Test func aConfiguredAccountIsWarnedOnceForAllItsFiles() {
        let config = WorkspaceConfig(accounts: [AccountConfig(id: "saver", name: "Saver", inbox: ["saver*.qif"])])
        let report = Self.run([("saver.qif", Self.qif), ("saver-2.qif", Self.qif + "\n")], config: config)
        let warnings = report.files.flatMap(\.warnings).filter { $0.contains("QIF files carry no currency") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("on its [[accounts]] entry ('saver')") == true)
    }

    @Test func aBaseCurrencyOrAnAccountCurrencyIsUsedWithoutAWord() {
        let base = Self.run([("saver.qif", Self.qif)], config: WorkspaceConfig(baseCurrency: .gbp))
        #expect(base.accounts.first?.currency == "GBP")
        #expect(!base.files.flatMap(\.warnings).contains { $0.contains("QIF files carry no currency") })
        let account = Self.run(
            [("saver.qif", Self.qif)],
            config: WorkspaceConfig(
                accounts: [AccountConfig(id: "saver", name: "Saver", currency: .usd, inbox: ["saver*.qif"])]))
        #expect(account.accounts.first?.currency == "USD")
        #expect(!account.files.flatMap(\.warnings).contains { $0.contains("QIF files carry no currency") })
    }
}
